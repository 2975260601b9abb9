import { describe, expect, it } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { assignedMessage, MESSAGES, type Job } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { fakeJobs, type FakeJobs } from '../testing/fake-jobs.ts';
import { ASSIGNMENT_CLEARED, createJobDetailController, POSTING_REMOVED, type JobDetailApi } from './job-detail-controller.ts';
import { createJobDetailModel } from './job-detail-model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function detail(jobId = 'j1', api: FakeJobs = fakeJobs([aJob({ id: 'j1' })], { id: 'teacher1', role: 'teacher' }), sdk: JobDetailApi = api) {
  const controller = createJobDetailController(sdk, createJobDetailModel(jobId));
  return { api, controller, state: () => controller.state.value, actions: controller.actions };
}

describe('job detail controller', () => {
  it('shows the posting, "missing" for one that is not there, and the SDK message when reading fails', async () => {
    const { api, controller, state } = detail();
    controller.start();
    expect(state()).toMatchObject({ status: 'loading', job: null, error: null });
    await settle();
    expect(state()).toMatchObject({ status: 'ready', job: { id: 'j1' }, error: null });
    const gone = detail('gone', api);
    gone.controller.start();
    await settle();
    expect(gone.state()).toMatchObject({ status: 'missing', job: null });
    api.fail('get', new PortalError('network'));
    const failed = detail('j1', api);
    failed.controller.start();
    await settle();
    expect(failed.state()).toMatchObject({ status: 'error', job: null, error: expect.stringMatching(/could not reach the server/) });
  });

  it('loads the posting again on retry after the read failed, still following it once', async () => {
    const api = fakeJobs([aJob({ id: 'j1', title: 'Barista' })]);
    let reads = 0;
    const flaky: JobDetailApi = {
      ...api,
      async get(id) {
        reads += 1;
        if (reads === 1) throw new PortalError('network');
        return api.get(id);
      },
    };
    const { controller, state, actions } = detail('j1', api, flaky);
    controller.start();
    await settle();
    expect(state().status).toBe('error');
    actions.retry();
    expect(state()).toMatchObject({ status: 'loading', error: null });
    await settle();
    expect(state()).toMatchObject({ status: 'ready', job: { title: 'Barista' }, error: null });
    expect(api.subscribers()).toBe(1);
  });

  it('assigns a student, clears the assignment with an empty e-mail, and says so', async () => {
    const { api, controller, state, actions } = detail();
    controller.start();
    await settle();
    actions.assign(' Ana@school.example ');
    expect(state().assignment).toEqual({ status: 'pending' });
    await settle();
    expect(api.calls.at(-1)).toEqual({ call: 'assign', args: ['j1', 'Ana@school.example'] });
    expect(state().assignment).toEqual({ status: 'done', message: assignedMessage('ana@school.example') });
    expect(state()).toMatchObject({ job: { assignedStudentEmail: 'ana@school.example' } });
    actions.assign('');
    await settle();
    expect(state().assignment).toEqual({ status: 'done', message: ASSIGNMENT_CLEARED });
    expect(state()).toMatchObject({ job: { assignedStudentEmail: null } });
  });

  it('reports a refused assignment with the spec text and the reason for the field, changing nothing', async () => {
    const { controller, state, actions } = detail();
    controller.start();
    await settle();
    actions.assign('someone@elsewhere.example');
    await settle();
    expect(state().assignment).toEqual({ status: 'failed', message: MESSAGES.assignFailed, fieldError: 'No account uses this email address' });
    expect(state()).toMatchObject({ job: { assignedStudentEmail: null } });
  });

  it('removes the posting and answers whether it was removed', async () => {
    const { api, controller, state, actions } = detail();
    controller.start();
    await settle();
    api.fail('remove', new PortalError('not-allowed', 'Only the creator or a teacher can remove this opportunity.'));
    actions.remove();
    expect(state().removal).toEqual({ status: 'pending' });
    await settle();
    expect(state().removal).toEqual({ status: 'failed', message: 'Only the creator or a teacher can remove this opportunity.', fieldError: null });
    const fresh = detail();
    fresh.controller.start();
    await settle();
    fresh.actions.remove();
    await settle();
    expect(fresh.state().removal).toEqual({ status: 'done', message: POSTING_REMOVED });
    expect(await fresh.api.get('j1')).toBeNull();
  });

  it('shows the view counted while the page opened: the read answers the old count, then the live change arrives', async () => {
    const { api, controller, state } = detail('j1', fakeJobs([aJob({ id: 'j1', viewCount: 12 })]));
    controller.start();
    await settle();
    expect(state()).toMatchObject({ status: 'ready', job: { viewCount: 12 } });
    api.emit('update', aJob({ id: 'j1', viewCount: 13 }));
    expect(state()).toMatchObject({ status: 'ready', job: { id: 'j1', viewCount: 13 } });
  });

  it("keeps a live change that arrives while the read runs over the read's older answer", async () => {
    const { api, controller, state } = detail('j1', fakeJobs([aJob({ id: 'j1', viewCount: 12 })]));
    const read = api.hold('get');
    controller.start();
    api.emit('update', aJob({ id: 'j1', viewCount: 13 }));
    expect(state()).toMatchObject({ status: 'loading', job: null });
    read.release();
    await settle();
    expect(state()).toMatchObject({ status: 'ready', job: { viewCount: 13 } });
  });

  it('follows a teacher\'s assignment and a removal by someone else ("Job not found")', async () => {
    const { api, controller, state } = detail();
    controller.start();
    await settle();
    api.emit('update', aJob({ id: 'j1', assignedStudentId: 's1', assignedStudentEmail: 'ana@school.example' }));
    expect(state()).toMatchObject({ job: { assignedStudentEmail: 'ana@school.example' } });
    api.emit('update', aJob({ id: 'other', title: 'Another posting' }));
    expect(state()).toMatchObject({ job: { id: 'j1' } });
    api.emit('delete', aJob({ id: 'j1' }));
    expect(state()).toMatchObject({ status: 'missing', job: null });
  });

  it('keeps its own removal on screen with the confirmation when the removal arrives live', async () => {
    const { controller, state, actions } = detail();
    controller.start();
    await settle();
    actions.remove();
    await settle();
    expect(state()).toMatchObject({ status: 'ready', job: { id: 'j1' } });
    expect(state().removal).toEqual({ status: 'done', message: POSTING_REMOVED });
  });

  it('keeps a view counted while an assignment was on its way', async () => {
    const api = fakeJobs([aJob({ id: 'j1', viewCount: 12 })], { id: 'teacher1', role: 'teacher' });
    // The assignment's answer was read before the view landed.
    let answer: (job: Job) => void = () => {};
    const slow = { ...api, assign: () => new Promise<Job>((resolve) => (answer = resolve)) };
    const { controller, state, actions } = detail('j1', api, slow);
    controller.start();
    await settle();
    actions.assign('ana@school.example');
    api.emit('update', aJob({ id: 'j1', viewCount: 13 }));
    answer(aJob({ id: 'j1', viewCount: 12, assignedStudentId: 's1', assignedStudentEmail: 'ana@school.example' }));
    await settle();
    expect(state()).toMatchObject({ job: { viewCount: 13, assignedStudentEmail: 'ana@school.example' } });
  });

  it('follows only the posting shown, and stops following when stopped', async () => {
    const api = fakeJobs([aJob({ id: 'j1' })]);
    const gone = detail('gone', api);
    gone.controller.start();
    await settle();
    gone.actions.retry();
    await settle();
    expect(api.subscribers()).toBe(1);
    api.emit('update', aJob({ id: 'j1', viewCount: 40 }));
    expect(gone.state()).toMatchObject({ status: 'missing', job: null });

    const { controller, state } = detail('j1', api);
    const stop = controller.start();
    await settle();
    expect(api.subscribers()).toBe(2);
    stop();
    expect(api.subscribers()).toBe(1);
    api.emit('update', aJob({ id: 'j1', viewCount: 41 }));
    expect(state()).toMatchObject({ job: { viewCount: 0 } });
  });

  it('drops an answer that arrives after it stopped', async () => {
    const api = fakeJobs([aJob({ id: 'j1' })]);
    const read = api.hold('get');
    const { controller, state } = detail('j1', api);
    const stop = controller.start();
    stop();
    read.release();
    await settle();
    expect(state()).toMatchObject({ status: 'loading', job: null });
    expect(api.subscribers()).toBe(0);
  });
  it('copies from the answer that the posting is now assigned, and that it no longer is', async () => {
    const api = fakeJobs([aJob({ id: 'j1' })], { id: 'teacher1', role: 'teacher' });
    // The SDK answers `assigned` with the student; the shown posting must follow it, or the page still invites applications.
    const sdk: JobDetailApi = { ...api, assign: async (id, email) => ({ ...(await api.assign(id, email)), assigned: email !== '' }) };
    const { controller, state, actions } = detail('j1', api, sdk);
    controller.start();
    await settle();
    actions.assign('ana@school.example');
    await settle();
    expect(state().job).toMatchObject({ assigned: true, assignedStudentEmail: 'ana@school.example' });
    actions.assign('');
    await settle();
    expect(state().job).toMatchObject({ assigned: false, assignedStudentEmail: null });
  });

  it("asks whether the student applied once the posting is there, and shows that application's state", async () => {
    const api = fakeJobs([aJob({ id: 'j1' })]);
    const asked: string[][] = [];
    const applied = { applicationId: 'a1', jobId: 'j1', status: 'pending' as const, postingRemoved: false, appliedAt: '2026-11-02T10:00:00.000+00:00' };
    const applications = {
      async appliedTo(jobIds: readonly string[]) {
        asked.push([...jobIds]);
        return new Map([['j1', applied]]);
      },
    };
    const controller = createJobDetailController(api, createJobDetailModel('j1'), applications);
    controller.start();
    await settle();
    expect(asked).toEqual([['j1']]);
    expect(controller.state.value).toMatchObject({ status: 'ready', applied });
  });

  it('closes, fills and reopens the posting, showing the state the SDK answers', async () => {
    const api = fakeJobs([aJob({ id: 'j1' })], { id: 'recruiter1', role: 'recruiter' });
    const changes: Array<[string, Job['state']]> = [];
    const sdk: JobDetailApi = {
      ...api,
      async setState(id, next) {
        changes.push([id, next]);
        const job = await api.get(id);
        if (!job) throw new PortalError('not-found');
        return { ...job, state: next };
      },
    };
    const { controller, state, actions } = detail('j1', api, sdk);
    controller.start();
    await settle();
    actions.setPostingState('closed');
    expect(state().stateChange).toEqual({ status: 'pending' });
    await settle();
    expect(state()).toMatchObject({ job: { state: 'closed' }, stateChange: { status: 'done' } });
    actions.setPostingState('open');
    await settle();
    expect(changes).toEqual([
      ['j1', 'closed'],
      ['j1', 'open'],
    ]);
    expect(state().job?.state).toBe('open');
  });
});
