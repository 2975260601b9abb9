import { describe, expect, it, vi } from 'vitest';
import { PortalError, type ApplicationSubmission } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { createApplicationFormController, type ApplicationFormApi } from './application-form-controller.ts';
import { createApplicationFormModel } from './application-form-model.ts';

const pdf = () => new File(['%PDF-1.7 resume'], 'resume.pdf', { type: 'application/pdf' });

function filledForm(api: ApplicationFormApi) {
  const model = createApplicationFormModel();
  const controller = createApplicationFormController(api, model);
  controller.setAnswer('relevantExperiences', 'Cafeteria volunteer');
  controller.setAnswer('interestInRole', 'I like people');
  controller.setAnswer('careerGoals', 'Hospitality');
  controller.pickResume(pdf());
  return { model, controller };
}

describe('application form controller', () => {
  it('refuses a form without a resume with the spec text, before calling the SDK', async () => {
    const api: ApplicationFormApi = { submit: vi.fn() };
    const { model, controller } = filledForm(api);
    controller.pickResume(null);
    expect(await controller.submit('job1')).toBe(false);
    expect(model.errors.value).toEqual({ resume: MESSAGES.uploadResume });
    expect(model.invalidSubmits.value).toBe(1);
    expect(api.submit).not.toHaveBeenCalled();
  });

  it('refuses a non-PDF when it is picked, and forgets it', () => {
    const { model, controller } = filledForm({ submit: vi.fn() });
    controller.pickResume(new File(['hello'], 'resume.docx', { type: 'application/msword' }));
    expect(model.resume.value).toBeNull();
    expect(model.errors.value.resume).toBe(MESSAGES.onlyPdf);
    controller.pickResume(pdf());
    expect(model.errors.value.resume).toBeUndefined();
  });

  it('submits the answers with the resume, follows the upload, and reports success', async () => {
    const seen: number[] = [];
    let sent: ApplicationSubmission | undefined;
    const api: ApplicationFormApi = {
      submit: async (input, options) => {
        sent = input;
        options?.onProgress?.({ percent: 0, uploadedBytes: 0, totalBytes: 10 });
        seen.push(model.progress.value ?? -1);
        options?.onProgress?.({ percent: 100, uploadedBytes: 10, totalBytes: 10 });
        seen.push(model.progress.value ?? -1);
        expect(model.state.value).toBe('submitting');
        return anApplication();
      },
    };
    const { model, controller } = filledForm(api);
    expect(await controller.submit('job7')).toBe(true);
    expect(sent).toMatchObject({ jobId: 'job7', relevantExperiences: 'Cafeteria volunteer', careerGoals: 'Hospitality' });
    expect(sent?.resume?.name).toBe('resume.pdf');
    expect(seen).toEqual([0, 100]);
    expect(model.state.value).toBe('submitted');
    expect(model.message.value).toBe(MESSAGES.applicationSubmitted);
    expect(await controller.submit('job7')).toBe(false);
  });

  it('shows the "already applied" refusal as the server words it, and does not offer to retry', async () => {
    const api: ApplicationFormApi = {
      submit: async () => {
        throw new PortalError('already-applied', 'You have already applied to this opportunity.', { status: 409 });
      },
    };
    const { model, controller } = filledForm(api);
    expect(await controller.submit('job1')).toBe(false);
    expect(model.state.value).toBe('refused');
    expect(model.message.value).toBe('You have already applied to this opportunity.');
  });

  it('reports any other failure with the spec text, and a refused resume beside its input', async () => {
    const failures = [new PortalError('internal'), new PortalError('invalid-input', MESSAGES.onlyPdf, { fields: { resume: MESSAGES.onlyPdf } })];
    const api: ApplicationFormApi = {
      submit: async () => {
        throw failures.shift();
      },
    };
    const { model, controller } = filledForm(api);
    await controller.submit('job1');
    expect([model.state.value, model.message.value]).toEqual(['failed', MESSAGES.applicationFailed]);
    await controller.submit('job1');
    expect(model.errors.value).toEqual({ resume: MESSAGES.onlyPdf });
    expect(model.message.value).toBe(MESSAGES.onlyPdf);
  });
});
