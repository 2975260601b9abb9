import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import type { CurrentUser } from '@opportunity-kit/sdk';
import { usePortal, usePortalConfig } from '../app/portal-context.tsx';
import { formFailure } from '../auth/form-failure.ts';
import { needsVerification } from '../session/session-check.ts';
import { useSession } from '../session/session-context.tsx';
import { devOutboxUrl, hasDevOutbox } from './dev-outbox.ts';
import './verification.css';

/** Where the e-mailed link leads: the page that confirms the address. */
export const VERIFY_PATH = '/verify';

type Sending = 'idle' | 'sending' | 'sent' | 'failed';

/**
 * Shown to every signed-in account whose address is not verified, since the `roles` function gives
 * no role (student, teacher or recruiter) to an unverified address: what to do, a button that sends
 * the link (again), and, against the local backend, where its development outbox keeps the e-mail.
 */
export function VerificationPrompt() {
  const { user, settling, newAccount } = useSession();
  const { pathname } = useLocation();
  // The page the link leads to is confirming the address already.
  if (!user || settling || !needsVerification(user) || pathname === VERIFY_PATH) return null;
  return <Prompt user={user} sendNow={newAccount} />;
}

function Prompt({ user, sendNow }: { user: CurrentUser; sendNow: boolean }) {
  const portal = usePortal();
  const { endpoint } = usePortalConfig();
  const [sending, setSending] = useState<Sending>('idle');
  const [error, setError] = useState('');
  const [outbox, setOutbox] = useState(false);
  const sentOnce = useRef(false);

  const send = useCallback(async () => {
    setSending('sending');
    setError('');
    try {
      await portal.auth.requestVerification(new URL(VERIFY_PATH, window.location.origin).toString());
      setSending('sent');
    } catch (thrown) {
      setError(formFailure(thrown).message);
      setSending('failed');
    }
  }, [portal]);

  // An account that signed up here gets its first link without asking.
  useEffect(() => {
    if (!sendNow || sentOnce.current) return;
    sentOnce.current = true;
    void send();
    // Only once for this account: `sentOnce` keeps a new `send` (another portal client) from sending again.
  }, [sendNow, send]);

  useEffect(() => {
    let live = true;
    void hasDevOutbox(endpoint, user.email).then((found) => live && setOutbox(found));
    return () => {
      live = false;
    };
  }, [endpoint, user.email]);

  return (
    <section className="portal-notice" aria-labelledby="verify-title" data-state={sending}>
      <h2 className="portal-notice__title" id="verify-title">
        Verify your e-mail address
      </h2>
      <p>
        Your access as a student, teacher or employer starts once you confirm <strong>{user.email}</strong>. Open the link we e-mail you
        {sending === 'sent' ? '' : ' (send it below if it has not arrived)'}, in any browser.
      </p>
      <div className="portal-notice__actions">
        <button type="button" className="portal-button" onClick={() => void send()} disabled={sending === 'sending'}>
          {sending === 'sent' || sendNow ? 'Send the link again' : 'Send verification link'}
        </button>
        <span role="status" className="portal-notice__status">
          {sending === 'sending' ? 'Sending…' : sending === 'sent' ? `Link sent to ${user.email}.` : ''}
        </span>
      </div>
      {error && (
        <p className="portal-alert" role="alert">
          {error}
        </p>
      )}
      {outbox && (
        <p className="portal-notice__hint">
          Local development: no e-mail leaves this machine. The message is in the development outbox at{' '}
          <a href={devOutboxUrl(endpoint, user.email)} target="_blank" rel="noreferrer">
            {devOutboxUrl(endpoint, user.email)}
          </a>
          ; open its link here.
        </p>
      )}
    </section>
  );
}
