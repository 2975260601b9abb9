import { describe, expect, it, vi } from 'vitest';
import { PortalError, type ApplicationSubmission } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { createApplicationFormController, type ApplicationFormApi } from './application-form-controller.ts';
import { createApplicationFormModel } from './application-form-model.ts';

const pdf = () => new File(['%PDF-1.7 resume'], 'resume.pdf', { type: 'application/pdf' });
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A text file renamed `.pdf`: its name and type pass, its content does not. */
const renamedText = () => new File(['Not a PDF, just text.'], 'resume.pdf', { type: 'application/pdf' });

/** The three answers given and a PDF picked, once its content was checked. */
async function filledForm(api: ApplicationFormApi, jobId = 'job1', onSubmitted = vi.fn()) {
  const controller = createApplicationFormController(api, createApplicationFormModel(), { jobId, onSubmitted });
  const stop = controller.start();
  const { actions } = controller;
  actions.setAnswer('relevantExperiences', 'Cafeteria volunteer');
  actions.setAnswer('interestInRole', 'I like people');
  actions.setAnswer('careerGoals', 'Hospitality');
  actions.pickResume(pdf());
  await settle();
  return { controller, actions, stop, onSubmitted, state: () => controller.state.value };
}

describe('application form controller', () => {
  it('refuses a form without a resume with the spec text, before calling the SDK', async () => {
    const api: ApplicationFormApi = { submit: vi.fn() };
    const { actions, state } = await filledForm(api);
    actions.pickResume(null);
    actions.submit();
    await settle();
    expect(state().errors).toEqual({ resume: MESSAGES.uploadResume });
    expect(state().refusals).toBe(1);
    expect(state().status).toBe('idle');
    expect(api.submit).not.toHaveBeenCalled();
  });

  it('refuses a non-PDF when it is picked, and forgets it', async () => {
    const { actions, state } = await filledForm({ submit: vi.fn() });
    actions.pickResume(new File(['hello'], 'resume.docx', { type: 'application/msword' }));
    expect(state().resumeName).toBeNull();
    expect(state().errors.resume).toBe(MESSAGES.onlyPdf);
    actions.pickResume(pdf());
    await settle();
    expect(state().errors.resume).toBeUndefined();
  });

  it('refuses a text file renamed .pdf by its content when it is picked, and a submit shows that one error', async () => {
    const api: ApplicationFormApi = { submit: vi.fn() };
    const { actions, state } = await filledForm(api);
    actions.pickResume(renamedText());
    await settle();
    expect(state().errors).toEqual({ resume: MESSAGES.onlyPdf });
    expect(state().resumeName).toBeNull();
    actions.submit();
    await settle();
    expect(state()).toMatchObject({ errors: { resume: MESSAGES.onlyPdf }, message: null, status: 'idle', refusals: 1 });
    expect(api.submit).not.toHaveBeenCalled();
  });

  it('waits for the check of a resume picked just before the submit', async () => {
    const api: ApplicationFormApi = { submit: vi.fn(async () => anApplication()) };
    const { actions, state } = await filledForm(api);
    actions.pickResume(renamedText());
    actions.submit();
    await settle();
    expect(state().errors).toEqual({ resume: MESSAGES.onlyPdf });
    expect(api.submit).not.toHaveBeenCalled();
    actions.pickResume(new File(['%PDF-1.4 second try'], 'second.pdf', { type: 'application/pdf' }));
    actions.submit();
    await settle();
    expect(api.submit).toHaveBeenCalledTimes(1);
    expect(vi.mocked(api.submit).mock.calls[0]?.[0].resume?.name).toBe('second.pdf');
  });

  it('keeps the answer of the latest pick when an earlier check ends last', async () => {
    const { actions, state } = await filledForm({ submit: vi.fn() });
    let readSlowly: () => void = () => undefined;
    const slow = renamedText();
    const read = slow.slice.bind(slow);
    slow.slice = (...range) => {
      const part = read(...range);
      part.arrayBuffer = () => new Promise((resolve) => (readSlowly = () => resolve(new TextEncoder().encode('Not a').buffer)));
      return part;
    };
    actions.pickResume(slow);
    actions.pickResume(pdf());
    await settle();
    readSlowly();
    await settle();
    expect(state()).toMatchObject({ resumeName: 'resume.pdf', errors: {} });
  });

  it('submits the answers with the resume, follows the upload, and reports success', async () => {
    const seen: number[] = [];
    let sent: ApplicationSubmission | undefined;
    const api: ApplicationFormApi = {
      submit: vi.fn(async (input, options) => {
        sent = input;
        options?.onProgress?.({ percent: 0, uploadedBytes: 0, totalBytes: 10 });
        seen.push(state().progress ?? -1);
        options?.onProgress?.({ percent: 100, uploadedBytes: 10, totalBytes: 10 });
        seen.push(state().progress ?? -1);
        expect(state().status).toBe('submitting');
        return anApplication();
      }),
    };
    const { actions, state, onSubmitted } = await filledForm(api, 'job7');
    actions.submit();
    await settle();
    expect(sent).toMatchObject({ jobId: 'job7', relevantExperiences: 'Cafeteria volunteer', careerGoals: 'Hospitality' });
    expect(sent?.resume?.name).toBe('resume.pdf');
    expect(seen).toEqual([0, 100]);
    expect(state().status).toBe('submitted');
    expect(state().message).toBe(MESSAGES.applicationSubmitted);
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    actions.submit();
    await settle();
    expect(api.submit).toHaveBeenCalledTimes(1);
  });

  it('shows the "already applied" refusal as the server words it, and does not offer to retry', async () => {
    const api: ApplicationFormApi = {
      submit: async () => {
        throw new PortalError('already-applied', 'You have already applied to this opportunity.', { status: 409 });
      },
    };
    const { actions, state, onSubmitted } = await filledForm(api);
    actions.submit();
    await settle();
    expect(state().status).toBe('refused');
    expect(state().message).toBe('You have already applied to this opportunity.');
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('reports any other failure with the spec text, and a refused resume beside its input', async () => {
    const failures = [new PortalError('internal'), new PortalError('invalid-input', MESSAGES.onlyPdf, { fields: { resume: MESSAGES.onlyPdf } })];
    const api: ApplicationFormApi = {
      submit: async () => {
        throw failures.shift();
      },
    };
    const { actions, state } = await filledForm(api);
    actions.submit();
    await settle();
    expect([state().status, state().message]).toEqual(['failed', MESSAGES.applicationFailed]);
    actions.submit();
    await settle();
    // Beside the picker only: the same words again in the form's alert would be a second error.
    expect(state().errors).toEqual({ resume: MESSAGES.onlyPdf });
    expect(state().message).toBeNull();
    expect(state().refusals).toBe(1);
  });

  it('drops the answer of a submission still on its way when it stops, and tells no one', async () => {
    let answer: () => void = () => undefined;
    const api: ApplicationFormApi = {
      submit: () =>
        new Promise((resolve) => {
          answer = () => resolve(anApplication());
        }),
    };
    const { actions, state, stop, onSubmitted } = await filledForm(api);
    actions.submit();
    expect(state().status).toBe('submitting');
    stop();
    answer();
    await settle();
    expect(state().status).toBe('submitting');
    expect(onSubmitted).not.toHaveBeenCalled();
  });
});
