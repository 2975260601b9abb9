import type { ApplicationStatus } from '@opportunity-kit/sdk/domain';

const STATUS_LABELS: Record<ApplicationStatus, string> = { pending: 'Pending', accepted: 'Accepted', rejected: 'Rejected' };

export function ApplicationStatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span className="ok-applications-manager__status" data-state={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}
