import { HoursReview } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';

/** /hours/review: the teachers' queue of community involvement hours, their decisions, and the CSV of every student's totals. */
export function ReviewHoursPage() {
  const portal = usePortal();
  return (
    <Page title="Hours review" heading="hidden">
      <HoursReview hours={portal.hours} />
    </Page>
  );
}
