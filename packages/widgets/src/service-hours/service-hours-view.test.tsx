import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PortalError, type HoursDownload } from '@opportunity-kit/sdk';
import { HOURS_MESSAGES, type ServiceHoursEntry, type ServiceHoursInput } from '@opportunity-kit/sdk/domain';
import { aServiceHoursEntry } from '../testing/a-service-hours-entry.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import type { ServiceHoursApi } from './service-hours-controller.ts';
import { ServiceHours } from './service-hours.tsx';

function fakeHours(stored: ServiceHoursEntry[], overrides: Partial<ServiceHoursApi> = {}): ServiceHoursApi & { logged: ServiceHoursInput[] } {
  const logged: ServiceHoursInput[] = [];
  return {
    logged,
    listMine: async () => [...stored],
    summary: async () => ({ approvedHours: 4, pendingHours: 3, requiredHours: 40 }),
    log: async (input) => {
      logged.push(input);
      return aServiceHoursEntry({ ...input, id: 'new', status: 'pending', reflection: null, jobId: input.jobId ?? null });
    },
    edit: async () => stored[0]!,
    withdraw: async (id) => ({ id }),
    resend: async (id) => ({ ...stored.find((entry) => entry.id === id)!, supervisorMailOwed: false }),
    recordPdf: async () => ({ fileName: 'community-hours.pdf', blob: new Blob(['%PDF-1.7']) }),
    ...overrides,
  };
}

/** What a screen reader says after a control's name: the texts its `aria-describedby` points at. */
function descriptionOf(element: HTMLElement): string {
  const ids = element.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

const approved = aServiceHoursEntry({ id: 'approved', status: 'approved', hours: 4, approvedHours: 4, organisation: 'Oakville Library' });

describe('ServiceHours', () => {
  it('shows approved hours on the bar and the pending ones apart, in words', async () => {
    const { container } = render(<ServiceHours hours={fakeHours([approved])} today="2026-11-21" />);
    const bar = await screen.findByRole('progressbar', { name: 'Approved hours' });
    expect(bar.getAttribute('aria-valuenow')).toBe('4');
    expect(bar.getAttribute('aria-valuemax')).toBe('40');
    expect(bar.getAttribute('aria-valuetext')).toBe('4 h of 40 h approved');
    expect(screen.getByText('3 h more waiting for confirmation or review')).toBeTruthy();
    expect(screen.getByText('Approved: 4 h count')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /^Edit / })).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('refuses a future date and more than 12 hours beside their fields, focusing the first', async () => {
    const api = fakeHours([]);
    render(<ServiceHours hours={api} today="2026-11-21" studentEmail="1001@school.example" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Log hours' }));
    const form = screen.getByRole('form', { name: 'Log hours' });
    await userEvent.type(within(form).getByLabelText(/^Organisation/), 'Riverside Food Bank');
    await userEvent.type(within(form).getByLabelText(/^What you did/), 'Packed hampers');
    await userEvent.type(within(form).getByLabelText(/^Date/), '2999-01-01');
    await userEvent.type(within(form).getByLabelText(/^Hours/), '13');
    await userEvent.type(within(form).getByLabelText(/^Supervisor name/), 'Dana Lee');
    await userEvent.type(within(form).getByLabelText(/^Supervisor email/), '1001@school.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit hours' }));
    expect(document.activeElement).toBe(within(form).getByLabelText(/^Date/));
    expect(descriptionOf(within(form).getByLabelText(/^Date/))).toEqual(HOURS_MESSAGES.dateInFuture);
    expect(descriptionOf(within(form).getByLabelText(/^Hours/))).toEqual(expect.stringContaining(HOURS_MESSAGES.hoursInvalid));
    expect(descriptionOf(within(form).getByLabelText(/^Supervisor email/))).toEqual(HOURS_MESSAGES.supervisorEmailIsOwn);
    expect(api.logged).toEqual([]);
  });

  it('logs pre-filled hours, announces them and lists the entry as waiting for the supervisor', async () => {
    const api = fakeHours([]);
    render(<ServiceHours hours={api} today="2026-11-21" prefill={{ organisation: 'Riverside Food Bank', activity: 'Food bank helper', jobId: 'job7' }} />);
    const form = await screen.findByRole('form', { name: 'Log hours' });
    expect(document.activeElement).toBe(within(form).getByRole('heading', { name: 'Log hours' }));
    await userEvent.type(within(form).getByLabelText(/^Date/), '2026-11-20');
    await userEvent.type(within(form).getByLabelText(/^Hours/), '2.5');
    await userEvent.type(within(form).getByLabelText(/^Supervisor name/), 'Dana Lee');
    await userEvent.type(within(form).getByLabelText(/^Supervisor email/), 'dana@foodbank.example');
    await userEvent.click(within(form).getByRole('button', { name: 'Submit hours' }));
    expect(await screen.findByText('Your hours are logged. We e-mailed Dana Lee to confirm them.')).toBeTruthy();
    expect(api.logged).toEqual([expect.objectContaining({ organisation: 'Riverside Food Bank', jobId: 'job7', hours: 2.5, date: '2026-11-20' })]);
    expect(screen.queryByRole('form')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Community involvement hours' }));
    expect(screen.getByText('Waiting for Dana Lee to confirm')).toBeTruthy();
  });

  it('withdraws a pending entry only after the confirmation', async () => {
    const pending = aServiceHoursEntry({ id: 'pending', status: 'pending', date: '2026-11-20', hours: 3, organisation: 'Oakville Library' });
    const withdraw = vi.fn(async (id: string) => ({ id }));
    render(<ServiceHours hours={fakeHours([pending], { withdraw })} today="2026-11-21" />);
    await userEvent.click(await screen.findByRole('button', { name: 'Withdraw 3 h at Oakville Library on November 20, 2026' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Withdraw hours' });
    expect(withdraw).not.toHaveBeenCalled();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    expect(await screen.findByText('The entry was withdrawn.')).toBeTruthy();
    expect(withdraw).toHaveBeenCalledWith('pending');
    expect(screen.queryByText('Oakville Library')).toBeNull();
  });

  it('says an entry was not e-mailed yet, and sends its supervisor a new link from it', async () => {
    const owed = aServiceHoursEntry({
      id: 'owed',
      status: 'pending',
      date: '2026-11-20',
      hours: 3,
      organisation: 'Oakville Library',
      supervisorMailOwed: true,
    });
    const resend = vi.fn(async () => ({ ...owed, supervisorMailOwed: false }));
    const { container } = render(<ServiceHours hours={fakeHours([owed], { resend })} today="2026-11-21" />);
    const button = await screen.findByRole('button', { name: 'Resend to supervisor: 3 h at Oakville Library on November 20, 2026' });
    expect(descriptionOf(button)).toBe('Not e-mailed to Dana Lee yet: use “Resend to supervisor” to send the link');
    await expectNoAxeViolations(container);
    await userEvent.click(button);
    expect(await screen.findByText('We e-mailed Dana Lee a new link. The earlier link no longer works.')).toBeTruthy();
    expect(resend).toHaveBeenCalledWith('owed');
    expect(screen.getByText('Waiting for Dana Lee to confirm')).toBeTruthy();
  });

  it('downloads the record through the saver, and says why when it failed', async () => {
    const saveFile = vi.fn<(file: HoursDownload) => void>();
    let fail = true;
    const api = fakeHours([approved], {
      recordPdf: async () => {
        if (fail) throw new PortalError('network');
        return { fileName: 'community-hours.pdf', blob: new Blob(['%PDF-1.7']) };
      },
    });
    render(<ServiceHours hours={api} today="2026-11-21" saveFile={saveFile} />);
    const download = await screen.findByRole('button', { name: 'Download my record (PDF)' });
    await userEvent.click(download);
    expect((await screen.findByRole('alert')).textContent).toContain(new PortalError('network').message);
    expect(descriptionOf(download)).toEqual(new PortalError('network').message);
    fail = false;
    await userEvent.click(download);
    await vi.waitFor(() => expect(saveFile).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'community-hours.pdf' })));
  });
});
