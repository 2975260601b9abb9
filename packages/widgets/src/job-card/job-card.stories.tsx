import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn } from 'storybook/test';
import { aJob } from '../testing/a-job.ts';
import { placeholderImage } from '../testing/placeholder-image.ts';
import { JobCard } from './job-card.tsx';

const meta = {
  title: 'Jobs/JobCard',
  component: JobCard,
  decorators: [
    (Story) => (
      <div style={{ maxWidth: '20rem' }}>
        <Story />
      </div>
    ),
  ],
  args: {
    job: aJob({ id: 'barista', viewCount: 12, applicationDeadline: '2026-11-30T00:00:00.000+00:00' }),
    href: '/job/barista',
    onOpen: fn(),
    onNavigate: fn(),
  },
} satisfies Meta<typeof JobCard>;

export default meta;
type Story = StoryObj<typeof meta>;

/** One link per card: the title names it, the facts describe it, and a click anywhere opens it. */
export const Open: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const link = canvas.getByRole('link', { name: 'Barista (part-time)' });
    await expect(link).toHaveAccessibleDescription(/Bean There Cafe/);
    await expect(canvas.getByText('$17.50/h')).toBeVisible();
    await userEvent.tab();
    await expect(link).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(args.onOpen).toHaveBeenCalledWith(args.job);
    await expect(args.onNavigate).toHaveBeenCalledWith(args.job);
  },
};

export const WithImage: Story = {
  args: { imageUrl: placeholderImage('Cafe', 30) },
};

/** Teachers see assigned postings: a gray card with the "Student Assigned to" line. */
export const Assigned: Story = {
  args: { job: aJob({ title: 'Cashier', assignedStudentId: 's1', assignedStudentEmail: '1ana@school.example' }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(/Student Assigned to/)).toHaveTextContent('Student Assigned to 1ana@school.example');
  },
};

export const Private: Story = {
  args: { job: aJob({ title: 'Library helper', postingType: 'Volunteering', hourlyRate: null, cluster: null, visible: false }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Private')).toBeVisible();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { job: aJob({ assignedStudentEmail: '1ana@school.example', assignedStudentId: 's1' }) },
};

/** A student's card: a Save toggle above the link, named for the posting. */
export const Unsaved: Story = {
  args: { onToggleSave: fn(), saved: false },
  play: async ({ args, canvas, userEvent }) => {
    const save = canvas.getByRole('button', { name: 'Save Barista (part-time)' });
    await expect(save).toHaveAttribute('aria-pressed', 'false');
    await expect(save).toHaveTextContent('Save');
    await userEvent.click(save);
    await expect(args.onToggleSave).toHaveBeenCalledWith(args.job);
    await expect(args.onOpen).not.toHaveBeenCalled();
  },
};

/** A posting the student saved: the toggle is pressed, its star filled. */
export const Saved: Story = {
  args: { onToggleSave: fn(), saved: true },
  play: async ({ canvas }) => {
    const save = canvas.getByRole('button', { name: 'Save Barista (part-time)' });
    await expect(save).toHaveAttribute('aria-pressed', 'true');
    await expect(save).toHaveTextContent('\u2605Save');
  },
};
