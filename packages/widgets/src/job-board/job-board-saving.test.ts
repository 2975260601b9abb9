import { describe, expect, it } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { ALERT_MESSAGES } from '@opportunity-kit/sdk/domain';
import { aSavedPosting, fakeSavedPostings } from '../testing/fake-saved-postings.ts';
import { aJob } from '../testing/a-job.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { createJobBoardController, SEARCH_SAVED } from './job-board-controller.ts';
import { createJobBoardModel, NO_FILTERS } from './job-board-model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function board(initiallySaved: string[] = []) {
  const jobs = [aJob({ id: 'a', title: 'Barista' }), aJob({ id: 'b', title: 'Cashier' })];
  const api = fakeJobs(jobs);
  const fake = fakeSavedPostings(initiallySaved.map((id) => aSavedPosting({ job: jobs.find((job) => job.id === id) ?? aJob({ id }) })));
  const model = createJobBoardModel('Job');
  const controller = createJobBoardController(api, model, { saved: fake.saved, alerts: fake.alerts });
  return { fake, controller, state: () => controller.state.value, actions: controller.actions };
}

describe('job board: saved postings and searches (issue 17)', () => {
  it('offers no saving without the saved and alerts modules', async () => {
    const controller = createJobBoardController(fakeJobs([aJob()]), createJobBoardModel('Job'));
    controller.start();
    await settle();
    expect(controller.state.value).toMatchObject({ savedJobIds: null, searchSave: { status: 'unavailable' } });
  });

  it("loads the student's saved postings once, even when the filters change", async () => {
    const { fake, controller, state, actions } = board(['a']);
    controller.start();
    await settle();
    expect([...(state().savedJobIds ?? [])]).toEqual(['a']);
    actions.setFilters({ locations: ['Oakville'] });
    await settle();
    expect(fake.calls.filter(({ call }) => call === 'list')).toHaveLength(1);
  });

  it('marks a save at once, keeps it when the server agrees, and unsaves the same way', async () => {
    const { fake, controller, state, actions } = board();
    controller.start();
    await settle();
    const held = fake.hold('save');
    actions.toggleSave(aJob({ id: 'b' }));
    expect(state().savedJobIds?.has('b')).toBe(true);
    held.release();
    await settle();
    expect(fake.savedIds()).toEqual(['b']);
    actions.toggleSave(aJob({ id: 'b' }));
    await settle();
    expect(state().savedJobIds?.has('b')).toBe(false);
    expect(fake.savedIds()).toEqual([]);
  });

  it('takes a refused save back and says why', async () => {
    const { fake, controller, state, actions } = board();
    controller.start();
    await settle();
    fake.fail('save', new PortalError('not-found', 'Job not found'));
    actions.toggleSave(aJob({ id: 'a' }));
    expect(state().savedJobIds?.has('a')).toBe(true);
    await settle();
    expect(state().savedJobIds?.has('a')).toBe(false);
    expect(state().saveError).toBe('Job not found');
  });

  it('saves the current search as an alert of the listing filter, and says so', async () => {
    const { fake, controller, state, actions } = board();
    controller.start();
    await settle();
    actions.setFilters({ search: ' barista ', locations: ['Oakville'], sortByViews: true });
    actions.saveSearch();
    expect(state().searchSave).toEqual({ status: 'pending' });
    await settle();
    expect(state().searchSave).toEqual({ status: 'saved', message: SEARCH_SAVED });
    expect(fake.alertList()).toMatchObject([{ search: 'barista', postingTypes: ['Job'], locations: ['Oakville'], clusters: [] }]);
    actions.setFilters({ locations: ['Milton'] });
    expect(state().searchSave).toEqual({ status: 'idle' });
  });

  it('says why a 21st saved search is refused', async () => {
    const { fake, controller, state, actions } = board();
    for (let index = 0; index < 20; index++) await fake.alerts.create({ search: `word${index}` });
    controller.start();
    await settle();
    actions.setFilters({ ...NO_FILTERS, search: 'barista' });
    actions.saveSearch();
    await settle();
    expect(state().searchSave).toEqual({ status: 'failed', message: ALERT_MESSAGES.tooMany });
    expect(fake.alertList()).toHaveLength(20);
  });
});
