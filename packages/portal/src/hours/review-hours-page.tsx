import { useMemo } from 'react';
import { HoursReview } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { announcingWorkDone } from '../navigation/use-work-counts.ts';

/** /hours/review: the teachers' queue of community involvement hours, their decisions, and the CSV of every student's totals. */
export function ReviewHoursPage() {
  const portal = usePortal();
  // Each decision lowers the "Hours review" count in the navigation at once.
  const hours = useMemo(() => announcingWorkDone(portal.hours, ['review', 'approveMany']), [portal]);
  return (
    <Page title="Hours review" heading="hidden">
      <HoursReview hours={hours} />
    </Page>
  );
}
