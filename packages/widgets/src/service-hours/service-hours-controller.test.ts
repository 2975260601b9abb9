import { describe, expect, it, vi } from 'vitest';
import { PortalError, type HoursDownload } from '@opportunity-kit/sdk';
import { HOURS_MESSAGES, type HoursSummary, type ServiceHoursEntry, type ServiceHoursInput } from '@opportunity-kit/sdk/domain';
import { aServiceHoursEntry } from '../testing/a-service-hours-entry.ts';
import { createServiceHoursController, SERVICE_HOURS_NOTICES, type ServiceHoursApi } from './service-hours-controller.ts';
import { createServiceHoursModel, type ServiceHoursPrefill } from './service-hours-model.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** A stand-in of `portal.hours` over `stored`, answering as the server does for the calls the page makes. */
function fakeHours(stored: ServiceHoursEntry[], overrides: Partial<ServiceHoursApi> = {}): ServiceHoursApi & { logged: ServiceHoursInput[] } {
  const logged: ServiceHoursInput[] = [];
  const summary = (): HoursSummary => ({
    approvedHours: stored.reduce((sum, entry) => sum + (entry.approvedHours ?? 0), 0),
    pendingHours: stored.filter((entry) => entry.approvedHours === null).reduce((sum, entry) => sum + entry.hours, 0),
    requiredHours: 40,
  });
  return {
    logged,
    listMine: async () => [...stored],
    summary: async () => summary(),
    log: async (input) => {
      logged.push(input);
      const entry = aServiceHoursEntry({
        ...input,
        id: 'new',
        status: 'pending',
        reflection: input.reflection ?? null,
        jobId: input.jobId ?? null,
        approvedHours: null,
      });
      stored.push(entry);
      return entry;
    },
    edit: async (id, input) => {
      const index = stored.findIndex((entry) => entry.id === id);
      const entry = { ...stored[index]!, ...input, reflection: input.reflection ?? null, jobId: input.jobId ?? null };
      stored[index] = entry;
      return entry;
    },
    withdraw: async (id) => {
      stored.splice(
        stored.findIndex((entry) => entry.id === id),
        1,
      );
      return { id };
    },
    resend: async (id) => {
      const index = stored.findIndex((entry) => entry.id === id);
      stored[index] = { ...stored[index]!, supervisorMailOwed: false };
      return stored[index];
    },
    recordPdf: async () => ({ fileName: 'community-hours.pdf', blob: new Blob(['%PDF-1.7']) }),
    ...overrides,
  };
}

function page(api: ServiceHoursApi, options: { prefill?: ServiceHoursPrefill; studentEmail?: string } = {}) {
  const saveFile = vi.fn<(file: HoursDownload) => void>();
  const controller = createServiceHoursController(api, createServiceHoursModel(options.prefill), { ...options, saveFile });
  return { controller, saveFile, state: () => controller.state.value, actions: controller.actions };
}

function fill(actions: ReturnType<typeof page>['actions'], values: Partial<Record<Parameters<typeof actions.setField>[0], string>>) {
  for (const [field, value] of Object.entries(values)) actions.setField(field as Parameters<typeof actions.setField>[0], value);
}

const aGoodEntry = { organisation: 'Riverside Food Bank', activity: 'Packed hampers', date: '2026-01-10', hours: '2.5', supervisorName: 'Dana Lee' };

describe('service hours controller', () => {
  it('loads the entries newest date first and the progress', async () => {
    const older = aServiceHoursEntry({ id: 'older', date: '2026-01-02', status: 'approved', approvedHours: 3 });
    const newer = aServiceHoursEntry({ id: 'newer', date: '2026-02-02', status: 'pending' });
    const { controller, state } = page(fakeHours([older, newer]));
    controller.start();
    expect(state().status).toBe('loading');
    await settle();
    expect(state().entries.map((entry) => entry.id)).toEqual(['newer', 'older']);
    expect(state().summary).toEqual({ approvedHours: 3, pendingHours: 3, requiredHours: 40 });
  });

  it("shows a failed load with the SDK's message, and loads again on retry", async () => {
    let calls = 0;
    const { controller, state, actions } = page(
      fakeHours([], {
        listMine: async () => {
          calls += 1;
          if (calls === 1) throw new PortalError('network');
          return [];
        },
      }),
    );
    controller.start();
    await settle();
    expect(state()).toMatchObject({ status: 'error', error: new PortalError('network').message });
    actions.retry();
    await settle();
    expect(state()).toMatchObject({ status: 'ready', error: null });
  });

  it('refuses a form the domain refuses, field by field, without calling the server', async () => {
    const api = fakeHours([]);
    const { controller, state, actions } = page(api, { studentEmail: '1001@school.example' });
    controller.start();
    await settle();
    actions.openLogForm();
    fill(actions, { ...aGoodEntry, date: '2999-01-01', hours: '0.3', supervisorEmail: '1001@school.example' });
    actions.submitForm();
    await settle();
    const form = state().form;
    expect(form.open && form.errors).toEqual({
      date: HOURS_MESSAGES.dateInFuture,
      hours: HOURS_MESSAGES.hoursInvalid,
      supervisorEmail: HOURS_MESSAGES.supervisorEmailIsOwn,
    });
    expect(form.open && form.refusals).toBe(1);
    expect(api.logged).toEqual([]);
  });

  it('logs the hours, closes the form, lists the entry and asks the progress again', async () => {
    const api = fakeHours([]);
    const { controller, state, actions } = page(api, { prefill: { organisation: 'Riverside Food Bank', activity: 'Food bank helper', jobId: 'job7' } });
    controller.start();
    await settle();
    const opened = state().form;
    expect(opened.open && opened.draft).toMatchObject({ organisation: 'Riverside Food Bank', activity: 'Food bank helper', jobId: 'job7' });
    fill(actions, { date: '2026-01-10', hours: '2.5', supervisorName: 'Dana Lee', supervisorEmail: 'Dana@FoodBank.example' });
    actions.submitForm();
    await settle();
    expect(api.logged).toEqual([expect.objectContaining({ hours: 2.5, jobId: 'job7', supervisorEmail: 'dana@foodbank.example', reflection: null })]);
    expect(state().form).toEqual({ open: false });
    expect(state().notice).toBe(SERVICE_HOURS_NOTICES.logged('Dana Lee'));
    expect(state().entries.map((entry) => entry.id)).toEqual(['new']);
    expect(state().summary?.pendingHours).toBe(2.5);
  });

  it("shows the server's refusal beside its field and keeps what was typed", async () => {
    const refusal = new PortalError('invalid-input', HOURS_MESSAGES.dayLimit(4), { fields: { hours: HOURS_MESSAGES.dayLimit(4) } });
    const { controller, state, actions } = page(
      fakeHours([], {
        log: async () => {
          throw refusal;
        },
      }),
    );
    controller.start();
    await settle();
    actions.openLogForm();
    fill(actions, { ...aGoodEntry, hours: '8', supervisorEmail: 'dana@foodbank.example' });
    actions.submitForm();
    await settle();
    const form = state().form;
    expect(form.open && { errors: form.errors, failure: form.failure, saving: form.saving, hours: form.draft.hours }).toEqual({
      errors: { hours: HOURS_MESSAGES.dayLimit(4) },
      failure: null,
      saving: false,
      hours: '8',
    });
  });

  it('corrects a pending entry with its own values to start from, and refuses to open a locked one', async () => {
    const confirmed = aServiceHoursEntry({ id: 'confirmed', status: 'confirmed' });
    const pending = aServiceHoursEntry({ id: 'pending', status: 'pending', hours: 2 });
    const api = fakeHours([confirmed, pending]);
    const { controller, state, actions } = page(api);
    controller.start();
    await settle();
    actions.editEntry('confirmed');
    expect(state().form.open).toBe(false);
    actions.editEntry('pending');
    const form = state().form;
    expect(form.open && form.draft.hours).toBe('2');
    actions.setField('hours', '2.75');
    actions.submitForm();
    await settle();
    expect(state().notice).toBe(SERVICE_HOURS_NOTICES.editedAndMailed('Dana Lee'));
    expect(state().entries.find((entry) => entry.id === 'pending')?.hours).toBe(2.75);

    // Only the reflection changed: the supervisor's link stays, and nobody is mailed.
    actions.editEntry('pending');
    actions.setField('reflection', 'I learned to plan a food drive.');
    actions.submitForm();
    await settle();
    expect(state().notice).toBe(SERVICE_HOURS_NOTICES.edited);
  });

  it('says when the supervisor could not be e-mailed, so the student sends the link again', async () => {
    const api = fakeHours([]);
    const log = api.log;
    const { controller, state, actions } = page({ ...api, log: async (input) => ({ ...(await log(input)), supervisorMailOwed: true }) });
    controller.start();
    await settle();
    actions.openLogForm();
    fill(actions, { ...aGoodEntry, supervisorEmail: 'dana@foodbank.example' });
    actions.submitForm();
    await settle();
    expect(state().notice).toBe(HOURS_MESSAGES.mailNotSent);
    expect(state().entries[0]?.supervisorMailOwed).toBe(true);

    actions.resendLink('new');
    expect(state().resend).toEqual({ state: 'sending', entryId: 'new' });
    await settle();
    expect(state()).toMatchObject({ resend: { state: 'idle' }, notice: SERVICE_HOURS_NOTICES.resent('Dana Lee') });
    expect(state().entries[0]?.supervisorMailOwed).toBe(false);
  });

  it('shows a refused new link on its entry, in the server’s words, and sends none for an answered entry', async () => {
    const pending = aServiceHoursEntry({ id: 'pending', status: 'pending' });
    const confirmed = aServiceHoursEntry({ id: 'confirmed', status: 'confirmed' });
    const resend = vi.fn(async (): Promise<ServiceHoursEntry> => {
      throw new PortalError('rate-limited', HOURS_MESSAGES.mailLimit);
    });
    const { controller, state, actions } = page(fakeHours([pending, confirmed], { resend }));
    controller.start();
    await settle();
    actions.resendLink('confirmed');
    expect(resend).not.toHaveBeenCalled();
    actions.resendLink('pending');
    await settle();
    expect(state().resend).toEqual({ state: 'failed', entryId: 'pending', message: HOURS_MESSAGES.mailLimit });
  });

  it('withdraws only after the confirmation, and shows a refusal on the entry', async () => {
    const pending = aServiceHoursEntry({ id: 'pending', status: 'pending' });
    const { controller, state, actions } = page(
      fakeHours([pending], {
        withdraw: async () => {
          throw new PortalError('not-allowed', HOURS_MESSAGES.locked);
        },
      }),
    );
    controller.start();
    await settle();
    actions.askToWithdraw('pending');
    expect(state().withdrawal).toEqual({ state: 'confirming', entry: pending });
    actions.confirmWithdraw();
    await settle();
    expect(state().withdrawal).toEqual({ state: 'failed', entryId: 'pending', message: HOURS_MESSAGES.locked });
    expect(state().entries).toEqual([pending]);
  });

  it('removes a withdrawn entry and says so', async () => {
    const { controller, state, actions } = page(fakeHours([aServiceHoursEntry({ id: 'pending', status: 'pending' })]));
    controller.start();
    await settle();
    actions.askToWithdraw('pending');
    actions.confirmWithdraw();
    await settle();
    expect(state()).toMatchObject({ entries: [], withdrawal: { state: 'idle' }, notice: SERVICE_HOURS_NOTICES.withdrawn });
    expect(state().summary?.pendingHours).toBe(0);
  });

  it('hands the PDF to the saver, and says why when it could not be made', async () => {
    let fail = true;
    const { controller, state, actions, saveFile } = page(
      fakeHours([], {
        recordPdf: async () => {
          if (fail) throw new PortalError('network');
          return { fileName: 'community-hours.pdf', blob: new Blob(['%PDF-1.7']) };
        },
      }),
    );
    controller.start();
    await settle();
    actions.downloadRecord();
    expect(state().download).toEqual({ state: 'working' });
    await settle();
    expect(state().download).toEqual({ state: 'failed', message: new PortalError('network').message });
    expect(saveFile).not.toHaveBeenCalled();
    fail = false;
    actions.downloadRecord();
    await settle();
    expect(state().download).toEqual({ state: 'idle' });
    expect(saveFile).toHaveBeenCalledWith(expect.objectContaining({ fileName: 'community-hours.pdf' }));
  });

  it('drops a save answered after it stopped, leaving the form usable when started again', async () => {
    let answer: (entry: ServiceHoursEntry) => void = () => {};
    const { controller, state, actions } = page(fakeHours([], { log: () => new Promise((resolve) => (answer = resolve)) }));
    const stop = controller.start();
    await settle();
    actions.openLogForm();
    fill(actions, { ...aGoodEntry, supervisorEmail: 'dana@foodbank.example' });
    actions.submitForm();
    stop();
    answer(aServiceHoursEntry({ id: 'late' }));
    await settle();
    const form = state().form;
    expect(form.open && form.saving).toBe(false);
    expect(state().entries).toEqual([]);
  });
});
