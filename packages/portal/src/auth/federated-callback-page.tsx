import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { CurrentUser, PortalClient } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { formFailure } from './form-failure.ts';
import { returnPath } from './return-path.ts';

// The secret is good for one session: React's strict mode mounts twice, and both mounts must share one attempt.
const attempts = new Map<string, Promise<CurrentUser>>();

function completeOnce(portal: PortalClient, href: string): Promise<CurrentUser> {
  const secret = new URL(href).searchParams.get('secret') ?? href;
  let attempt = attempts.get(secret);
  if (!attempt) {
    attempt = portal.auth.completeFederatedSignIn(href);
    attempts.set(secret, attempt);
  }
  return attempt;
}

/** The success URL of a federated sign-in: turns the provider's one-time secret into a session. */
export function FederatedCallbackPage() {
  const portal = usePortal();
  const { signedIn } = useSession();
  const navigate = useNavigate();
  const [error, setError] = useState('');

  useEffect(() => {
    let live = true;
    const href = window.location.href;
    completeOnce(portal, href).then(
      (user) => {
        if (!live) return;
        signedIn(user);
        navigate(returnPath(new URL(href).searchParams.get('next')), { replace: true });
      },
      (thrown: unknown) => {
        if (live) setError(formFailure(thrown).message);
      },
    );
    return () => {
      live = false;
    };
    // Once per visit of this page: the URL is read once; `signedIn` and the data router's `navigate` are stable.
  }, [portal, signedIn, navigate]);

  return (
    <Page title="Signing you in" narrow>
      {error ? (
        <>
          <p className="portal-alert" role="alert">
            {error}
          </p>
          <p>
            <Link to="/signin">Back to sign in</Link>
          </p>
        </>
      ) : (
        <p role="status">{MESSAGES.loading}</p>
      )}
    </Page>
  );
}
