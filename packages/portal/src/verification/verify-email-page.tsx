import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser, PortalClient } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { formFailure } from '../auth/form-failure.ts';
import { useSession } from '../session/session-context.tsx';
import { VERIFY_PATH } from './verification-prompt.tsx';

type Outcome = { state: 'working' } | { state: 'done'; user: CurrentUser | null } | { state: 'failed'; message: string };

// A link's secret works once: React's strict mode mounts twice, and both mounts share one attempt.
const attempts = new Map<string, Promise<CurrentUser | null>>();

function confirmOnce(portal: PortalClient, href: string): Promise<CurrentUser | null> {
  const key = new URL(href).searchParams.get('secret') ?? href;
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = portal.auth.confirmVerification(href);
    attempts.set(key, attempt);
  }
  return attempt;
}

/** /verify: where the e-mailed verification link leads; confirms the address through the SDK. */
export function VerifyEmailPage() {
  const portal = usePortal();
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });

  useEffect(() => {
    let live = true;
    confirmOnce(portal, window.location.href).then(
      (user) => {
        if (!live) return;
        // The school role arrives from the server shortly after; the session asks for it.
        if (user) signedIn(user);
        setOutcome({ state: 'done', user });
        // The used secret need not stay in the address bar or the history.
        navigate(VERIFY_PATH, { replace: true });
      },
      (thrown: unknown) => live && setOutcome({ state: 'failed', message: formFailure(thrown).message }),
    );
    return () => {
      live = false;
    };
    // Once per visit: the link is read once; `signedIn` and the data router's `navigate` are stable.
  }, [portal, signedIn, navigate]);

  return (
    <Page title="Verify your e-mail address" narrow>
      {outcome.state === 'working' && <p role="status">{MESSAGES.loading}</p>}
      {outcome.state === 'failed' && (
        <p className="portal-alert" role="alert">
          {outcome.message}
        </p>
      )}
      {outcome.state === 'done' && (
        <div role="status">
          <p>Your e-mail address is verified.</p>
          {outcome.user ? (
            <p>
              <Link className="portal-button portal-button--primary" to="/landing">
                Continue
              </Link>
            </p>
          ) : (
            <p>
              <Link className="portal-button portal-button--primary" to="/signin">
                Sign in to continue
              </Link>
            </p>
          )}
        </div>
      )}
    </Page>
  );
}
