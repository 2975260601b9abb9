import { describe, expect, it } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { aSavedPosting, fakeSavedPostings } from '../testing/fake-saved-postings.ts';
import { aJob } from '../testing/a-job.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { createJobDetailController } from './job-detail-controller.ts';
import { createJobDetailModel } from './job-detail-model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function detail(savedAlready: boolean) {
  const job = aJob({ id: 'j1', title: 'Barista' });
  const fake = fakeSavedPostings(savedAlready ? [aSavedPosting({ job })] : []);
  const controller = createJobDetailController(fakeJobs([job]), createJobDetailModel('j1'), undefined, fake.saved);
  return { fake, controller, state: () => controller.state.value, actions: controller.actions };
}

describe('job detail: the saved mark (issue 17)', () => {
  it('offers no saving without the saved module', async () => {
    const controller = createJobDetailController(fakeJobs([aJob({ id: 'j1' })]), createJobDetailModel('j1'));
    controller.start();
    await settle();
    expect(controller.state.value.saved).toBeNull();
  });

  it('says whether the student saved the posting, and saves and unsaves it', async () => {
    const { fake, controller, state, actions } = detail(true);
    controller.start();
    await settle();
    expect(state().saved).toBe(true);
    actions.toggleSave();
    expect(state().saved).toBe(false);
    await settle();
    expect(fake.savedIds()).toEqual([]);
    actions.toggleSave();
    await settle();
    expect(state().saved).toBe(true);
    expect(fake.savedIds()).toEqual(['j1']);
  });

  it('takes a refused save back and says why', async () => {
    const { fake, controller, state, actions } = detail(false);
    controller.start();
    await settle();
    fake.fail('save', new PortalError('network', 'No connection.'));
    actions.toggleSave();
    expect(state().saved).toBe(true);
    await settle();
    expect(state()).toMatchObject({ saved: false, saveError: 'No connection.' });
  });
});
