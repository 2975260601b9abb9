import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { PortalError } from '@opportunity-kit/sdk';
import { HOURS_MESSAGES, MESSAGES, type ServiceHoursEntry } from '@opportunity-kit/sdk/domain';
import { aServiceHoursEntry } from '../testing/a-service-hours-entry.ts';
import { draftFrom, type ServiceHoursActions, type ServiceHoursState } from './service-hours-model.ts';
import { ServiceHours } from './service-hours.tsx';
import { SERVICE_HOURS_TEXT, ServiceHoursView } from './service-hours-view.tsx';

const pending = aServiceHoursEntry({ id: 'pending', status: 'pending', date: '2026-11-20', supervisorAnsweredAt: null, organisation: 'Oakville Library' });
const everyState: ServiceHoursEntry[] = [
  pending,
  aServiceHoursEntry({ id: 'confirmed', status: 'confirmed', date: '2026-11-14' }),
  aServiceHoursEntry({ id: 'disputed', status: 'disputed', date: '2026-11-10', organisation: 'Park clean-up crew' }),
  aServiceHoursEntry({
    id: 'approved',
    status: 'approved',
    date: '2026-10-30',
    hours: 4,
    approvedHours: 4,
    reviewerName: 'Ms. Nguyen',
    reviewComment: 'Great work with the families.',
  }),
  aServiceHoursEntry({
    id: 'partial',
    status: 'partial',
    date: '2026-10-20',
    hours: 5,
    approvedHours: 3,
    reviewerName: 'Ms. Nguyen',
    reviewComment: 'Travel time does not count.',
  }),
  aServiceHoursEntry({
    id: 'declined',
    status: 'declined',
    date: '2026-10-02',
    approvedHours: 0,
    reviewerName: 'Ms. Nguyen',
    reviewComment: 'This was a paid shift.',
  }),
];

const ready: ServiceHoursState = {
  status: 'ready',
  error: null,
  entries: everyState,
  summary: { approvedHours: 7, pendingHours: 9, requiredHours: 40 },
  form: { open: false },
  withdrawal: { state: 'idle' },
  resend: { state: 'idle' },
  download: { state: 'idle' },
  notice: null,
};

const actions: ServiceHoursActions = {
  retry: fn(),
  openLogForm: fn(),
  editEntry: fn(),
  setField: fn(),
  cancelForm: fn(),
  submitForm: fn(),
  askToWithdraw: fn(),
  cancelWithdraw: fn(),
  confirmWithdraw: fn(),
  resendLink: fn(),
  downloadRecord: fn(),
};

const openForm = (overrides: Partial<Extract<ServiceHoursState['form'], { open: true }>> = {}): ServiceHoursState['form'] => ({
  open: true,
  entryId: null,
  draft: draftFrom(undefined),
  errors: {},
  failure: null,
  saving: false,
  refusals: 0,
  ...overrides,
});

const meta = {
  title: 'Hours/ServiceHours',
  component: ServiceHoursView,
  args: { state: ready, actions, today: '2026-11-21' },
} satisfies Meta<typeof ServiceHoursView>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every state an entry can be in, in words; edit, withdraw and "Resend to supervisor" only on the pending one. */
export const EveryState: Story = {
  play: async ({ canvas }) => {
    const bar = canvas.getByRole('progressbar', { name: 'Approved hours' });
    await expect(bar).toHaveAttribute('aria-valuenow', '7');
    await expect(bar).toHaveAttribute('aria-valuemax', '40');
    await expect(bar).toHaveAttribute('aria-valuetext', '7 h of 40 h approved');
    await expect(canvas.getByText('9 h more waiting for confirmation or review')).toBeVisible();
    await expect(canvas.getByText('Waiting for Dana Lee to confirm')).toBeVisible();
    await expect(canvas.getByText('Confirmed by Dana Lee, waiting for a teacher’s review')).toBeVisible();
    await expect(canvas.getByText('Disputed by Dana Lee, waiting for a teacher to follow up')).toBeVisible();
    await expect(canvas.getByText('Approved: 4 h count')).toBeVisible();
    await expect(canvas.getByText('Partly approved: 3 h of 5 h count')).toBeVisible();
    await expect(canvas.getByText('Declined: these hours do not count')).toBeVisible();
    await expect(canvas.getByText('Ms. Nguyen: “Travel time does not count.”')).toBeVisible();
    await expect(canvas.getAllByRole('button', { name: /^Edit / })).toHaveLength(1);
    await expect(canvas.getAllByRole('button', { name: /^Withdraw / })).toHaveLength(1);
    await expect(canvas.getAllByRole('button', { name: /^Resend to supervisor: / })).toHaveLength(1);
  },
};

export const Loading: Story = {
  args: { state: { ...ready, status: 'loading', entries: [], summary: null } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.loading)).toBeInTheDocument();
    await expect(canvas.queryByRole('progressbar')).toBeNull();
  },
};

/** Nothing logged yet: an empty bar, what to do, and "Log hours". */
export const Empty: Story = {
  args: { state: { ...ready, entries: [], summary: { approvedHours: 0, pendingHours: 0, requiredHours: 40 } } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText(SERVICE_HOURS_TEXT.empty)).toBeVisible();
    await expect(canvas.getByRole('progressbar', { name: 'Approved hours' })).toHaveAttribute('aria-valuenow', '0');
    await userEvent.click(canvas.getByRole('button', { name: 'Log hours' }));
    await expect(args.actions.openLogForm).toHaveBeenCalled();
  },
};

export const LoadError: Story = {
  args: { state: { ...ready, status: 'error', error: new PortalError('network').message, entries: [], summary: null } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(new PortalError('network').message);
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }));
    await expect(args.actions.retry).toHaveBeenCalled();
  },
};

/** The form open, pre-filled from a volunteering posting. */
export const LogForm: Story = {
  args: {
    state: {
      ...ready,
      form: openForm({ draft: draftFrom({ organisation: 'Riverside Food Bank', activity: 'Food bank helper', jobId: 'job-food-bank' }) }),
    },
  },
  play: async ({ args, canvas, userEvent }) => {
    const form = canvas.getByRole('form', { name: 'Log hours' });
    await expect(within(form).getByRole('heading', { name: 'Log hours' })).toHaveFocus();
    await expect(within(form).getByLabelText(/^Organisation/)).toHaveValue('Riverside Food Bank');
    await expect(within(form).getByLabelText(/^Date/)).toHaveAttribute('max', '2026-11-21');
    await expect(within(form).getByLabelText(/^Hours/)).toHaveAttribute('step', '0.25');
    await userEvent.type(within(form).getByLabelText(/^Supervisor name/), 'D');
    await expect(args.actions.setField).toHaveBeenCalledWith('supervisorName', 'D');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit hours' }));
    await expect(args.actions.submitForm).toHaveBeenCalled();
  },
};

/** A refused submit: each reason under its input, the focus on the first. */
export const LogFormErrors: Story = {
  args: {
    state: {
      ...ready,
      form: openForm({
        draft: { ...draftFrom(undefined), date: '2026-12-01', hours: '13', supervisorEmail: '1001@school.example' },
        errors: {
          organisation: HOURS_MESSAGES.organisationRequired,
          activity: HOURS_MESSAGES.activityRequired,
          date: HOURS_MESSAGES.dateInFuture,
          hours: HOURS_MESSAGES.hoursInvalid,
          supervisorName: HOURS_MESSAGES.supervisorNameRequired,
          supervisorEmail: HOURS_MESSAGES.supervisorEmailIsOwn,
        },
        refusals: 1,
      }),
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/^Organisation/)).toHaveFocus();
    await expect(canvas.getByLabelText(/^Organisation/)).toHaveAccessibleDescription(HOURS_MESSAGES.organisationRequired);
    await expect(canvas.getByLabelText(/^Date/)).toHaveAccessibleDescription(HOURS_MESSAGES.dateInFuture);
    await expect(canvas.getByLabelText(/^Hours/)).toHaveAccessibleDescription(`In quarter hours, at most 12 a day ${HOURS_MESSAGES.hoursInvalid}`);
    await expect(canvas.getByLabelText(/^Supervisor email/)).toHaveAccessibleDescription(HOURS_MESSAGES.supervisorEmailIsOwn);
  },
};

/** The server refused the day's total: its reason beside the hours. */
export const DayLimitRefused: Story = {
  args: {
    state: { ...ready, form: openForm({ errors: { hours: HOURS_MESSAGES.dayLimit(4) }, refusals: 1 }) },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByLabelText(/^Hours/)).toHaveFocus();
    await expect(canvas.getByText(HOURS_MESSAGES.dayLimit(4))).toBeVisible();
  },
};

/** Correcting a pending entry: the supervisor's contact details are locked. */
export const PendingEdit: Story = {
  args: {
    state: {
      ...ready,
      form: openForm({
        entryId: pending.id,
        draft: {
          ...draftFrom({ organisation: pending.organisation, activity: pending.activity }),
          date: pending.date,
          hours: '3',
          supervisorName: 'Dana Lee',
          supervisorEmail: 'dana.lee@foodbank.example',
        },
      }),
    },
  },
  play: async ({ canvas }) => {
    const form = canvas.getByRole('form', { name: 'Edit hours' });
    await expect(within(form).getByLabelText(/^Supervisor email/)).toHaveAttribute('readonly');
    await expect(within(form).getByLabelText(/^Supervisor name/)).toHaveAccessibleDescription(HOURS_MESSAGES.supervisorLocked);
    await expect(within(form).getByRole('button', { name: 'Save changes' })).toBeVisible();
  },
};

export const Saving: Story = {
  args: { state: { ...ready, form: openForm({ saving: true }) } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Saving…' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  },
};

export const Logged: Story = {
  args: { state: { ...ready, notice: 'Your hours are logged. We e-mailed Dana Lee to confirm them.' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Your hours are logged. We e-mailed Dana Lee to confirm them.')).toBeVisible();
  },
};

/** "Withdraw" asks first. */
export const WithdrawConfirm: Story = {
  args: { state: { ...ready, withdrawal: { state: 'confirming', entry: pending } } },
  play: async ({ args, canvas, userEvent }) => {
    const dialog = canvas.getByRole('alertdialog', { name: 'Withdraw hours' });
    await expect(dialog).toHaveTextContent('3 h at Oakville Library on November 20, 2026');
    await expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await expect(args.actions.confirmWithdraw).toHaveBeenCalled();
  },
};

export const WithdrawFailed: Story = {
  args: { state: { ...ready, withdrawal: { state: 'failed', entryId: pending.id, message: HOURS_MESSAGES.locked } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(HOURS_MESSAGES.locked);
    await expect(canvas.getByRole('button', { name: 'Withdraw 3 h at Oakville Library on November 20, 2026' })).toHaveAccessibleDescription(
      HOURS_MESSAGES.locked,
    );
  },
};

/** A pending entry whose supervisor was never e-mailed (the mail failed): it says so, and the new link is one press away. */
export const MailNotSent: Story = {
  args: { state: { ...ready, entries: [{ ...pending, supervisorMailOwed: true }], notice: HOURS_MESSAGES.mailNotSent } },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent(HOURS_MESSAGES.mailNotSent);
    const button = canvas.getByRole('button', { name: 'Resend to supervisor: 3 h at Oakville Library on November 20, 2026' });
    await expect(button).toHaveAccessibleDescription('Not e-mailed to Dana Lee yet: use “Resend to supervisor” to send the link');
    await userEvent.click(button);
    await expect(args.actions.resendLink).toHaveBeenCalledWith(pending.id);
  },
};

export const Resending: Story = {
  args: { state: { ...ready, resend: { state: 'sending', entryId: pending.id } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Sending…: 3 h at Oakville Library on November 20, 2026' })).toBeDisabled();
    await expect(canvas.getByRole('button', { name: /^Withdraw / })).toBeDisabled();
  },
};

/** The daily limit of supervisor mails reached: the refusal says so on the entry, in plain words. */
export const ResendRefused: Story = {
  args: { state: { ...ready, resend: { state: 'failed', entryId: pending.id, message: HOURS_MESSAGES.mailLimit } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(HOURS_MESSAGES.mailLimit);
    await expect(canvas.getByRole('button', { name: /^Resend to supervisor: / })).toHaveAccessibleDescription(HOURS_MESSAGES.mailLimit);
  },
};

export const PdfDownloading: Story = {
  args: { state: { ...ready, download: { state: 'working' } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Download my record (PDF)' })).toHaveAttribute('aria-disabled', 'true');
    await expect(canvas.getByText(SERVICE_HOURS_TEXT.downloading)).toBeVisible();
  },
};

export const PdfFailed: Story = {
  args: { state: { ...ready, download: { state: 'failed', message: new PortalError('network').message } } },
  play: async ({ args, canvas, userEvent }) => {
    const button = canvas.getByRole('button', { name: 'Download my record (PDF)' });
    await expect(button).toHaveAccessibleDescription(new PortalError('network').message);
    await userEvent.click(button);
    await expect(args.actions.downloadRecord).toHaveBeenCalled();
  },
};

/** All 40 hours approved. */
export const Complete: Story = {
  args: { state: { ...ready, summary: { approvedHours: 42.5, pendingHours: 0, requiredHours: 40 } } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Approved hours' })).toHaveAttribute('aria-valuenow', '40');
    await expect(canvas.getByText('42.5 h approved: you have the 40 h you need')).toBeVisible();
  },
};

const box = (element: Element | null) => element?.getBoundingClientRect() ?? new DOMRect();

/** On a phone (390px): one column, nothing wider than the screen, the form's pairs stacked. */
export const Phone: Story = {
  globals: { viewport: { value: 'mobile2' } },
  args: { state: { ...ready, form: openForm() } },
  play: async ({ canvas, canvasElement }) => {
    const page = box(canvasElement.querySelector('.ok-service-hours'));
    await expect(page.width).toBeLessThanOrEqual(414);
    for (const element of canvasElement.querySelectorAll('.ok-service-hours__entry, .ok-service-hours__form, .ok-service-hours__input')) {
      await expect(box(element).right).toBeLessThanOrEqual(page.right + 1);
    }
    await expect(box(canvas.getByLabelText(/^Hours/)).top).toBeGreaterThan(box(canvas.getByLabelText(/^Date/)).bottom);
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
};

/**
 * The connected page over an SDK stand-in: withdrawing the pending entry removes it. `ServiceHours` gets
 * its own props only, not the view's `state` and `actions`, and only they have controls.
 */
export const Connected: StoryObj<typeof ServiceHours> = {
  parameters: { controls: { include: ['hours', 'studentEmail', 'prefill', 'saveFile', 'today'] } },
  render: ({ hours, studentEmail, prefill, saveFile, today }) => (
    <ServiceHours hours={hours} studentEmail={studentEmail} prefill={prefill} saveFile={saveFile} today={today} />
  ),
  args: {
    hours: {
      listMine: async () => everyState,
      summary: async () => ({ approvedHours: 7, pendingHours: 9, requiredHours: 40 }),
      log: async () => pending,
      edit: async () => pending,
      withdraw: async () => ({ id: pending.id }),
      resend: async () => pending,
      recordPdf: async () => ({ fileName: 'hours.pdf', blob: new Blob(['%PDF-1.7']) }),
    },
    saveFile: fn(),
    today: '2026-11-21',
  },
  play: async ({ args, canvas, canvasElement, userEvent }) => {
    await expect(await canvas.findByRole('progressbar', { name: 'Approved hours' })).toHaveAttribute('aria-valuenow', '7');
    await userEvent.click(canvas.getByRole('button', { name: 'Download my record (PDF)' }));
    await expect(args.saveFile).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'hours.pdf' }));
    await userEvent.click(canvas.getByRole('button', { name: /^Withdraw / }));
    await userEvent.click(within(canvasElement.ownerDocument.body).getByRole('button', { name: 'Withdraw' }));
    await expect(await canvas.findByText('The entry was withdrawn.')).toBeVisible();
    await expect(canvas.queryByText('Oakville Library')).toBeNull();
  },
};
