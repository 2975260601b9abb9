import { formatHours, isHoursEditable, spokenDate, type ServiceHoursEntry } from '@opportunity-kit/sdk/domain';

/** Where an entry stands, in the student's words: who it waits for, or what the teacher decided. */
export function serviceHoursStatusText(entry: ServiceHoursEntry): string {
  const granted = formatHours(entry.approvedHours ?? 0);
  switch (entry.status) {
    case 'pending':
      return `Waiting for ${entry.supervisorName} to confirm`;
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
  /** Why withdrawing it failed, shown in place; null when it did not. */
  withdrawError: string | null;
  /** Another change is on its way, so the buttons wait. */
  busy: boolean;
  onEdit(): void;
  onWithdraw(): void;
}

/** One entry: where and when, what the student did, where it stands, the teacher's comment, and edit and withdraw while pending. */
export function ServiceHoursEntryItem({ entry, itemId, withdrawError, busy, onEdit, onWithdraw }: ServiceHoursEntryItemProps) {
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
      {entry.reviewComment ? (
        <p className="ok-service-hours__comment">
          {entry.reviewerName ? `${entry.reviewerName}: ` : 'Teacher: '}“{entry.reviewComment}”
        </p>
      ) : null}
      {withdrawError ? (
        <p className="ok-service-hours__error" id={errorId} role="alert">
          {withdrawError}
        </p>
      ) : null}
      {isHoursEditable(entry.status) ? (
        <div className="ok-service-hours__entry-actions">
          <button type="button" className="ok-pill-button" onClick={onEdit} disabled={busy} aria-label={`Edit ${name}`}>
            Edit
          </button>
          <button
            type="button"
            className="ok-pill-button"
            onClick={onWithdraw}
            disabled={busy}
            aria-label={`Withdraw ${name}`}
            aria-describedby={withdrawError ? errorId : undefined}
          >
            Withdraw
          </button>
        </div>
      ) : null}
    </li>
  );
}
