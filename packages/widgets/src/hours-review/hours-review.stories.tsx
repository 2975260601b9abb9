import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { PortalError } from '@opportunity-kit/sdk';
import { HOURS_MESSAGES, MESSAGES } from '@opportunity-kit/sdk/domain';
import { aServiceHoursEntry } from '../testing/a-service-hours-entry.ts';
import { fakeHoursReview } from '../testing/fake-hours.ts';
import { anHoursReviewState, hoursReviewActions } from '../testing/hours-review-state.ts';
import { NO_FILTERS } from './hours-review-filters.ts';
import { PARTIAL_QUEUE_NOTE } from './hours-review-progress.tsx';
import { EMPTY_QUEUE_TEXT, HoursReviewView, NO_MATCH_TEXT } from './hours-review-view.tsx';
import { HoursReview } from './hours-review.tsx';

const confirmed = aServiceHoursEntry({ id: 'confirmed', studentId: 'maya', studentName: 'Maya Patel', hours: 2.5 });
const disputed = aServiceHoursEntry({
  id: 'disputed',
  studentId: 'leo',
  studentName: 'Leo Chen',
  organisation: 'Hamilton Public Library',
  activity: 'Ran the Saturday reading circle for children.',
  status: 'disputed',
  hours: 4,
  reflection: null,
});
const unanswered = aServiceHoursEntry({
  id: 'pending',
  studentId: 'ana',
  studentName: 'Ana Silva',
  organisation: 'Bayfront Park Clean-up',
  status: 'pending',
  supervisorAnsweredAt: null,
});
const alsoConfirmed = aServiceHoursEntry({
  id: 'confirmed-2',
  studentId: 'ana',
  studentName: 'Ana Silva',
  organisation: 'Bayfront Park Clean-up',
  date: '2026-11-20',
});
const queue = [confirmed, alsoConfirmed, disputed, unanswered];

const meta = {
  title: 'Hours/HoursReview',
  component: HoursReviewView,
  args: { state: anHoursReviewState(queue), actions: hoursReviewActions(() => fn()) },
} satisfies Meta<typeof HoursReviewView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens an entry's detail from its row's Details button; answers the detail. */
async function openDetails(canvasElement: HTMLElement, student: string, userEvent: { click(element: Element): Promise<void> }) {
  const canvas = within(canvasElement);
  await userEvent.click(canvas.getByRole('button', { name: new RegExp(`^Details: ${student}`) }));
  return canvas.getByRole('article');
}

/** The queue as a table: confirmed first, the disputed entry flagged, then one the supervisor has not answered. */
export const Ready: Story = {
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    const table = canvas.getByRole('table', { name: /Entries awaiting a decision/ });
    await expect(within(table).getAllByRole('row')).toHaveLength(5);
    await expect(within(table).getByText('Disputed by the supervisor')).toBeVisible();
    const detail = await openDetails(canvasElement, 'Maya Patel', userEvent);
    await expect(within(detail).getByText('Confirmed on November 15, 2026')).toBeVisible();
    await userEvent.click(within(detail).getByRole('radio', { name: 'Approve' }));
    await userEvent.click(within(detail).getByRole('button', { name: 'Save decision' }));
    await expect(args.actions.review).toHaveBeenCalledWith('confirmed', { decision: 'approved', hours: '', comment: '' });
    await userEvent.click(canvas.getByRole('button', { name: 'Export totals (CSV)' }));
    await expect(args.actions.exportTotals).toHaveBeenCalled();
  },
};

/** Filtered to one organisation and searched; "Clear filters" shows the whole queue again. */
export const Filtered: Story = {
  args: { state: anHoursReviewState(queue, { filters: { ...NO_FILTERS, organisation: 'Bayfront Park Clean-up', search: 'ana' } }) },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getAllByRole('row')).toHaveLength(3);
    await userEvent.click(canvas.getByRole('button', { name: 'Clear filters' }));
    await expect(args.actions.clearFilters).toHaveBeenCalled();
  },
};

export const NoMatch: Story = {
  args: { state: anHoursReviewState(queue, { filters: { ...NO_FILTERS, search: 'nobody' } }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NO_MATCH_TEXT)).toBeVisible();
  },
};

/** Two confirmed entries chosen: the header checkbox is checked, and "Approve selected (2)" asks first. */
export const Selected: Story = {
  args: { state: anHoursReviewState(queue, { selectedIds: new Set(['confirmed', 'confirmed-2']) }) },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('checkbox', { name: 'Select all confirmed' })).toBeChecked();
    await userEvent.click(canvas.getByRole('button', { name: 'Approve selected (2)' }));
    await expect(args.actions.requestApproval).toHaveBeenCalled();
  },
};

export const ConfirmingApproval: Story = {
  args: { state: anHoursReviewState(queue, { selectedIds: new Set(['confirmed', 'confirmed-2']), bulk: { state: 'confirming', count: 2 } }) },
  play: async ({ args, canvas, userEvent }) => {
    const confirm = canvas.getByRole('group', { name: 'Confirm the approval' });
    await expect(within(confirm).getByRole('button', { name: 'Approve 2 entries' })).toHaveFocus();
    await userEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await expect(args.actions.cancelApproval).toHaveBeenCalled();
  },
};

export const Approving: Story = {
  args: { state: anHoursReviewState(queue, { selectedIds: new Set(['confirmed']), bulk: { state: 'approving', done: 50, total: 120 } }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Approving… 50 of 120 sent')).toBeVisible();
  },
};

/** The approval done: what it did is announced; the entries it approved left the queue. */
export const Approved: Story = {
  args: { state: anHoursReviewState([disputed, unanswered], { bulk: { state: 'done', message: '1 approved, 1 skipped: already reviewed' } }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('1 approved, 1 skipped: already reviewed')).toBeVisible();
  },
};

/** A long queue: the first 100 rows, and "Show more". */
export const ManyEntries: Story = {
  args: { state: anHoursReviewState(Array.from({ length: 250 }, (_, n) => aServiceHoursEntry({ studentName: `Student ${n + 1}` }))) },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Show more (150 not shown)' }));
    await expect(args.actions.showMore).toHaveBeenCalled();
  },
};

/** The table shows with the queue's first pages while the rest loads: the progress, and what filters reach meanwhile. */
export const LoadingRest: Story = {
  args: { state: anHoursReviewState(queue, { rest: { state: 'loading', total: 2040 } }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('table', { name: /Entries awaiting a decision/ })).toBeVisible();
    await expect(canvas.getByText('Loading 4 of 2,040 entries…')).toBeVisible();
    await expect(canvas.getByText(PARTIAL_QUEUE_NOTE)).toBeVisible();
  },
};

/** A page after the first failed: the entries loaded stay, and "Load the rest" resumes at that page. */
export const RestFailed: Story = {
  args: { state: anHoursReviewState(queue, { rest: { state: 'failed', total: 2040, message: new PortalError('network').message } }) },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Only 4 of 2,040 entries could be loaded');
    await userEvent.click(canvas.getByRole('button', { name: 'Load the rest' }));
    await expect(args.actions.retryRest).toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { state: anHoursReviewState([], { status: 'loading' }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.loading)).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: { state: anHoursReviewState([], { status: 'error', error: new PortalError('network').message }) },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(new PortalError('network').message);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.actions.retry).toHaveBeenCalled();
  },
};

export const Empty: Story = {
  args: { state: anHoursReviewState([]) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(EMPTY_QUEUE_TEXT)).toBeVisible();
  },
};

/** A partial approval refused: the hours must be fewer than logged, and a comment is required. */
export const Refused: Story = {
  args: {
    state: anHoursReviewState(queue, { review: { state: 'refused', entryId: 'confirmed', errors: { hours: HOURS_MESSAGES.partialHours }, message: null } }),
  },
  play: async ({ canvasElement, userEvent }) => {
    const detail = await openDetails(canvasElement, 'Maya Patel', userEvent);
    await userEvent.click(within(detail).getByRole('radio', { name: 'Partially approve' }));
    await expect(within(detail).getByText(HOURS_MESSAGES.partialHours)).toBeVisible();
    await expect(within(detail).getByRole('spinbutton', { name: /Hours that count/ })).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The server refused the decision as a whole (another teacher was quicker). */
export const RefusedByServer: Story = {
  args: { state: anHoursReviewState(queue, { review: { state: 'refused', entryId: 'disputed', errors: {}, message: HOURS_MESSAGES.alreadyReviewed } }) },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await openDetails(canvasElement, 'Leo Chen', userEvent);
    await expect(canvas.getByRole('alert')).toHaveTextContent(HOURS_MESSAGES.alreadyReviewed);
  },
};

export const Saving: Story = {
  args: { state: anHoursReviewState(queue, { review: { state: 'saving', entryId: 'confirmed' } }) },
  play: async ({ canvas, canvasElement, userEvent }) => {
    await openDetails(canvasElement, 'Maya Patel', userEvent);
    await expect(canvas.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  },
};

/** The decision saved: its entry left the queue and the outcome is announced. */
export const Saved: Story = {
  args: { state: anHoursReviewState([disputed, unanswered], { review: { state: 'saved', message: 'Approved: 2.5 h count for Maya Patel.' } }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Approved: 2.5 h count for Maya Patel.')).toBeVisible();
    await expect(canvas.getAllByRole('row')).toHaveLength(3);
  },
};

export const Exporting: Story = {
  args: { state: anHoursReviewState(queue, { exportProgress: { state: 'working' } }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Exporting…' })).toBeDisabled();
  },
};

export const ExportFailed: Story = {
  args: { state: anHoursReviewState(queue, { exportProgress: { state: 'failed', message: HOURS_MESSAGES.onlyTeachersExport } }) },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(HOURS_MESSAGES.onlyTeachersExport);
  },
};

/** On a phone (390 px wide): the table scrolls in its own container, the widget never sideways; the detail fits the width. */
export const Phone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 390 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement, userEvent }) => {
    const section = canvasElement.querySelector<HTMLElement>('.ok-hours-review');
    await expect(section?.scrollWidth).toBeLessThanOrEqual(390);
    await openDetails(canvasElement, 'Maya Patel', userEvent);
    await expect(section?.scrollWidth).toBeLessThanOrEqual(390);
    const save = canvas.getByRole('button', { name: 'Save decision' });
    await expect(save.getBoundingClientRect().right).toBeLessThanOrEqual(canvasElement.getBoundingClientRect().left + 390);
  },
};

/**
 * The connected review over an in-memory hours module: approving Maya Patel's confirmed entry takes it
 * off the queue with the outcome announced, and the export hands its CSV to `save`. `HoursReview` gets
 * its own props only, not the view's `state` and `actions`, and only they have controls; the hours
 * module is a fresh one each time the story mounts, the decided entry back in its queue.
 */
export const Connected: StoryObj<typeof HoursReview> = {
  parameters: { controls: { include: ['save'] } },
  args: { save: fn() },
  render: function ConnectedReview({ save }) {
    const [hours] = useState(() => fakeHoursReview([...queue]).api);
    return <HoursReview hours={hours} save={save} />;
  },
  play: async ({ args, canvasElement, canvas, userEvent }) => {
    await canvas.findByRole('button', { name: /^Details: Maya Patel/ });
    const detail = await openDetails(canvasElement, 'Maya Patel', userEvent);
    await userEvent.click(within(detail).getByRole('radio', { name: 'Approve' }));
    await userEvent.click(within(detail).getByRole('button', { name: 'Save decision' }));
    await expect(await canvas.findByText('Approved: 2.5 h count for Maya Patel.')).toBeVisible();
    await expect(canvas.queryByRole('button', { name: /^Details: Maya Patel/ })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Export totals (CSV)' }));
    await waitFor(() => expect(args.save).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'community-involvement-hours.csv' })));
  },
};
