import { useEffect, useId, useRef } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx';
import { Skeleton, SkeletonBone } from '../shared/skeleton.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import { ServiceHoursEntryItem, serviceHoursEntryName } from './service-hours-entry.tsx';
import { ServiceHoursForm, SERVICE_HOURS_FORM_TEXT } from './service-hours-form.tsx';
import type { ServiceHoursActions, ServiceHoursState } from './service-hours-model.ts';
import { ServiceHoursProgress } from './service-hours-progress.tsx';

/** The page's fixed texts, named so a host's tests and guides can say them. @public */
export const SERVICE_HOURS_TEXT = {
  title: 'Community involvement hours',
  download: 'Download my record (PDF)',
  downloading: 'Preparing your record…',
  empty: 'You have not logged any hours yet',
  emptyHint: 'Log the hours you volunteered; your supervisor confirms them by e-mail, then a teacher approves them.',
} as const;

/**
 * Props of {@link ServiceHoursView}: the page's `state` and `actions` (from {@link useServiceHours}),
 * and today's date for the form.
 * @public
 */
export interface ServiceHoursViewProps extends WidgetBinding<ServiceHoursState, ServiceHoursActions> {
  /** Today as `YYYY-MM-DD`: the latest date the form offers. */
  today: string;
}

/**
 * A student's community involvement hours: a progress bar where only approved hours count (pending
 * hours said apart), each entry with where it stands in words and the teacher's comment, "Log hours",
 * edit, withdraw (after a confirmation) and "Resend to supervisor" while an entry is pending, and
 * "Download my record (PDF)".
 * @public
 */
export function ServiceHoursView({ state, actions, today }: ServiceHoursViewProps) {
  const { status, entries, form, withdrawal, resend, download } = state;
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const wasOpen = useRef(form.open);
  useEffect(() => {
    // A closed form leaves the page where the person was: back to the top, where the outcome is announced.
    if (wasOpen.current && !form.open) heading.current?.focus();
    wasOpen.current = form.open;
  }, [form.open]);

  const busy = withdrawal.state === 'withdrawing' || resend.state === 'sending' || (form.open && form.saving);
  const entryError = (entryId: string): string | null =>
    withdrawal.state === 'failed' && withdrawal.entryId === entryId
      ? withdrawal.message
      : resend.state === 'failed' && resend.entryId === entryId
        ? resend.message
        : null;
  const asked = withdrawal.state === 'confirming' || withdrawal.state === 'withdrawing' ? withdrawal : null;
  const downloadErrorId = `${id}-download-error`;

  return (
    <section className="ok-service-hours" data-state={status} aria-labelledby={`${id}-title`}>
      <h2 className="ok-service-hours__title ok-focus-target" id={`${id}-title`} ref={heading} tabIndex={-1}>
        {SERVICE_HOURS_TEXT.title}
      </h2>
      <p className="ok-service-hours__notice" role="status">
        {state.notice}
      </p>
      {status === 'loading' ? (
        <Skeleton count={2}>
          <SkeletonBone width="medium" />
          <SkeletonBone width="long" />
        </Skeleton>
      ) : null}
      {status === 'error' ? (
        <div className="ok-service-hours__note" role="alert">
          <p>{state.error ?? MESSAGES.genericError}</p>
          <button type="button" className="ok-pill-button" onClick={actions.retry}>
            Try again
          </button>
        </div>
      ) : null}
      {status === 'ready' ? (
        <>
          {state.summary ? <ServiceHoursProgress summary={state.summary} /> : null}
          <div className="ok-service-hours__toolbar">
            {form.open ? null : (
              <button type="button" className="ok-primary-button" onClick={actions.openLogForm}>
                {SERVICE_HOURS_FORM_TEXT.logTitle}
              </button>
            )}
            <button
              type="button"
              className="ok-pill-button"
              onClick={actions.downloadRecord}
              aria-disabled={download.state === 'working'}
              aria-describedby={download.state === 'failed' ? downloadErrorId : undefined}
              data-state={download.state}
            >
              {SERVICE_HOURS_TEXT.download}
            </button>
          </div>
          <p className="ok-service-hours__download" role="status">
            {download.state === 'working' ? SERVICE_HOURS_TEXT.downloading : null}
          </p>
          {download.state === 'failed' ? (
            <p className="ok-service-hours__error" id={downloadErrorId} role="alert">
              {download.message}
            </p>
          ) : null}
          {form.open ? <ServiceHoursForm key={form.entryId ?? 'new'} form={form} actions={actions} today={today} ruling={state.ruling ?? null} /> : null}
          {entries.length === 0 ? (
            <div className="ok-service-hours__empty">
              <p className="ok-service-hours__empty-title">{SERVICE_HOURS_TEXT.empty}</p>
              <p className="ok-service-hours__note">{SERVICE_HOURS_TEXT.emptyHint}</p>
            </div>
          ) : (
            <ul className="ok-service-hours__list" aria-label="Your entries">
              {entries.map((entry) => (
                <ServiceHoursEntryItem
                  key={entry.id}
                  entry={entry}
                  itemId={`${id}-${entry.id}`}
                  error={entryError(entry.id)}
                  busy={busy}
                  resending={resend.state === 'sending' && resend.entryId === entry.id}
                  onEdit={() => actions.editEntry(entry.id)}
                  onWithdraw={() => actions.askToWithdraw(entry.id)}
                  onResend={() => actions.resendLink(entry.id)}
                />
              ))}
            </ul>
          )}
        </>
      ) : null}
      {asked ? (
        <ConfirmDialog
          title="Withdraw hours"
          message={`Withdraw the ${serviceHoursEntryName(asked.entry)}? Your supervisor’s link will stop working, and the hours will not count.`}
          confirmLabel="Withdraw"
          busyLabel="Withdrawing…"
          busy={asked.state === 'withdrawing'}
          onConfirm={actions.confirmWithdraw}
          onCancel={actions.cancelWithdraw}
          onFocusLost={() => heading.current?.focus()}
        />
      ) : null}
    </section>
  );
}
