import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { isPortalError, type CurrentUser, type PortalClient } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { formFailure } from '../auth/form-failure.ts';
import { useSession } from '../session/session-context.tsx';
import { useVerificationLink, VERIFY_PATH } from './use-verification-link.ts';

type Outcome =
  | { state: 'working' }
  | { state: 'done'; user: CurrentUser | null }
  /** The link itself no longer works: used already, expired, replaced by a newer one, or cut short. */
  | { state: 'spent' }
  | { state: 'failed'; message: string };

// A link's secret works once: React's strict mode mounts twice, and both mounts share one attempt.
const attempts = new Map<string, Promise<CurrentUser | null>>();

function confirmOnce(portal: PortalClient, href: string): Promise<CurrentUser | null> {
  const key = new URL(href).searchParams.get('secret') ?? href;
  let attempt = attempts.get(key);
  if (!attempt) {
    attempt = portal.auth.confirmVerification(href);
    attempts.set(key, attempt);
    // A failed attempt (offline) may be tried again with the same link.
    attempt.catch(() => attempts.delete(key));
  }
  return attempt;
}

/** The server refuses a link it no longer accepts as an invalid token (or an unknown account). */
const isSpentLink = (thrown: unknown) => isPortalError(thrown, 'invalid-input') || isPortalError(thrown, 'not-found');

/** /verify: where the e-mailed verification link leads; confirms the address through the SDK. */
export function VerifyEmailPage() {
  const portal = usePortal();
  const { user, signedIn } = useSession();
  const navigate = useNavigate();
  const [outcome, setOutcome] = useState<Outcome>({ state: 'working' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    setOutcome({ state: 'working' });
    confirmOnce(portal, window.location.href).then(
      (user) => {
        if (!live) return;
        // The school role arrives from the server shortly after; the session asks for it.
        if (user) signedIn(user);
        setOutcome({ state: 'done', user });
        // The used secret need not stay in the address bar or the history.
        navigate(VERIFY_PATH, { replace: true });
      },
      (thrown: unknown) => live && setOutcome(isSpentLink(thrown) ? { state: 'spent' } : { state: 'failed', message: formFailure(thrown).message }),
    );
    return () => {
      live = false;
    };
    // Once per visit and per Try again: the link is read once; `signedIn` and the data router's `navigate` are stable.
  }, [portal, signedIn, navigate, attempt]);

  // Once the address is verified the page no longer asks for it (issue 25).
  const verified = outcome.state === 'done' || (outcome.state === 'spent' && user?.emailVerified === true);
  return (
    <Page title={verified ? 'E-mail address verified' : 'Verify your e-mail address'} narrow>
      {outcome.state === 'working' && <p role="status">{MESSAGES.loading}</p>}
      {outcome.state === 'failed' && (
        <div className="portal-alert" role="alert">
          <p>{outcome.message}</p>
          <p>
            <button type="button" className="portal-button" onClick={() => setAttempt((count) => count + 1)}>
              Try again
            </button>
          </p>
        </div>
      )}
      {outcome.state === 'spent' && <SpentLink />}
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

/**
 * A used, expired or replaced link, in words a person understands, with the way on: a member whose
 * address is verified already goes on; one still unverified gets a new link; a visitor signs in first.
 */
function SpentLink() {
  const { user } = useSession();
  const { sending, error, send } = useVerificationLink();
  if (user?.emailVerified) {
    return (
      <div role="status">
        <p>This link was used already, and your e-mail address is verified.</p>
        <p>
          <Link className="portal-button portal-button--primary" to="/landing">
            Continue
          </Link>
        </p>
      </div>
    );
  }
  return (
    <div className="portal-verify-spent">
      <p className="portal-alert" role="alert">
        This verification link no longer works: it was used already, it has expired, or a newer link replaced it.
      </p>
      {user ? (
        <>
          <p>We can e-mail a new link to {user.email}.</p>
          <p className="portal-verify-spent__actions">
            <button type="button" className="portal-button portal-button--primary" onClick={() => void send()} disabled={sending === 'sending'}>
              Send a new link
            </button>
            <span role="status">{sending === 'sending' ? 'Sending…' : sending === 'sent' ? `Link sent to ${user.email}. Open the newest e-mail.` : ''}</span>
          </p>
          {error && (
            <p className="portal-alert" role="alert">
              {error}
            </p>
          )}
        </>
      ) : (
        <p>
          Sign in, and the portal offers to send a new link.{' '}
          <Link className="portal-button portal-button--primary" to="/signin">
            Sign in
          </Link>
        </p>
      )}
    </div>
  );
}
