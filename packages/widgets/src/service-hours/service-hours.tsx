import type { HoursDownload } from '@opportunity-kit/sdk';
import { todayDateString } from '@opportunity-kit/sdk/domain';
import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { saveInBrowser } from '../shared/save-download.ts';
import { createServiceHoursController, type ServiceHoursApi } from './service-hours-controller.ts';
import { createServiceHoursModel, type ServiceHoursActions, type ServiceHoursPrefill, type ServiceHoursState } from './service-hours-model.ts';
import { ServiceHoursView } from './service-hours-view.tsx';

/** Options of {@link useServiceHours}: the SDK, and what the form starts from. @public */
export interface ServiceHoursOptions {
  /** The SDK's `hours` module (`portal.hours`), or anything with its `listMine`, `summary`, `log`, `edit`, `withdraw`, `resend` and `recordPdf`. */
  hours: ServiceHoursApi;
  /** The signed-in student's e-mail address: the form refuses it as the supervisor's before sending. */
  studentEmail?: string | undefined;
  /** Opens the form pre-filled (from an accepted application or an assigned posting); "Log hours" starts from it too. */
  prefill?: ServiceHoursPrefill | undefined;
  /** Hands the PDF record to the person; by default a download link with the file's name. */
  saveFile?: ((file: HoursDownload) => void) | undefined;
}

/** Props of {@link ServiceHours}. @public */
export interface ServiceHoursProps extends ServiceHoursOptions {
  /** Today as `YYYY-MM-DD`, the latest date the form offers; the device's today by default. */
  today?: string | undefined;
}

/**
 * A student's community involvement hours without their markup: the entries and the progress, the
 * "Log hours" form, correcting or withdrawing a pending entry or sending its supervisor a new link,
 * and the PDF record, for a view of your own. The options are read once; give the component a new
 * `key` for another prefill.
 * @public
 */
export function useServiceHours(options: ServiceHoursOptions): WidgetBinding<ServiceHoursState, ServiceHoursActions> {
  return useWidgetController(() =>
    createServiceHoursController(options.hours, createServiceHoursModel(options.prefill), {
      studentEmail: options.studentEmail,
      prefill: options.prefill,
      saveFile: options.saveFile ?? saveInBrowser,
    }),
  );
}

/**
 * The student's community involvement hours page, connected to the SDK: a progress bar where only
 * approved hours count, each entry with where it stands in words, a "Log hours" form, edit, withdraw
 * and "Resend to supervisor" while an entry is pending, and "Download my record (PDF)".
 * @public
 */
export function ServiceHours({ today, ...options }: ServiceHoursProps) {
  const { state, actions } = useServiceHours(options);
  return <ServiceHoursView state={state} actions={actions} today={today ?? todayDateString()} />;
}
