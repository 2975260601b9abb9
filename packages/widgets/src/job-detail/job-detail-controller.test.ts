import { describe, expect, it } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { assignedMessage, MESSAGES } from '@opportunity-kit/sdk/domain';
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
    expect(model.removal.value).toEqual({ status: 'failed', message: 'Only the creator or a teacher can remove this opportunity.' });
    const fresh = detail();
    await fresh.controller.load('j1');
    expect(await fresh.controller.remove()).toBe(true);
    expect(fresh.model.removal.value).toEqual({ status: 'done', message: POSTING_REMOVED });
    expect(await fresh.api.get('j1')).toBeNull();
  });
});
