import { useId } from 'react';
import { formatHours, type HoursSummary } from '@opportunity-kit/sdk/domain';

/** The progress bar's name, for assistive technology and tests. */
export const PROGRESS_LABEL = 'Approved hours';

/** What the bar says: approved of required; the hours still waiting are said apart, since they do not count yet. */
export function progressText(summary: HoursSummary): { approved: string; pending: string | null } {
  const approved =
    summary.approvedHours >= summary.requiredHours
      ? `${formatHours(summary.approvedHours)} approved: you have the ${formatHours(summary.requiredHours)} you need`
      : `${formatHours(summary.approvedHours)} of ${formatHours(summary.requiredHours)} approved`;
  const pending = summary.pendingHours > 0 ? `${formatHours(summary.pendingHours)} more waiting for confirmation or review` : null;
  return { approved, pending };
}

/** The progress towards the required hours: a bar of approved hours only, with the same in words. */
export function ServiceHoursProgress({ summary }: { summary: HoursSummary }) {
  const id = useId();
  const { approved, pending } = progressText(summary);
  const shown = Math.min(summary.approvedHours, summary.requiredHours);
  const percent = summary.requiredHours > 0 ? (shown / summary.requiredHours) * 100 : 100;
  return (
    <div className="ok-service-hours__progress">
      <p className="ok-service-hours__progress-label" id={`${id}-label`}>
        {PROGRESS_LABEL}
      </p>
      <div
        className="ok-service-hours__bar"
        role="progressbar"
        aria-labelledby={`${id}-label`}
        aria-valuemin={0}
        aria-valuemax={summary.requiredHours}
        aria-valuenow={shown}
        aria-valuetext={approved}
      >
        <span className="ok-service-hours__bar-fill" style={{ width: `${percent}%` }} />
      </div>
      <p className="ok-service-hours__progress-text">{approved}</p>
      {pending ? <p className="ok-service-hours__pending">{pending}</p> : null}
    </div>
  );
}
