import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { CurrentUser } from '@opportunity-kit/sdk';
import { usePortalConfig } from '../app/portal-context.tsx';
import { needsVerification } from '../session/session-check.ts';
import { useSession } from '../session/session-context.tsx';
import { devOutboxUrl, hasDevOutbox, mayHaveDevOutbox } from './dev-outbox.ts';
import { useVerificationLink, VERIFY_PATH } from './use-verification-link.ts';
import './verification.css';

export { VERIFY_PATH } from './use-verification-link.ts';

/**
 * Shown to every signed-in account whose address is not verified, since the `roles` function gives
 * no role (student, teacher or recruiter) to an unverified address: what to do, a button that sends
 * the link (again), and, against the local backend, where its development outbox keeps the e-mail.
 * It shows with the page's first paint (the session knows the address is unverified; nothing waits
 * for the role), and what arrives later fills places kept for it, so the page below never jumps.
 */
export function VerificationPrompt() {
  const { user, newAccount } = useSession();
  const { pathname } = useLocation();
  // The page the link leads to is confirming the address already.
  if (!user || !needsVerification(user) || pathname === VERIFY_PATH) return null;
  return <Prompt user={user} sendNow={newAccount} />;
}

function Prompt({ user, sendNow }: { user: CurrentUser; sendNow: boolean }) {
  const { endpoint } = usePortalConfig();
  const { sending, error, send } = useVerificationLink();
  const [outbox, setOutbox] = useState(false);
  // "Link sent." answers the member's own click: the first link, sent by itself, claims no click.
  const [clicked, setClicked] = useState(false);
  const sentOnce = useRef(false);
  const outboxPossible = mayHaveDevOutbox(endpoint);

  // An account that signed up here gets its first link without asking.
  useEffect(() => {
    if (!sendNow || sentOnce.current) return;
    sentOnce.current = true;
    void send();
    // Only once for this account: `sentOnce` keeps a new `send` (another portal client) from sending again.
  }, [sendNow, send]);

  useEffect(() => {
    if (!outboxPossible) return;
    let live = true;
    void hasDevOutbox(endpoint, user.email).then((found) => live && setOutbox(found));
    return () => {
      live = false;
    };
  }, [endpoint, user.email, outboxPossible]);

  const status = !clicked ? '' : sending === 'sending' ? 'Sending…' : sending === 'sent' ? 'Link sent.' : '';
  const sendAgain = () => {
    setClicked(true);
    void send();
  };
  return (
    <section className="portal-notice" aria-labelledby="verify-title" data-state={sending}>
      <div className="portal-notice__text">
        <h2 className="portal-notice__title" id="verify-title">
          Verify your e-mail address
        </h2>
        <p>
          Open the link we e-mail to <strong>{user.email}</strong> to start as a student, teacher or employer.
        </p>
      </div>
      <div className="portal-notice__actions">
        <button type="button" className="portal-button" onClick={sendAgain} disabled={sending === 'sending'}>
          {sending === 'sent' || sendNow ? 'Send the link again' : 'Send verification link'}
        </button>
        <span role="status" className="portal-notice__status">
          {status}
        </span>
      </div>
      {error && (
        <p className="portal-alert portal-notice__error" role="alert">
          {error}
        </p>
      )}
      {outboxPossible && (
        <p className="portal-notice__hint">
          {outbox && (
            <>
              The e-mail is in the{' '}
              <a href={devOutboxUrl(endpoint, user.email)} target="_blank" rel="noreferrer">
                development outbox
              </a>
              .
            </>
          )}
        </p>
      )}
    </section>
  );
}
