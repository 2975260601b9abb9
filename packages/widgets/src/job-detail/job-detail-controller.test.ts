import { describe, expect, it } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { assignedMessage, MESSAGES, type Job } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { ASSIGNMENT_CLEARED, createJobDetailController, POSTING_REMOVED } from './job-detail-controller.ts';
import { createJobDetailModel } from './job-detail-model.ts';

function detail() {
  const api = fakeJobs([aJob({ id: 'j1' })], { id: 'teacher1', role: 'teacher' });
  const model = createJobDetailModel();
  return { api, model, controller: createJobDetailController(api, model) };
}

describe('job detail controller', () => {
  it('shows the posting, "missing" for one that is not there, and the SDK message when reading fails', async () => {
    const { api, model, controller } = detail();
    const loading = controller.load('j1');
    expect(model.detail.value).toEqual({ status: 'loading' });
    await loading;
    expect(model.detail.value).toMatchObject({ status: 'ready', job: { id: 'j1' } });
    await controller.load('gone');
    expect(model.detail.value).toEqual({ status: 'missing' });
    api.fail('get', new PortalError('network'));
    await controller.load('j1');
    expect(model.detail.value).toMatchObject({ status: 'error', message: expect.stringMatching(/could not reach the server/) });
  });

  it('assigns a student, clears the assignment with an empty e-mail, and says so', async () => {
    const { api, model, controller } = detail();
    await controller.load('j1');
    const pending = controller.assign(' Ana@school.example ');
    expect(model.assignment.value).toEqual({ status: 'pending' });
    await pending;
    expect(api.calls.at(-1)).toEqual({ call: 'assign', args: ['j1', 'Ana@school.example'] });
    expect(model.assignment.value).toEqual({ status: 'done', message: assignedMessage('ana@school.example') });
    expect(model.detail.value).toMatchObject({ job: { assignedStudentEmail: 'ana@school.example' } });
    await controller.assign('');
    expect(model.assignment.value).toEqual({ status: 'done', message: ASSIGNMENT_CLEARED });
    expect(model.detail.value).toMatchObject({ job: { assignedStudentEmail: null } });
  });

  it('reports a refused assignment with the spec text and the reason for the field, changing nothing', async () => {
    const { model, controller } = detail();
    await controller.load('j1');
    await controller.assign('someone@elsewhere.example');
    expect(model.assignment.value).toEqual({ status: 'failed', message: MESSAGES.assignFailed, fieldError: 'No account uses this email address' });
    expect(model.detail.value).toMatchObject({ job: { assignedStudentEmail: null } });
  });

  it('removes the posting and answers whether it was removed', async () => {
    const { api, model, controller } = detail();
    await controller.load('j1');
    api.fail('remove', new PortalError('not-allowed', 'Only the creator or a teacher can remove this opportunity.'));
    expect(await controller.remove()).toBe(false);
    expect(model.removal.value).toEqual({ status: 'failed', message: 'Only the creator or a teacher can remove this opportunity.', fieldError: null });
    const fresh = detail();
    await fresh.controller.load('j1');
    expect(await fresh.controller.remove()).toBe(true);
    expect(fresh.model.removal.value).toEqual({ status: 'done', message: POSTING_REMOVED });
    expect(await fresh.api.get('j1')).toBeNull();
  });

  it('shows the view counted while the page opened: the read answers the old count, then the live change arrives', async () => {
    const api = fakeJobs([aJob({ id: 'j1', viewCount: 12 })]);
    const model = createJobDetailModel();
    const controller = createJobDetailController(api, model);
    await controller.load('j1');
    expect(model.detail.value).toMatchObject({ status: 'ready', job: { viewCount: 12 } });
    api.emit('update', aJob({ id: 'j1', viewCount: 13 }));
    expect(model.detail.value).toMatchObject({ status: 'ready', job: { id: 'j1', viewCount: 13 } });
  });

  it("keeps a live change that arrives while the read runs over the read's older answer", async () => {
    const api = fakeJobs([aJob({ id: 'j1', viewCount: 12 })]);
    const model = createJobDetailModel();
    const controller = createJobDetailController(api, model);
    const read = api.hold('get');
    const loading = controller.load('j1');
    api.emit('update', aJob({ id: 'j1', viewCount: 13 }));
    expect(model.detail.value).toEqual({ status: 'loading' });
    read.release();
    await loading;
    expect(model.detail.value).toMatchObject({ status: 'ready', job: { viewCount: 13 } });
  });

  it('follows a teacher\'s assignment and a removal by someone else ("Job not found")', async () => {
    const { api, model, controller } = detail();
    await controller.load('j1');
    api.emit('update', aJob({ id: 'j1', assignedStudentId: 's1', assignedStudentEmail: 'ana@school.example' }));
    expect(model.detail.value).toMatchObject({ job: { assignedStudentEmail: 'ana@school.example' } });
    api.emit('update', aJob({ id: 'other', title: 'Another posting' }));
    expect(model.detail.value).toMatchObject({ job: { id: 'j1' } });
    api.emit('delete', aJob({ id: 'j1' }));
    expect(model.detail.value).toEqual({ status: 'missing' });
  });

  it('keeps its own removal on screen with the confirmation when the removal arrives live', async () => {
    const { model, controller } = detail();
    await controller.load('j1');
    expect(await controller.remove()).toBe(true);
    expect(model.detail.value).toMatchObject({ status: 'ready', job: { id: 'j1' } });
    expect(model.removal.value).toEqual({ status: 'done', message: POSTING_REMOVED });
  });

  it('keeps a view counted while an assignment was on its way', async () => {
    const api = fakeJobs([aJob({ id: 'j1', viewCount: 12 })], { id: 'teacher1', role: 'teacher' });
    // The assignment's answer was read before the view landed.
    let answer: (job: Job) => void = () => {};
    const slow = { ...api, assign: () => new Promise<Job>((resolve) => (answer = resolve)) };
    const model = createJobDetailModel();
    const controller = createJobDetailController(slow, model);
    await controller.load('j1');
    const pending = controller.assign('ana@school.example');
    api.emit('update', aJob({ id: 'j1', viewCount: 13 }));
    answer(aJob({ id: 'j1', viewCount: 12, assignedStudentId: 's1', assignedStudentEmail: 'ana@school.example' }));
    await pending;
    expect(model.detail.value).toMatchObject({ job: { viewCount: 13, assignedStudentEmail: 'ana@school.example' } });
  });

  it('follows only the posting shown, and stops following when disposed', async () => {
    const { api, model, controller } = detail();
    await controller.load('j1');
    await controller.load('gone');
    expect(api.subscribers()).toBe(1);
    api.emit('update', aJob({ id: 'j1', viewCount: 40 }));
    expect(model.detail.value).toEqual({ status: 'missing' });
    await controller.load('j1');
    controller.dispose();
    expect(api.subscribers()).toBe(0);
    api.emit('update', aJob({ id: 'j1', viewCount: 41 }));
    expect(model.detail.value).toMatchObject({ job: { viewCount: 0 } });
  });
});
