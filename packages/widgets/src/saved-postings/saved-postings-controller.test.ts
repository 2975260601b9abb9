import { describe, expect, it } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { aJob } from '../testing/a-job.ts';
import { aSavedPosting, anAlert, fakeSavedPostings } from '../testing/fake-saved-postings.ts';
import { createSavedPostingsController, SEARCH_DELETED, unsavedMessage } from './saved-postings-controller.ts';
import { createSavedPostingsModel } from './saved-postings-model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function page() {
  const fake = fakeSavedPostings(
    [aSavedPosting({ job: aJob({ id: 'a', title: 'Barista' }) }), aSavedPosting({ job: null, jobId: 'gone', title: 'Lifeguard' })],
    [anAlert({ id: 'alert1', search: 'barista' })],
  );
  const controller = createSavedPostingsController(fake.saved, fake.alerts, createSavedPostingsModel());
  return { fake, controller, state: () => controller.state.value, actions: controller.actions };
}

describe('saved postings controller', () => {
  it('loads the saved postings and the saved searches together', async () => {
    const { controller, state } = page();
    controller.start();
    expect(state().status).toBe('loading');
    await settle();
    expect(state().status).toBe('ready');
    expect(state().postings.map((posting) => [posting.jobId, posting.status])).toEqual([
      ['a', 'open'],
      ['gone', 'removed'],
    ]);
    expect(state().alerts.map((alert) => alert.search)).toEqual(['barista']);
  });

  it('shows the error of a failed load, and loads again on retry', async () => {
    const { fake, controller, state, actions } = page();
    fake.fail('listAlerts', new PortalError('network', 'No connection.'));
    controller.start();
    await settle();
    expect(state()).toMatchObject({ status: 'error', error: 'No connection.' });
    fake.recover('listAlerts');
    actions.retry();
    expect(state().status).toBe('loading');
    await settle();
    expect(state()).toMatchObject({ status: 'ready', error: null });
  });

  it('unsaves a posting once the server agrees, and announces it', async () => {
    const { fake, controller, state, actions } = page();
    controller.start();
    await settle();
    const held = fake.hold('unsave');
    actions.unsave(state().postings[0]!);
    expect(state().pending.has('a')).toBe(true);
    expect(state().postings).toHaveLength(2);
    held.release();
    await settle();
    expect(state().postings.map((posting) => posting.jobId)).toEqual(['gone']);
    expect(state().outcome).toEqual({ status: 'done', message: unsavedMessage('Barista') });
    expect(state().pending.size).toBe(0);
  });

  it('keeps a posting listed and says why when the unsave fails', async () => {
    const { fake, controller, state, actions } = page();
    controller.start();
    await settle();
    fake.fail('unsave', new PortalError('network', 'No connection.'));
    actions.unsave(state().postings[0]!);
    await settle();
    expect(state().postings).toHaveLength(2);
    expect(state().outcome).toEqual({ status: 'failed', message: 'No connection.' });
  });

  it('deletes a saved search', async () => {
    const { fake, controller, state, actions } = page();
    controller.start();
    await settle();
    actions.removeAlert(state().alerts[0]!);
    await settle();
    expect(state().alerts).toEqual([]);
    expect(fake.alertList()).toEqual([]);
    expect(state().outcome).toEqual({ status: 'done', message: SEARCH_DELETED });
  });
});
