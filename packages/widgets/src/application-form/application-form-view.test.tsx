import { render, screen, waitFor } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { ApplicationForm } from './application-form.tsx';
import type { ApplicationFormApi } from './application-form-controller.ts';
import { ApplicationFormView } from './application-form-view.tsx';
import type { ApplicationFormActions, ApplicationFormState } from './application-form-model.ts';

const ready: ApplicationFormState = {
  answers: { relevantExperiences: '', interestInRole: '', careerGoals: '' },
  resumeName: null,
  errors: {},
  status: 'idle',
  progress: null,
  message: null,
  refusals: 0,
};

function someActions(): ApplicationFormActions {
  return { setAnswer: vi.fn(), pickResume: vi.fn(), submit: vi.fn() };
}

function view(state: Partial<ApplicationFormState> = {}) {
  return render(<ApplicationFormView state={{ ...ready, ...state }} actions={someActions()} jobTitle="Barista" />);
}

const pdf = () => new File(['%PDF-1.7'], 'resume.pdf', { type: 'application/pdf' });

async function fillAnswers(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('Relevant experiences'), 'Cafeteria');
  await user.type(screen.getByLabelText('Why are you interested in this role?'), 'People');
  await user.type(screen.getByLabelText('What are your career goals?'), 'Hospitality');
}

describe('ApplicationFormView', () => {
  it('labels the three questions and the resume picker', async () => {
    const { container } = view();
    expect(screen.getByRole('heading', { name: 'Apply to Barista' })).toBeTruthy();
    expect(screen.getAllByRole('textbox')).toHaveLength(3);
    expect(screen.getByLabelText('Resume (PDF)').getAttribute('accept')).toContain('application/pdf');
    await expectNoAxeViolations(container);
  });

  it('ties each mistake to its input', async () => {
    const { container } = view({ errors: { careerGoals: 'Please answer this question', resume: MESSAGES.uploadResume } });
    const goals = screen.getByLabelText('What are your career goals?');
    expect(goals.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(goals.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please answer this question');
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.uploadResume);
    await expectNoAxeViolations(container);
  });

  it('shows the upload progress while submitting, with the form locked', () => {
    view({ status: 'submitting', progress: 40 });
    expect(screen.getByRole('progressbar', { name: 'Uploading resume (40%)' }).getAttribute('value')).toBe('40');
    // happy-dom does not pass a fieldset's `disabled` on to its controls; Chromium does (see the stories).
    expect(screen.getByLabelText('Relevant experiences').closest('fieldset')?.disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Submitting…' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('announces success in a status region and removes the submit button', () => {
    view({ status: 'submitted', message: MESSAGES.applicationSubmitted });
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.applicationSubmitted);
    expect(screen.queryByRole('button')).toBeNull();
  });
});

describe('ApplicationForm', () => {
  it('says "Please upload your resume" and moves focus to the picker when no resume was chosen', async () => {
    const user = userEvent.setup();
    const applications: ApplicationFormApi = { submit: vi.fn() };
    render(<ApplicationForm applications={applications} job={{ id: 'job1', title: 'Barista' }} />);
    await fillAnswers(user);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.uploadResume);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Resume (PDF)')));
    expect(applications.submit).not.toHaveBeenCalled();
  });

  it('refuses a file that is not a PDF', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<ApplicationForm applications={{ submit: vi.fn() }} job={{ id: 'job1', title: 'Barista' }} />);
    await user.upload(screen.getByLabelText('Resume (PDF)'), new File(['x'], 'photo.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.onlyPdf);
    expect(screen.getByText('No file chosen')).toBeTruthy();
  });

  it('refuses a text file renamed .pdf as soon as it is picked, with one error that a submit does not repeat', async () => {
    const user = userEvent.setup();
    const applications: ApplicationFormApi = { submit: vi.fn() };
    render(<ApplicationForm applications={applications} job={{ id: 'job1', title: 'Barista' }} />);
    await fillAnswers(user);
    await user.upload(screen.getByLabelText('Resume (PDF)'), new File(['Not a PDF, just text.'], 'resume.pdf', { type: 'application/pdf' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MESSAGES.onlyPdf);
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Resume (PDF)')));
    expect(screen.getAllByText(MESSAGES.onlyPdf)).toHaveLength(1);
    expect(applications.submit).not.toHaveBeenCalled();
  });

  it('shows a refusal of the resume by the server once, beside the picker', async () => {
    const user = userEvent.setup();
    const submit = async () => {
      throw new PortalError('invalid-input', MESSAGES.onlyPdf, { fields: { resume: MESSAGES.onlyPdf } });
    };
    render(<ApplicationForm applications={{ submit }} job={{ id: 'job1', title: 'Barista' }} />);
    await fillAnswers(user);
    await user.upload(screen.getByLabelText('Resume (PDF)'), pdf());
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(screen.getByLabelText('Resume (PDF)').getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getAllByText(MESSAGES.onlyPdf)).toHaveLength(1);
    expect(screen.getByRole('alert').textContent).toBe(MESSAGES.onlyPdf);
  });

  it('submits, reports success and calls onSubmitted once', async () => {
    const user = userEvent.setup();
    const onSubmitted = vi.fn();
    const submit = vi.fn<ApplicationFormApi['submit']>(async () => anApplication());
    render(<ApplicationForm applications={{ submit }} job={{ id: 'job9', title: 'Barista' }} onSubmitted={onSubmitted} />);
    await fillAnswers(user);
    await user.upload(screen.getByLabelText('Resume (PDF)'), pdf());
    expect(screen.getByText('resume.pdf')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(MESSAGES.applicationSubmitted));
    expect(onSubmitted).toHaveBeenCalledTimes(1);
    expect(submit.mock.calls[0]?.[0]).toMatchObject({ jobId: 'job9', interestInRole: 'People' });
  });

  it('shows an "already applied" refusal, and never success, when the server refuses', async () => {
    const user = userEvent.setup();
    const onSubmitted = vi.fn();
    const submit = async () => {
      throw new PortalError('already-applied', 'You have already applied to this opportunity.');
    };
    render(<ApplicationForm applications={{ submit }} job={{ id: 'job1', title: 'Barista' }} onSubmitted={onSubmitted} />);
    await fillAnswers(user);
    await user.upload(screen.getByLabelText('Resume (PDF)'), pdf());
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('You have already applied to this opportunity.'));
    expect(screen.getByRole('status').textContent).toBe('');
    expect(onSubmitted).not.toHaveBeenCalled();
  });

  it('says "An error has occurred" when the save fails, and lets the student try again', async () => {
    const user = userEvent.setup();
    const submit = async () => {
      throw new PortalError('network');
    };
    render(<ApplicationForm applications={{ submit }} job={{ id: 'job1', title: 'Barista' }} />);
    await fillAnswers(user);
    await user.upload(screen.getByLabelText('Resume (PDF)'), pdf());
    await user.click(screen.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(MESSAGES.applicationFailed));
    expect((screen.getByRole('button', { name: 'Submit application' }) as HTMLButtonElement).disabled).toBe(false);
  });
});
