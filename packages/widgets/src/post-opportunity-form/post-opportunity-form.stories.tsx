import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { PostOpportunityForm, type CreatePostingFormOptions, type PostingFormChoices } from './post-opportunity-form.tsx';
import { EMPTY_POSTING, type PostOpportunityFormActions, type PostOpportunityFormState } from './post-opportunity-form-model.ts';
import { PostOpportunityFormView } from './post-opportunity-form-view.tsx';
import { NO_RULE_VALUES } from './posting-rule-fields.tsx';

const filled = {
  ...EMPTY_POSTING,
  title: 'Barista (part-time)',
  company: 'Bean There Cafe',
  description: 'Prepare drinks and keep the counter tidy on weekend mornings.',
  cluster: 'Service (Retail, Food, etc)',
  location: 'Oakville',
  contactEmail: 'jobs@beanthere.example',
  companyWebsite: 'https://beanthere.example',
  hourlyRate: '17.50/h',
  startDate: '2026-12-01',
  endDate: '2027-03-01',
};

const ready: PostOpportunityFormState = { mode: 'create', values: EMPTY_POSTING, errors: {}, submission: { status: 'idle' }, imageName: null, refusals: 0 };

const actions: PostOpportunityFormActions = { setValue: fn(), setImage: fn(), submit: fn() };

const meta = {
  title: 'Jobs/PostOpportunityForm',
  component: PostOpportunityFormView,
  args: { state: ready, actions, showVisibility: false, today: '2026-11-21' },
} satisfies Meta<typeof PostOpportunityFormView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A recruiter's form: Job by default, so cluster is required and salary and website show. */
export const Recruiter: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByLabelText(/Posting type/)).toHaveValue('Job');
    await expect(canvas.getByLabelText('Salary')).toBeVisible();
    await expect(canvas.queryByRole('group', { name: /Visibility/ })).toBeNull();
    await expect(canvas.getByText(MESSAGES.imageHint)).toBeVisible();
    await userEvent.selectOptions(canvas.getByLabelText(/Posting type/), 'Gig');
    await expect(args.actions.setValue).toHaveBeenCalledWith('postingType', 'Gig');
  },
};

/** Teachers also choose Public or Private. */
export const Teacher: Story = {
  args: { state: { ...ready, values: filled }, showVisibility: true },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('radio', { name: 'Private' }));
    await expect(args.actions.setValue).toHaveBeenCalledWith('visible', false);
  },
};

/** On a board of several schools a recruiter may mean the posting for some of them only (issue 23). */
export const RecruiterPicksSchools: Story = {
  args: {
    state: { ...ready, values: { ...filled, schoolIds: ['school-lakeshore'] } },
    schools: [
      { id: 'school-escarpment', name: 'Escarpment Heights' },
      { id: 'school-lakeshore', name: 'Lakeshore Collegiate' },
    ],
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('radio', { name: 'Only some schools' })).toBeChecked();
    await expect(canvas.getByRole('checkbox', { name: 'Lakeshore Collegiate' })).toBeChecked();
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Escarpment Heights' }));
    await expect(args.actions.setValue).toHaveBeenCalledWith('schoolIds', ['school-lakeshore', 'school-escarpment']);
    await userEvent.click(canvas.getByRole('radio', { name: 'Every school of the board' }));
    await expect(args.actions.setValue).toHaveBeenCalledWith('schoolIds', null);
  },
};

/** A Gig has no salary and no external website, and its cluster is optional. */
export const Gig: Story = {
  args: { state: { ...ready, values: { ...filled, postingType: 'Gig' } } },
  play: async ({ canvas }) => {
    await expect(canvas.queryByLabelText('Salary')).toBeNull();
    await expect(canvas.queryByLabelText('External website')).toBeNull();
    await expect(canvas.getByLabelText(/Cluster/)).toHaveAttribute('aria-required', 'false');
  },
};

export const Refused: Story = {
  args: {
    state: {
      ...ready,
      errors: {
        title: 'Please enter a title',
        company: 'Please enter the company or organization',
        cluster: 'Please choose a cluster',
        image: 'Please upload an image file (PNG, JPG, GIF or WebP)',
      },
      refusals: 1,
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/Title/)).toHaveFocus();
    await expect(canvas.getByLabelText(/Title/)).toHaveAccessibleDescription('Please enter a title');
  },
};

/** "Who can take it" (issue 26): a factory job, open from age 15 with the reason and its source, and a pay under the floor refused before submit. */
export const WhoCanTakeIt: Story = {
  args: {
    state: {
      ...ready,
      values: {
        ...filled,
        title: 'Production Helper (robot kits)',
        rules: {
          ...NO_RULE_VALUES,
          workplace: 'factory',
          scheduleDays: ['sat'],
          scheduleStart: '09:00',
          scheduleEnd: '15:00',
          hoursPerWeek: '6',
          payRate: '12',
        },
      },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Open from age 15\./)).toBeVisible();
    await expect(canvas.getByLabelText(/Pay amount/)).toHaveAttribute('aria-invalid', 'true');
  },
};

export const Uploading: Story = {
  args: { state: { ...ready, values: filled, imageName: 'cafe.png', submission: { status: 'uploading', percent: 40 } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Image upload' })).toHaveAttribute('value', '40');
    await expect(canvas.getByRole('status')).toHaveTextContent('Uploading image 40%');
  },
};

export const Failed: Story = {
  args: {
    state: {
      ...ready,
      values: filled,
      submission: { status: 'failed', message: 'We could not reach the server. Please check your connection and try again.' },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not reach the server.');
  },
};

/** Editing a saved posting: its values, "Save changes", and no image field (the image stays). */
export const Edit: Story = {
  args: { state: { ...ready, mode: 'edit', values: filled } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Edit Opportunity' })).toBeVisible();
    await expect(canvas.getByLabelText(/Title/)).toHaveValue('Barista (part-time)');
    await expect(canvas.queryByLabelText('Image')).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Save changes' }));
    await expect(args.actions.submit).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { state: { ...ready, values: filled, errors: { endDate: 'The end date cannot be before the start date' } }, showVisibility: true },
};

/** The connected form over an in-memory jobs module, for a teacher: refused when empty, then posted privately. */
export const Connected: StoryObj<CreatePostingFormOptions & PostingFormChoices> = {
  // The form's own props (of its create mode) only, not the view's `state`, `actions` and `showVisibility`; only they have controls.
  parameters: { controls: { include: ['jobs', 'viewer', 'onCreated', 'today', 'initialValues', 'boardRules', 'locations', 'clusters', 'schools'] } },
  render: ({ jobs, viewer, onCreated, today, initialValues, boardRules, locations, clusters, schools }) => (
    <PostOpportunityForm
      jobs={jobs}
      viewer={viewer}
      onCreated={onCreated}
      today={today}
      initialValues={initialValues}
      boardRules={boardRules}
      locations={locations}
      clusters={clusters}
      schools={schools}
    />
  ),
  args: { jobs: fakeJobs([], { id: 'teacher1', role: 'teacher' }), viewer: { id: 'teacher1', role: 'teacher' }, onCreated: fn(), today: '2026-11-21' },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Post Opportunity' }));
    await expect(canvas.getByLabelText(/Title/)).toHaveFocus();
    await expect(canvas.getByLabelText(/Title/)).toHaveAccessibleDescription('Please enter a title');
    await userEvent.type(canvas.getByLabelText(/Title/), 'Barista (part-time)');
    await userEvent.type(canvas.getByLabelText(/Company/), 'Bean There Cafe');
    await userEvent.type(canvas.getByLabelText(/Description/), 'Prepare drinks and keep the counter tidy on weekend mornings.');
    await userEvent.selectOptions(canvas.getByLabelText(/Cluster/), 'Service (Retail, Food, etc)');
    await userEvent.selectOptions(canvas.getByLabelText(/Location/), 'Oakville');
    await userEvent.type(canvas.getByLabelText('Contact e-mail'), 'jobs@beanthere.example');
    await userEvent.type(canvas.getByLabelText('Salary'), '17.50/h');
    await userEvent.click(canvas.getByRole('radio', { name: 'Private' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Post Opportunity' }));
    await waitFor(() =>
      expect(args.onCreated).toHaveBeenCalledWith(expect.objectContaining({ title: 'Barista (part-time)', hourlyRate: '17.50/h', visible: false })),
    );
  },
};
