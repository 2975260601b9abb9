import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { aJob } from '../testing/a-job.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { CustomJobList } from './custom-job-list.tsx';

const openings = [
  aJob({ id: 'barista', title: 'Barista', company: 'Greenleaf Markets', location: 'Oakville' }),
  aJob({ id: 'cashier', title: 'Cashier', company: 'FreshMart', location: 'Milton' }),
  aJob({ id: 'tutor', title: 'Reading tutor', company: 'Halton Library', location: 'Burlington' }),
];

function CustomJobListOverFakeJobs() {
  const [jobs] = useState(() => fakeJobs(openings));
  return <CustomJobList jobs={jobs} postingType="Job" pageSize={2} />;
}

/**
 * `useJobBoard` without the package's markup: the same data, search, paging and live updates as
 * `JobBoard`, rendered as a table of your own. See "Headless hooks" in the docs.
 */
const meta = {
  title: 'Headless/Custom job list',
  component: CustomJobListOverFakeJobs,
  tags: ['!autodocs'],
} satisfies Meta<typeof CustomJobListOverFakeJobs>;

export default meta;
type Story = StoryObj<typeof meta>;

export const OnUseJobBoard: Story = {
  play: async ({ canvas, userEvent }) => {
    await waitFor(() => expect(canvas.getByRole('table')).toHaveAccessibleName('3 openings'));
    await expect(canvas.getAllByRole('row')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: 'More openings' }));
    await waitFor(() => expect(canvas.getAllByRole('row')).toHaveLength(4));
    await userEvent.type(canvas.getByLabelText('Find an opening'), 'tutor{Enter}');
    await waitFor(() => expect(canvas.getAllByRole('link').map((link) => link.textContent)).toEqual(['Reading tutor']));
  },
};
