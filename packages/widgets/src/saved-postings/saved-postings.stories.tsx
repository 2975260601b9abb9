import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor } from 'storybook/test';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { aSavedPosting, anAlert, fakeSavedPostings } from '../testing/fake-saved-postings.ts';
import { unsavedMessage } from './saved-postings-controller.ts';
import type { SavedPostingsActions, SavedPostingsState } from './saved-postings-model.ts';
import { NO_SAVED_POSTINGS, NO_SAVED_SEARCHES, SAVED_STATUS_NOTES, SavedPostingsView } from './saved-postings-view.tsx';
import { SavedPostings } from './saved-postings.tsx';

const postings = [
  aSavedPosting({ job: aJob({ id: 'barista', title: 'Barista', applicationDeadline: '2026-12-05T00:00:00.000+00:00' }) }),
  aSavedPosting({ job: aJob({ id: 'cashier', title: 'Cashier', company: 'FreshMart', state: 'closed' }), status: 'closed' }),
  aSavedPosting({ job: null, jobId: 'lifeguard', title: 'Lifeguard', company: 'City Pools' }),
];
const alerts = [
  anAlert({ id: 'alert1', search: 'barista', postingTypes: ['Job'], locations: ['Oakville'] }),
  anAlert({ id: 'alert2', postingTypes: ['Volunteering'], clusters: ['Healthcare'], startDate: '2026-12-01', endDate: '2027-01-31' }),
];

const ready: SavedPostingsState = { status: 'ready', error: null, postings, alerts, pending: new Set(), outcome: { status: 'idle' } };
const actions: SavedPostingsActions = { unsave: fn(), removeAlert: fn(), retry: fn() };

const meta = {
  title: 'Jobs/SavedPostings',
  component: SavedPostingsView,
  args: { state: ready, actions, onOpenJob: fn() },
} satisfies Meta<typeof SavedPostingsView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Saved postings newest first (a closed and a removed one say so) and two saved searches in words. */
export const Ready: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('link', { name: 'Barista' }));
    await expect(args.onOpenJob).toHaveBeenCalledWith('barista');
    await expect(canvas.getByText(SAVED_STATUS_NOTES.closed)).toBeVisible();
    await expect(canvas.getByText(SAVED_STATUS_NOTES.removed)).toBeVisible();
    await expect(canvas.queryByRole('link', { name: 'Lifeguard' })).toBeNull();
    await userEvent.click(canvas.getByRole('button', { name: 'Unsave Cashier' }));
    await expect(args.actions.unsave).toHaveBeenCalledWith(postings[1]);
    await userEvent.click(canvas.getAllByRole('button', { name: /^Delete saved search/ })[0]!);
    await expect(args.actions.removeAlert).toHaveBeenCalledWith(alerts[0]);
  },
};

export const Empty: Story = {
  args: { state: { ...ready, postings: [], alerts: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(NO_SAVED_POSTINGS)).toBeVisible();
    await expect(canvas.getByText(NO_SAVED_SEARCHES)).toBeVisible();
  },
};

export const Unsaved: Story = {
  args: { state: { ...ready, postings: postings.slice(1), outcome: { status: 'done', message: unsavedMessage('Barista') } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(unsavedMessage('Barista'))).toBeVisible();
  },
};

export const UnsaveFailed: Story = {
  args: { state: { ...ready, outcome: { status: 'failed', message: MESSAGES.genericError } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.genericError);
  },
};

export const Loading: Story = {
  args: { state: { ...ready, status: 'loading', postings: [], alerts: [] } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.loading)).toBeVisible();
  },
};

export const Failed: Story = {
  args: { state: { ...ready, status: 'error', error: MESSAGES.genericError, postings: [], alerts: [] } },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.actions.retry).toHaveBeenCalled();
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

/**
 * The connected page over in-memory `saved` and `alerts` modules, made fresh each time it renders: opening
 * a posting, then unsaving one. `SavedPostings` gets its own props only, not the view's, and only they have controls.
 */
export const Connected: StoryObj<typeof SavedPostings> = {
  parameters: { controls: { include: ['jobHref', 'onOpenJob', 'searchHref', 'onOpenSearch'] } },
  args: { jobHref: (jobId) => `/job/${jobId}`, onOpenJob: fn() },
  render: function ConnectedSavedPostings({ jobHref, onOpenJob, searchHref, onOpenSearch }) {
    const [fake] = useState(() => fakeSavedPostings(postings, alerts));
    return (
      <SavedPostings saved={fake.saved} alerts={fake.alerts} jobHref={jobHref} onOpenJob={onOpenJob} searchHref={searchHref} onOpenSearch={onOpenSearch} />
    );
  },
  play: async ({ args, canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('link', { name: 'Barista' }));
    await expect(args.onOpenJob).toHaveBeenCalledWith('barista');
    await userEvent.click(canvas.getByRole('button', { name: 'Unsave Barista' }));
    await waitFor(() => expect(canvas.getByText(unsavedMessage('Barista'))).toBeVisible());
    await expect(canvas.queryByRole('link', { name: 'Barista' })).toBeNull();
  },
};
