import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { AppliedState } from '@opportunity-kit/sdk';
import { MESSAGES, myApplicationMessage } from '@opportunity-kit/sdk/domain';
import { ApplicationForm } from '@opportunity-kit/widgets';
import { flashState } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { needsVerification } from '../session/session-check.ts';
import { useSession } from '../session/session-context.tsx';
import { VerificationNotice } from '../verification/verification-prompt.tsx';
import { jobPath } from './job-route.ts';
import { PostingStatus } from './posting-status.tsx';
import { usePosting } from './use-posting.ts';

/** The student's application to this posting: `checking` until known, null when there is none to show. */
type ApplicationOfMine = 'checking' | AppliedState | null;

/**
 * Whether the signed-in student already applied to the posting. An application to a removed posting is
 * not shown (the page says the posting is gone), and a failure to ask shows the form: the server still
 * refuses a second application.
 */
function useApplicationOfMine(jobId: string): ApplicationOfMine {
  const portal = usePortal();
  const [mine, setMine] = useState<ApplicationOfMine>('checking');
  useEffect(() => {
    let live = true;
    setMine('checking');
    portal.applications.appliedTo([jobId]).then(
      (applied) => {
        const application = applied.get(jobId);
        if (live) setMine(application && !application.postingRemoved ? application : null);
      },
      () => live && setMine(null),
    );
    return () => {
      live = false;
    };
  }, [portal, jobId]);
  return mine;
}

/** What an unverified student reads instead of the form (issue 25: the server refuses their application). */
export const VERIFY_TO_APPLY = 'Verify your e-mail to apply';

/**
 * /job/{id}/application: the application form. Once the application is stored, the posting's page
 * opens again with "Application submitted successfully!". A student who already applied reads so,
 * with the application's status and the way to My applications, and no form (issue 25); so does an
 * unverified account, told to verify its e-mail first.
 */
export function ApplicationPage() {
  const { id = '' } = useParams();
  const portal = usePortal();
  const navigate = useNavigate();
  const posting = usePosting(id);
  const mine = useApplicationOfMine(id);
  const { user } = useSession();
  const unverified = needsVerification(user);
  return (
    <Page title="Apply" heading="hidden" narrow>
      <p>
        <Link to={jobPath(id)}>Back to the opportunity</Link>
      </p>
      <PostingStatus posting={posting} />
      {posting.state === 'ready' && mine !== null && mine !== 'checking' && (
        <section className="portal-flash" aria-label="Applied" data-state={mine.status}>
          <p>{MESSAGES.alreadyApplied}</p>
          <p>{myApplicationMessage(mine)}</p>
          <p>
            <Link to="/my-applications">My applications</Link>
          </p>
        </section>
      )}
      {posting.state === 'ready' && unverified && user ? (
        // Said before the form, not after it: an unverified account cannot apply, so it gets the reason and the link, and no form.
        <VerificationNotice title={VERIFY_TO_APPLY}>
          Open the link we e-mailed to <strong>{user.email}</strong>, then come back to this opportunity.
        </VerificationNotice>
      ) : null}
      {posting.state === 'ready' && mine === null && !unverified && (
        <ApplicationForm
          applications={portal.applications}
          job={posting.job}
          onSubmitted={() => navigate(jobPath(id), { state: flashState(MESSAGES.applicationSubmitted) })}
        />
      )}
    </Page>
  );
}
