import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { placeholderImage } from '../testing/placeholder-image.ts';
import { JobDetail } from './job-detail.tsx';
import type { JobDetailActions, JobDetailState } from './job-detail-model.ts';
import { jobDetailLinks, JobDetailView } from './job-detail-view.tsx';

const job = aJob({ id: 'barista', title: 'Barista', viewCount: 41, imageFileId: 'cafe' });
const teacher = { id: 'teacher1', role: 'teacher' as const };

const ready: JobDetailState = {
  status: 'ready',
  job,
  error: null,
  applied: null,
  assignment: { status: 'idle' },
  removal: { status: 'idle' },
  stateChange: { status: 'idle' },
  saved: null,
  saveError: null,
};

const actions: JobDetailActions = {
  assign: fn(),
  resetAssignment: fn(),
  remove: fn(),
  setPostingState: fn(),
  retry: fn(),
  toggleSave: fn(),
};

const meta = {
  title: 'Jobs/JobDetail',
  component: JobDetailView,
  args: {
    state: ready,
    actions,
    viewer: { id: 'student1', role: 'student' },
    imageUrl: placeholderImage('Bean There Cafe', 30),
    links: jobDetailLinks(job),
    onNavigate: fn(),
  },
} satisfies Meta<typeof JobDetailView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A student contacts, applies, practises an interview or has a resume reviewed for the posting. */
export const Student: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Barista' })).toHaveFocus();
    await expect(canvas.getByRole('link', { name: 'Contact Employer' })).toHaveAttribute('href', 'mailto:jobs@beanthere.example');
    await expect(canvas.getByRole('link', { name: /Employer's website/ })).toHaveAttribute('target', '_blank');
    await expect(canvas.getByText('$17.50/h')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Remove Opportunity' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Back to Job listings' })).toHaveAttribute('href', '/job');
    await userEvent.click(canvas.getByRole('link', { name: 'Apply To Opportunity' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/job/barista/application', job);
  },
};

/** A teacher assigns a student by e-mail (empty clears) and may remove any posting. */
export const Teacher: Story = {
  args: { viewer: teacher },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.queryByRole('link', { name: 'Apply To Opportunity' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Assign Job to Student' }));
    await expect(canvas.getByLabelText('Student e-mail')).toHaveFocus();
    await userEvent.keyboard('1ana@school.example{Enter}');
    await expect(args.actions.assign).toHaveBeenCalledWith('1ana@school.example');
  },
};

export const Assigned: Story = {
  args: {
    viewer: teacher,
    state: {
      ...ready,
      job: { ...job, assigned: true, assignedStudentId: 's1', assignedStudentEmail: '1ana@school.example' },
      assignment: { status: 'done', message: 'Successfully assigned to 1ana@school.example' },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Change Student Assignment for Job' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Successfully assigned to 1ana@school.example');
    await expect(canvas.getByText(/^Assigned to/)).toHaveTextContent('Assigned to 1ana@school.example');
  },
};

/** Another student learns that the posting is taken, never by whom, and is not invited to apply. */
export const AssignedToOther: Story = {
  args: { state: { ...ready, job: { ...job, assigned: true, assignedStudentId: null, assignedStudentEmail: null } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This opportunity has been assigned')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Apply To Opportunity' })).toBeNull();
    await expect(canvas.queryByText(/@school\.example/)).toBeNull();
  },
};

/** A student who applied sees "Applied" with the status in words, and where to follow it. */
export const Applied: Story = {
  args: {
    state: { ...ready, applied: { applicationId: 'a1', jobId: job.id, status: 'pending', postingRemoved: false, appliedAt: '2026-11-02T10:00:00.000+00:00' } },
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.queryByRole('link', { name: 'Apply To Opportunity' })).toBeNull();
    await expect(canvas.getByRole('region', { name: 'Applied' })).toHaveTextContent(MESSAGES.applicationPending);
    await userEvent.click(canvas.getByRole('link', { name: 'My applications' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/my-applications', job);
  },
};

/** A closed posting says so and takes no applications. */
export const Closed: Story = {
  args: { state: { ...ready, job: { ...job, state: 'closed' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This opportunity is closed')).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Apply To Opportunity' })).toBeNull();
  },
};

/** A filled posting says so; its manager may reopen it. */
export const Filled: Story = {
  args: { viewer: { id: 'recruiter1', role: 'recruiter' }, state: { ...ready, job: { ...job, state: 'filled' } } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('This opportunity has been filled')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'Reopen Opportunity' }));
    await expect(args.actions.setPostingState).toHaveBeenCalledWith('open');
  },
};

/** Its creator: Edit first, the applications, Close or Mark Filled; no Practice Interview on their own posting. */
export const Manager: Story = {
  args: { viewer: { id: 'recruiter1', role: 'recruiter' } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.queryByRole('link', { name: 'Practice Interview for this Position' })).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Manage applications' })).toHaveAttribute('href', '/application-manager');
    await userEvent.click(canvas.getByRole('link', { name: 'Edit Opportunity' }));
    await expect(args.onNavigate).toHaveBeenCalledWith('/job/barista/edit', job);
    await userEvent.click(canvas.getByRole('button', { name: 'Close Opportunity' }));
    await expect(args.actions.setPostingState).toHaveBeenCalledWith('closed');
  },
};

/** The outcome of closing, announced beside the buttons. */
export const ManagerClosed: Story = {
  args: {
    viewer: teacher,
    state: { ...ready, job: { ...job, state: 'closed' }, stateChange: { status: 'done', message: 'The opportunity is closed.' } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('This opportunity is closed')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Reopen Opportunity' })).toBeVisible();
    await expect(canvas.getByText('The opportunity is closed.')).toBeVisible();
  },
};

export const AssignFailed: Story = {
  args: { viewer: teacher, state: { ...ready, assignment: { status: 'failed', message: MESSAGES.assignFailed, fieldError: 'This account is not a student' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('An error occurred on assigning');
  },
};

/** The creator removes the posting after the spec's confirmation, in a modal dialog. */
export const Creator: Story = {
  args: { viewer: { id: 'recruiter1', role: 'recruiter' } },
  play: async ({ args, canvas, userEvent }) => {
    const remove = canvas.getByRole('button', { name: 'Remove Opportunity' });
    await userEvent.click(remove);
    const dialog = canvas.getByRole('alertdialog', { name: 'Remove Opportunity' });
    await expect(dialog).toHaveTextContent(MESSAGES.confirmRemoveJob);
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(remove).toHaveFocus();
    await userEvent.click(remove);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove' }));
    await expect(args.actions.remove).toHaveBeenCalled();
  },
};

export const Removing: Story = {
  args: {
    viewer: { id: 'recruiter1', role: 'recruiter' },
    state: { ...ready, removal: { status: 'failed', message: 'We could not reach the server. Please check your connection and try again.', fieldError: null } },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not reach the server.');
  },
};

export const Loading: Story = {
  args: { state: { ...ready, status: 'loading', job: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.loading);
  },
};

export const NotFound: Story = {
  args: { state: { ...ready, status: 'missing', job: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(MESSAGES.jobNotFound);
  },
};

export const Failed: Story = {
  args: { state: { ...ready, status: 'error', job: null, error: 'We could not reach the server. Please check your connection and try again.' } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.actions.retry).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: {
    viewer: teacher,
    state: { ...ready, job: { ...job, state: 'filled', assigned: true, assignedStudentId: 's1', assignedStudentEmail: '1ana@school.example' } },
  },
};

/**
 * The connected page over an in-memory jobs module: assign, then remove. `JobDetail` gets its own props
 * only, not the view's (whose `viewer`, `imageUrl`, `links` and `onNavigate` the meta sets), and only they
 * have controls; the jobs module is a fresh one each time the story mounts, the posting back in it.
 */
export const Connected: StoryObj<typeof JobDetail> = {
  parameters: { controls: { include: ['jobId', 'viewer', 'onNavigate', 'onRemoved'] } },
  args: { jobId: 'barista', viewer: teacher, onNavigate: fn(), onRemoved: fn() },
  render: function ConnectedDetail({ jobId, viewer, onNavigate, onRemoved }) {
    const [jobs] = useState(() => fakeJobs([{ ...job, imageFileId: null }], teacher));
    return <JobDetail jobs={jobs} jobId={jobId} viewer={viewer} onNavigate={onNavigate} onRemoved={onRemoved} />;
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Assign Job to Student' }));
    await userEvent.type(canvas.getByLabelText('Student e-mail'), '1ana@school.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Save assignment' }));
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Successfully assigned to 1ana@school.example'));
    await expect(canvas.getByRole('button', { name: 'Change Student Assignment for Job' })).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Remove Opportunity' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(args.onRemoved).toHaveBeenCalled());
  },
};

/** A student saved the posting: the Save toggle under its title is pressed, its star filled. */
export const StudentSaved: Story = {
  args: { state: { ...ready, saved: true } },
  play: async ({ args, canvas, userEvent }) => {
    const save = canvas.getByRole('button', { name: 'Save Barista' });
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await expect(save).toHaveTextContent('\u2605Save');
    await userEvent.click(save);
    await expect(args.actions.toggleSave).toHaveBeenCalled();
  },
};

/** An unsave the server refused: the toggle went back, and the page says why. */
export const SaveFailed: Story = {
  args: { state: { ...ready, saved: true, saveError: 'Something went wrong. Please try again.' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Something went wrong. Please try again.');
  },
};
