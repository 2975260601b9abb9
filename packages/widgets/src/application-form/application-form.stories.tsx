import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { anApplication } from '../testing/an-application.ts';
import { ApplicationForm } from './application-form.tsx';
import type { ApplicationFormApi } from './application-form-controller.ts';
import { ApplicationFormView } from './application-form-view.tsx';
import type { ApplicationFormActions, ApplicationFormState } from './application-form-model.ts';

const answered = {
  relevantExperiences: 'Two summers at the school cafeteria, serving 200 students a day.',
  interestInRole: 'I enjoy talking to people and want to learn to make good coffee.',
  careerGoals: 'Study hospitality management and open a cafe of my own.',
};

const ready: ApplicationFormState = {
  answers: { relevantExperiences: '', interestInRole: '', careerGoals: '' },
  resumeName: null,
  errors: {},
  status: 'idle',
  progress: null,
  message: null,
  refusals: 0,
};

const actions: ApplicationFormActions = { setAnswer: fn(), pickResume: fn(), submit: fn() };

const meta = {
  title: 'Applications/ApplicationForm',
  component: ApplicationFormView,
  args: { state: ready, actions, jobTitle: 'Barista (part-time)' },
} satisfies Meta<typeof ApplicationFormView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Relevant experiences'), 'A');
    await expect(args.actions.setAnswer).toHaveBeenCalledWith('relevantExperiences', 'A');
  },
};

export const Mistakes: Story = {
  args: {
    state: { ...ready, answers: { ...answered, careerGoals: '' }, errors: { careerGoals: 'Please answer this question', resume: MESSAGES.uploadResume } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText('What are your career goals?')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.uploadResume);
  },
};

/** A text file renamed `.pdf` was picked: its content refused it at once, in one error beside the picker. */
export const RenamedFileRefused: Story = {
  args: { state: { ...ready, answers: answered, errors: { resume: MESSAGES.onlyPdf } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.onlyPdf);
    await expect(canvas.getAllByText(MESSAGES.onlyPdf)).toHaveLength(1);
    await expect(canvas.getByLabelText('Resume (PDF)')).toHaveAttribute('aria-invalid', 'true');
    await expect(canvas.getByText('No file chosen')).toBeVisible();
  },
};

export const Uploading: Story = {
  args: { state: { ...ready, answers: answered, resumeName: 'ana-lima-resume.pdf', status: 'submitting', progress: 45 } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Uploading resume (45%)' })).toBeVisible();
    await expect(canvas.getByLabelText('Relevant experiences')).toBeDisabled();
  },
};

export const Submitted: Story = {
  args: { state: { ...ready, answers: answered, resumeName: 'ana-lima-resume.pdf', status: 'submitted', message: MESSAGES.applicationSubmitted } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.applicationSubmitted);
  },
};

export const AlreadyApplied: Story = {
  args: {
    state: { ...ready, answers: answered, resumeName: 'ana-lima-resume.pdf', status: 'refused', message: 'You have already applied to this opportunity.' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('You have already applied to this opportunity.');
    await expect(canvas.queryByRole('button')).toBeNull();
  },
};

export const Failed: Story = {
  args: { state: { ...ready, answers: answered, resumeName: 'ana-lima-resume.pdf', status: 'failed', message: MESSAGES.applicationFailed } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.applicationFailed);
    await expect(canvas.getByRole('button', { name: 'Submit application' })).toBeEnabled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: {
    state: {
      ...ready,
      answers: { ...answered, careerGoals: '' },
      errors: { careerGoals: 'Please answer this question' },
      status: 'failed',
      message: MESSAGES.applicationFailed,
    },
  },
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** An SDK stand-in whose upload reports progress before it answers. */
const uploadingApi = (): ApplicationFormApi => ({
  submit: async (_input, options) => {
    for (const percent of [0, 50, 100]) {
      options?.onProgress?.({ percent, uploadedBytes: percent, totalBytes: 100 });
      await wait(30);
    }
    return anApplication();
  },
});

type ConnectedStory = StoryObj<typeof ApplicationForm>;

/**
 * What the connected stories share: `ApplicationForm` gets its own props only, never the view's `state`,
 * `actions` and `jobTitle` that the meta gives every story, and only its props have controls.
 */
const connected = {
  parameters: { controls: { include: ['applications', 'job', 'onSubmitted'] } },
  render: ({ applications, job, onSubmitted }) => <ApplicationForm applications={applications} job={job} onSubmitted={onSubmitted} />,
} satisfies ConnectedStory;

/** The connected form: a non-PDF is refused, then a PDF is uploaded and the application submitted. */
export const Connected: ConnectedStory = {
  ...connected,
  args: { applications: uploadingApi(), job: { id: 'job1', title: 'Barista (part-time)' }, onSubmitted: fn() },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Relevant experiences'), answered.relevantExperiences);
    await userEvent.type(canvas.getByLabelText('Why are you interested in this role?'), answered.interestInRole);
    await userEvent.type(canvas.getByLabelText('What are your career goals?'), answered.careerGoals);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit application' }));
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.uploadResume);
    await expect(canvas.getByLabelText('Resume (PDF)')).toHaveFocus();
    await userEvent.upload(canvas.getByLabelText('Resume (PDF)'), new File(['%PDF-1.7'], 'resume.pdf', { type: 'application/pdf' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Submit application' }));
    await expect(await canvas.findByRole('progressbar')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.applicationSubmitted));
    await expect(args.onSubmitted).toHaveBeenCalledTimes(1);
  },
};

/** The connected form when the student already applied to this posting. */
export const ConnectedAlreadyApplied: ConnectedStory = {
  ...connected,
  args: {
    applications: {
      submit: async () => {
        throw new PortalError('already-applied', 'You have already applied to this opportunity.', { status: 409 });
      },
    },
    job: { id: 'job1', title: 'Barista (part-time)' },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Relevant experiences'), 'Cafeteria');
    await userEvent.type(canvas.getByLabelText('Why are you interested in this role?'), 'People');
    await userEvent.type(canvas.getByLabelText('What are your career goals?'), 'Hospitality');
    await userEvent.upload(canvas.getByLabelText('Resume (PDF)'), new File(['%PDF-1.7'], 'resume.pdf', { type: 'application/pdf' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Submit application' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('You have already applied to this opportunity.');
  },
};

const renamedText = () => new File(['Not a PDF, just text.'], 'resume.pdf', { type: 'application/pdf' });

/** The connected form given a text file renamed `.pdf`: one error as soon as it is picked, and a submit keeps that one. */
export const ConnectedRenamedFile: ConnectedStory = {
  ...connected,
  args: { applications: { submit: fn(async () => anApplication()) }, job: { id: 'job1', title: 'Barista (part-time)' } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Relevant experiences'), 'Cafeteria');
    await userEvent.type(canvas.getByLabelText('Why are you interested in this role?'), 'People');
    await userEvent.type(canvas.getByLabelText('What are your career goals?'), 'Hospitality');
    await userEvent.upload(canvas.getByLabelText('Resume (PDF)'), renamedText());
    await expect(await canvas.findByRole('alert')).toHaveTextContent(MESSAGES.onlyPdf);
    await userEvent.click(canvas.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(canvas.getByLabelText('Resume (PDF)')).toHaveFocus());
    await expect(canvas.getAllByText(MESSAGES.onlyPdf)).toHaveLength(1);
    await expect(args.applications.submit).not.toHaveBeenCalled();
  },
};

/** The connected form when the server refuses the resume: its reason shows once, beside the picker. */
export const ConnectedResumeRefusedByServer: ConnectedStory = {
  ...connected,
  args: {
    applications: {
      submit: async () => {
        throw new PortalError('invalid-input', MESSAGES.onlyPdf, { status: 400, fields: { resume: MESSAGES.onlyPdf } });
      },
    },
    job: { id: 'job1', title: 'Barista (part-time)' },
  },
  play: async ({ canvas, userEvent }) => {
    await userEvent.type(canvas.getByLabelText('Relevant experiences'), 'Cafeteria');
    await userEvent.type(canvas.getByLabelText('Why are you interested in this role?'), 'People');
    await userEvent.type(canvas.getByLabelText('What are your career goals?'), 'Hospitality');
    await userEvent.upload(canvas.getByLabelText('Resume (PDF)'), new File(['%PDF-1.7'], 'resume.pdf', { type: 'application/pdf' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Submit application' }));
    await waitFor(() => expect(canvas.getByLabelText('Resume (PDF)')).toHaveFocus());
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.onlyPdf);
    await expect(canvas.getAllByText(MESSAGES.onlyPdf)).toHaveLength(1);
  },
};
