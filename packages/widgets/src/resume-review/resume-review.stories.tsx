import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { fakeAi, SAMPLE_REVIEW } from '../testing/fake-ai.ts';
import { ResumeReview } from './resume-review.tsx';
import { ResumeReviewView } from './resume-review-view.tsx';
import type { ResumeReviewActions, ResumeReviewState } from './resume-review-model.ts';

const ready: ResumeReviewState = {
  fileName: 'ana-lima-resume.pdf',
  fileError: null,
  status: 'done',
  progress: 100,
  review: { provider: 'gemini', jobId: 'job1', fileId: 'resume1', review: SAMPLE_REVIEW },
  error: null,
  provider: 'gemini',
};

const actions: ResumeReviewActions = { pick: fn(), submit: fn() };

const meta = {
  title: 'AI/ResumeReview',
  component: ResumeReviewView,
  args: { state: ready, actions, jobTitle: 'Barista (part-time)' },
} satisfies Meta<typeof ResumeReviewView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Reviewed: Story = {
  play: async ({ canvas }) => {
    const results = canvas.getByRole('region', { name: 'Results' });
    await expect(within(results).getByText('Customer service').tagName).toBe('STRONG');
    await expect(within(results).getAllByRole('listitem')).toHaveLength(4);
    await expect(within(results).getByText('Reviewed by Gemini')).toBeVisible();
  },
};

export const ReviewedLocally: Story = {
  args: {
    state: {
      ...ready,
      provider: 'local',
      review: {
        provider: 'local',
        jobId: 'job1',
        fileId: 'resume1',
        review: SAMPLE_REVIEW,
        details: {
          sectionsFound: ['Education', 'Experience'],
          sectionsMissing: ['Skills'],
          keywordCoverage: 0.6,
          matchedKeywords: ['customer', 'weekend'],
          missingKeywords: ['cash handling', 'food safety'],
        },
      },
    },
  },
  play: async ({ canvas }) => {
    // The review's text names what `details` measures; no second list repeats it (issue 25).
    await expect(canvas.queryByText('60%')).toBeNull();
    await expect(canvas.getByText('Reviewed by our built-in assistant')).toBeVisible();
  },
};

export const Ready: Story = {
  args: { state: { ...ready, status: 'idle', review: null, fileName: null } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Review Resume with AI' }));
    await expect(args.actions.submit).toHaveBeenCalled();
  },
};

export const NoFile: Story = {
  args: { state: { ...ready, status: 'idle', review: null, fileName: null, fileError: MESSAGES.selectFile } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.selectFile)).toBeVisible();
  },
};

export const NotAPdf: Story = {
  args: { state: { ...ready, status: 'idle', review: null, fileName: 'resume.docx', fileError: MESSAGES.onlyPdf } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.onlyPdf)).toBeVisible();
    await expect(canvas.getByLabelText('Resume (PDF)')).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Uploading: Story = {
  args: { state: { ...ready, status: 'uploading', progress: 42, review: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Uploading your resume' })).toHaveAttribute('value', '42');
  },
};

export const Generating: Story = {
  args: { state: { ...ready, status: 'reviewing', review: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.generatingResults)).toBeVisible();
  },
};

export const Blocked: Story = {
  args: { state: { ...ready, status: 'error', review: null, error: 'Candidate was blocked due to SAFETY' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Candidate was blocked due to SAFETY');
  },
};

const box = (element: Element | null) => element?.getBoundingClientRect() ?? new DOMRect();

/** On a wide screen the results sit beside the upload form. */
export const Wide: Story = {
  play: async ({ canvas }) => {
    const form = box(canvas.getByRole('button', { name: 'Review Resume with AI' }).closest('form'));
    const results = box(canvas.getByRole('region', { name: 'Results' }));
    await expect(results.left).toBeGreaterThanOrEqual(form.right);
    await expect(results.width).toBeGreaterThan(form.width);
    await expect(Math.abs(results.top - form.top)).toBeLessThan(60);
  },
};

/** On a phone, one column: the results under the form. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile2' } },
  play: async ({ canvas }) => {
    const form = box(canvas.getByRole('button', { name: 'Review Resume with AI' }).closest('form'));
    await expect(box(canvas.getByRole('region', { name: 'Results' })).top).toBeGreaterThan(form.bottom);
  },
};

/** The picker is a button that names the chosen file; from the keyboard it takes focus with a visible ring and opens the chooser. */
export const FilePickerKeyboard: Story = {
  args: { state: { ...ready, review: null, status: 'idle' } },
  play: async ({ canvas, userEvent }) => {
    const input = canvas.getByLabelText('Resume (PDF)');
    const button = canvas.getByText('Choose a PDF');
    await expect(canvas.getByText('ana-lima-resume.pdf').parentElement).toHaveTextContent('Selected: ana-lima-resume.pdf');
    await expect(input).toHaveAccessibleDescription(/Selected: ana-lima-resume\.pdf/);
    await userEvent.tab();
    await expect(input).toHaveFocus();
    await expect(getComputedStyle(button).outlineStyle).toBe('solid');
    await expect(box(button).width).toBeGreaterThan(60);
  },
};

/** The Results heading, focused by script when a review arrives, shows no focus ring, even after keyboard use. */
export const ResultsFocused: Story = {
  play: async ({ canvas, userEvent }) => {
    await userEvent.tab();
    const heading = canvas.getByRole('heading', { name: 'Results' });
    heading.focus();
    await expect(heading).toHaveFocus();
    await expect(getComputedStyle(heading).outlineStyle).toBe('none');
  },
};

export const FilePickerKeyboardDark: Story = { ...FilePickerKeyboard, globals: { theme: 'dark' } };

export const Dark: Story = {
  globals: { theme: 'dark' },
};

/** The connected review over an in-memory `ai` module: pick a PDF, review it, read the result. */
export const Connected: StoryObj<typeof ResumeReview> = {
  // `ResumeReview` gets its own props only, not the view's `state` and `actions`, and only they have controls.
  parameters: { controls: { include: ['jobId', 'jobTitle'] } },
  args: { jobId: 'job1', jobTitle: 'Barista (part-time)' },
  render: ({ jobId, jobTitle }) => <ResumeReview ai={fakeAi({ provider: 'local' })} jobId={jobId} jobTitle={jobTitle} />,
  play: async ({ canvas, userEvent }) => {
    await canvas.findByText('Your resume will be reviewed by our built-in assistant.');
    await userEvent.click(canvas.getByRole('button', { name: 'Review Resume with AI' }));
    await expect(canvas.getByText(MESSAGES.selectFile)).toBeVisible();
    await userEvent.upload(canvas.getByLabelText('Resume (PDF)'), new File(['%PDF-1.7'], 'resume.pdf', { type: 'application/pdf' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Review Resume with AI' }));
    await expect(await canvas.findByText('Reviewed by our built-in assistant')).toBeVisible();
    await expect(canvas.getByRole('heading', { name: 'Results' })).toHaveFocus();
  },
};
