import { useMemo, useState } from 'react';
import { useLocation, useNavigate, useParams } from 'react-router';
import { LISTING_ROUTES } from '@opportunity-kit/sdk/domain';
import { JobDetail } from '@opportunity-kit/widgets';
import { postingCopy } from '../app/app-shell.ts';
import { Flash, flashState, type FlashState } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';
import { jobImageUrl } from './job-image.ts';
import { jobFromState } from './job-route.ts';
import { MissingPosting, useMissingPostingWatch } from './missing-posting.tsx';
import { useBoardRules } from './use-board-rules.ts';

/** The confirmation the listing shows after the member removed a posting (issue 14). */
export const POSTING_REMOVED_FLASH = 'The posting was removed.';

/**
 * /job/{id}: one posting with the buttons of its viewer's role. "Back to {type} listings" returns to
 * the results it was opened from, filters and all, when a listing or the search handed the posting
 * over with the navigation (history.back); otherwise, as after a direct visit, it opens the listing.
 * A posting that is not there says why, when the member's own saved posting or application knows it,
 * and links back (issue 25).
 */
export function JobDetailPage() {
  const { id = '' } = useParams();
  const portal = usePortal();
  const member = useMember();
  const navigate = useNavigate();
  const location = useLocation();
  const imageUrl = useMemo(() => jobImageUrl(portal), [portal]);
  const { jobs, missing } = useMissingPostingWatch();
  const boardRules = useBoardRules();
  // Read on arrival: a page that hands over a confirmation (a new posting, saved changes) is no listing.
  const [openedFromResults] = useState(() => jobFromState(location.state, id) !== undefined && !(location.state as FlashState | null)?.flash);
  // While the posting loads: the card it was opened from, or what the page's first copy painted (issue 25).
  const preview = useMemo(() => {
    const handed = jobFromState(location.state, id);
    if (!handed) return postingCopy(id);
    const { title, company, description, postingType } = handed;
    return { title, company, description, postingType, imageUrl: imageUrl(handed) };
  }, [location.state, id, imageUrl]);
  return (
    <Page title="Opportunity" heading="own">
      <Flash />
      <JobDetail
        jobs={jobs}
        applications={portal.applications}
        saved={portal.saved}
        reports={portal.moderation}
        jobId={id}
        viewer={member}
        imageUrl={imageUrl}
        boardRules={boardRules}
        preview={preview}
        onNavigate={(path, job) => {
          if (openedFromResults && path === LISTING_ROUTES[job.postingType]) void navigate(-1);
          else void navigate(path, { state: { job } });
        }}
        onRemoved={(job) => void navigate(LISTING_ROUTES[job.postingType], { replace: true, state: flashState(POSTING_REMOVED_FLASH) })}
      />
      {missing && <MissingPosting jobId={id} />}
    </Page>
  );
}
