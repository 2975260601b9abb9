import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { placeholderImage } from '../testing/placeholder-image.ts';
import { JobDetail } from './job-detail.tsx';
import { jobDetailLinks, JobDetailView } from './job-detail-view.tsx';

const job = aJob({ id: 'barista', title: 'Barista', viewCount: 41, imageFileId: 'cafe' });
const teacher = { id: 'teacher1', role: 'teacher' as const };

const meta = {
  title: 'Jobs/JobDetail',
  component: JobDetailView,
  args: {
    detail: { status: 'ready', job },
    viewer: { id: 'student1', role: 'student' },
    imageUrl: placeholderImage('Bean There Cafe', 30),
    links: jobDetailLinks(job),
    assignment: { status: 'idle' },
    removal: { status: 'idle' },
    onNavigate: fn(),
    onAssign: fn(),
    onResetAssignment: fn(),
    onRemove: fn(),
    onRetry: fn(),
  },
} satisfies Meta<typeof JobDetailView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A student contacts, applies, practises an interview or has a resume reviewed for the posting. */
export const Student: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('heading', { level: 1, name: 'Barista' })).toHaveFocus();
    await expect(canvas.getByRole('link', { name: 'Contact Employer' })).toHaveAttribute('href', 'mailto:jobs@beanthere.example');
    await expect(canvas.getByRole('link', { name: /Apply on Website/ })).toHaveAttribute('target', '_blank');
    await expect(canvas.getByText('$17.50/h')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: 'Remove Opportunity' })).toBeNull();
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
    await expect(args.onAssign).toHaveBeenCalledWith('1ana@school.example');
  },
};

export const Assigned: Story = {
  args: {
    viewer: teacher,
    detail: { status: 'ready', job: { ...job, assignedStudentId: 's1', assignedStudentEmail: '1ana@school.example' } },
    assignment: { status: 'done', message: 'Successfully assigned to 1ana@school.example' },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Change Student Assignment for Job' })).toBeVisible();
    await expect(canvas.getByRole('status')).toHaveTextContent('Successfully assigned to 1ana@school.example');
  },
};

export const AssignFailed: Story = {
  args: { viewer: teacher, assignment: { status: 'failed', message: MESSAGES.assignFailed, fieldError: 'This account is not a student' } },
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
    await expect(args.onRemove).toHaveBeenCalled();
  },
};

export const Removing: Story = {
  args: {
    viewer: { id: 'recruiter1', role: 'recruiter' },
    removal: { status: 'failed', message: 'We could not reach the server. Please check your connection and try again.', fieldError: null },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('We could not reach the server.');
  },
};

export const Loading: Story = {
  args: { detail: { status: 'loading' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(MESSAGES.loading);
  },
};

export const NotFound: Story = {
  args: { detail: { status: 'missing' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('heading', { level: 1 })).toHaveTextContent(MESSAGES.jobNotFound);
  },
};

export const Failed: Story = {
  args: { detail: { status: 'error', message: 'We could not reach the server. Please check your connection and try again.' } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.onRetry).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { viewer: teacher, detail: { status: 'ready', job: { ...job, assignedStudentId: 's1', assignedStudentEmail: '1ana@school.example' } } },
};

function ConnectedDetail({ onRemoved }: { onRemoved(): void }) {
  const [api] = useState(() => fakeJobs([{ ...job, imageFileId: null }], teacher));
  return <JobDetail jobs={api} jobId="barista" viewer={teacher} onRemoved={onRemoved} />;
}

/** The connected page over an in-memory jobs module: assign, then remove. */
export const Connected: StoryObj<typeof ConnectedDetail> = {
  render: (args) => <ConnectedDetail {...args} />,
  args: { onRemoved: fn() },
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
