import { formatHours, isHoursEditable, spokenDate, type ServiceHoursEntry } from '@opportunity-kit/sdk/domain';

/** The entry's button texts, named so a host's tests and guides can say them. */
export const SERVICE_HOURS_ENTRY_TEXT = {
  edit: 'Edit',
  withdraw: 'Withdraw',
  resend: 'Resend to supervisor',
  resending: 'Sending…',
} as const;

/** Where an entry stands, in the student's words: who it waits for, or what the teacher decided. */
export function serviceHoursStatusText(entry: ServiceHoursEntry): string {
  const granted = formatHours(entry.approvedHours ?? 0);
  switch (entry.status) {
    case 'pending':
      return entry.supervisorMailOwed
        ? `Not e-mailed to ${entry.supervisorName} yet: use “${SERVICE_HOURS_ENTRY_TEXT.resend}” to send the link`
        : `Waiting for ${entry.supervisorName} to confirm`;
    case 'confirmed':
      return `Confirmed by ${entry.supervisorName}, waiting for a teacher’s review`;
    case 'disputed':
      return `Disputed by ${entry.supervisorName}, waiting for a teacher to follow up`;
    case 'approved':
      return `Approved: ${granted} count`;
    case 'partial':
      return `Partly approved: ${granted} of ${formatHours(entry.hours)} count`;
    case 'declined':
      return 'Declined: these hours do not count';
  }
}

/** How the entry is named on its buttons and in the withdraw question: where and when. */
export function serviceHoursEntryName(entry: ServiceHoursEntry): string {
  return `${formatHours(entry.hours)} at ${entry.organisation} on ${spokenDate(entry.date) ?? entry.date}`;
}

export interface ServiceHoursEntryItemProps {
  entry: ServiceHoursEntry;
  /** Unique on the page, for the ids the buttons point at. */
  itemId: string;
  /** Why withdrawing it or sending its link again failed, shown in place; null when it did not. */
  error: string | null;
  /** Another change is on its way, so the buttons wait. */
  busy: boolean;
  /** Its supervisor's new link is on its way. */
  resending: boolean;
  onEdit(): void;
  onWithdraw(): void;
  onResend(): void;
}

/**
 * One entry: where and when, what the student did, where it stands, the teacher's comment, and edit,
 * withdraw and "Resend to supervisor" while pending.
 */
export function ServiceHoursEntryItem({ entry, itemId, error, busy, resending, onEdit, onWithdraw, onResend }: ServiceHoursEntryItemProps) {
  const statusId = `${itemId}-status`;
  const errorId = `${itemId}-error`;
  const name = serviceHoursEntryName(entry);
  return (
    <li className="ok-service-hours__entry" data-state={entry.status}>
      <h3 className="ok-service-hours__organisation">{entry.organisation}</h3>
      <p className="ok-service-hours__meta">
        {spokenDate(entry.date) ?? entry.date} · {formatHours(entry.hours)}
      </p>
      <p className="ok-service-hours__activity">{entry.activity}</p>
      <p className="ok-service-hours__status" id={statusId} data-state={entry.status}>
        {serviceHoursStatusText(entry)}
      </p>
      {entry.status === 'disputed' && entry.disputeReason ? (
        <p className="ok-service-hours__comment">
          {entry.supervisorName}: “{entry.disputeReason}”
        </p>
      ) : null}
      {entry.reviewComment ? (
        <p className="ok-service-hours__comment">
          {entry.reviewerName ? `${entry.reviewerName}: ` : 'Teacher: '}“{entry.reviewComment}”
        </p>
      ) : null}
      {error ? (
        <p className="ok-service-hours__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
      {isHoursEditable(entry.status) ? (
        <div className="ok-service-hours__entry-actions">
          <button type="button" className="ok-pill-button" onClick={onEdit} disabled={busy} aria-label={`${SERVICE_HOURS_ENTRY_TEXT.edit} ${name}`}>
            {SERVICE_HOURS_ENTRY_TEXT.edit}
          </button>
          <button
            type="button"
            className="ok-pill-button"
            onClick={onWithdraw}
            disabled={busy}
            aria-label={`${SERVICE_HOURS_ENTRY_TEXT.withdraw} ${name}`}
            aria-describedby={error ? errorId : undefined}
          >
            {SERVICE_HOURS_ENTRY_TEXT.withdraw}
          </button>
          <button
            type="button"
            className="ok-pill-button"
            onClick={onResend}
            disabled={busy}
            aria-label={`${resending ? SERVICE_HOURS_ENTRY_TEXT.resending : SERVICE_HOURS_ENTRY_TEXT.resend}: ${name}`}
            aria-describedby={error ? errorId : statusId}
            data-state={resending ? 'sending' : entry.supervisorMailOwed ? 'owed' : 'idle'}
          >
            {resending ? SERVICE_HOURS_ENTRY_TEXT.resending : SERVICE_HOURS_ENTRY_TEXT.resend}
          </button>
        </div>
      ) : null}
    </li>
  );
}
