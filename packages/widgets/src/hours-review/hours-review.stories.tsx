import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { PortalError } from '@opportunity-kit/sdk';
import { HOURS_MESSAGES, MESSAGES } from '@opportunity-kit/sdk/domain';
import { aServiceHoursEntry } from '../testing/a-service-hours-entry.ts';
import type { HoursReviewActions, HoursReviewState } from './hours-review-model.ts';
import { EMPTY_QUEUE_TEXT, HoursReviewView } from './hours-review-view.tsx';

const confirmed = aServiceHoursEntry({ id: 'confirmed', studentName: 'Maya Patel', hours: 2.5 });
const disputed = aServiceHoursEntry({
  id: 'disputed',
  studentName: 'Leo Chen',
  organisation: 'Hamilton Public Library',
  activity: 'Ran the Saturday reading circle for children.',
  status: 'disputed',
  hours: 4,
  reflection: null,
});
const unanswered = aServiceHoursEntry({
  id: 'pending',
  studentName: 'Ana Silva',
  organisation: 'Bayfront Park Clean-up',
  status: 'pending',
  supervisorAnsweredAt: null,
});

const ready: HoursReviewState = {
  status: 'ready',
  error: null,
  entries: [confirmed, disputed, unanswered],
  review: { state: 'idle' },
  exportProgress: { state: 'idle' },
};

const actions: HoursReviewActions = { review: fn(), exportTotals: fn(), retry: fn() };

const meta = {
  title: 'Hours/HoursReview',
  component: HoursReviewView,
  args: { state: ready, actions },
} satisfies Meta<typeof HoursReviewView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The queue: confirmed first, the disputed entry flagged, then one the supervisor has not answered. */
export const Ready: Story = {
  play: async ({ args, canvas, userEvent }) => {
    const [first, second, third] = canvas.getAllByRole('article');
    await expect(within(first as HTMLElement).getByText('Confirmed on November 15, 2026')).toBeVisible();
    await expect(within(second as HTMLElement).getByText('Disputed by the supervisor')).toBeVisible();
    await expect(within(third as HTMLElement).getByText('No answer yet')).toBeVisible();
    await userEvent.click(within(first as HTMLElement).getByRole('radio', { name: 'Approve' }));
    await userEvent.click(within(first as HTMLElement).getByRole('button', { name: 'Save decision' }));
    await expect(args.actions.review).toHaveBeenCalledWith('confirmed', { decision: 'approved', hours: '', comment: '' });
    await userEvent.click(canvas.getByRole('button', { name: 'Export totals (CSV)' }));
    await expect(args.actions.exportTotals).toHaveBeenCalled();
  },
};

export const Loading: Story = {
  args: { state: { ...ready, status: 'loading', entries: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.loading)).toBeInTheDocument();
  },
};

export const LoadFailed: Story = {
  args: { state: { ...ready, status: 'error', error: new PortalError('network').message, entries: [] } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(new PortalError('network').message);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.actions.retry).toHaveBeenCalled();
  },
};

export const Empty: Story = {
  args: { state: { ...ready, entries: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(EMPTY_QUEUE_TEXT)).toBeVisible();
  },
};

/** A partial approval refused: the hours must be fewer than logged, and a comment is required. */
export const Refused: Story = {
  args: {
    state: { ...ready, review: { state: 'refused', entryId: 'confirmed', errors: { hours: HOURS_MESSAGES.partialHours }, message: null } },
  },
  play: async ({ canvas, userEvent }) => {
    const [first] = canvas.getAllByRole('article');
    await userEvent.click(within(first as HTMLElement).getByRole('radio', { name: 'Partially approve' }));
    await expect(within(first as HTMLElement).getByText(HOURS_MESSAGES.partialHours)).toBeVisible();
    await expect(within(first as HTMLElement).getByRole('spinbutton', { name: /Hours that count/ })).toHaveAttribute('aria-invalid', 'true');
  },
};

/** The server refused the decision as a whole (another teacher was quicker). */
export const RefusedByServer: Story = {
  args: { state: { ...ready, review: { state: 'refused', entryId: 'disputed', errors: {}, message: HOURS_MESSAGES.alreadyReviewed } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(HOURS_MESSAGES.alreadyReviewed);
  },
};

export const Saving: Story = {
  args: { state: { ...ready, review: { state: 'saving', entryId: 'confirmed' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Saving…' })).toBeDisabled();
  },
};

/** The decision saved: its entry left the queue and the outcome is announced. */
export const Saved: Story = {
  args: { state: { ...ready, entries: [disputed, unanswered], review: { state: 'saved', message: 'Approved: 2.5 h count for Maya Patel.' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Approved: 2.5 h count for Maya Patel.');
    await expect(canvas.getAllByRole('article')).toHaveLength(2);
  },
};

export const Exporting: Story = {
  args: { state: { ...ready, exportProgress: { state: 'working' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Exporting…' })).toBeDisabled();
  },
};

export const ExportFailed: Story = {
  args: { state: { ...ready, exportProgress: { state: 'failed', message: HOURS_MESSAGES.onlyTeachersExport } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(HOURS_MESSAGES.onlyTeachersExport);
  },
};

/** On a phone (390 px wide): everything fits the width, nothing scrolls sideways. */
export const Phone: Story = {
  decorators: [
    (Story) => (
      <div style={{ width: 390 }}>
        <Story />
      </div>
    ),
  ],
  play: async ({ canvas, canvasElement }) => {
    const section = canvasElement.querySelector<HTMLElement>('.ok-hours-review');
    await expect(section?.scrollWidth).toBeLessThanOrEqual(390);
    for (const button of canvas.getAllByRole('button', { name: 'Save decision' })) {
      await expect(button.getBoundingClientRect().right).toBeLessThanOrEqual(canvasElement.getBoundingClientRect().left + 390);
    }
  },
};
