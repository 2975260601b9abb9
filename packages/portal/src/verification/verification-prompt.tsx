import { useEffect, useId, useState, type ReactNode } from 'react';
import { matchPath, useLocation } from 'react-router';
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
  // The page the link leads to is confirming the address already; an application page says it in its own words.
  if (!user || !needsVerification(user) || pathname === VERIFY_PATH || matchPath(APPLICATION_PAGE, pathname)) return null;
  return (
    <Prompt user={user} sendNow={newAccount} title="Verify your e-mail address">
      Open the link we e-mail to <strong>{user.email}</strong> to start as a student, teacher or employer.
    </Prompt>
  );
}

/** The application form's page (/job/{id}/application), which shows {@link VerificationNotice} in place of the form. */
const APPLICATION_PAGE = '/job/:id/application';

/**
 * The same notice in a page's own words, where the page can do nothing before the address is verified
 * (the application form): one notice, never the page's and the prompt's one under the other.
 */
export function VerificationNotice({ title, children }: { title: string; children: ReactNode }) {
  const { user, newAccount } = useSession();
  if (!user || !needsVerification(user)) return null;
  return (
    <Prompt user={user} sendNow={newAccount} title={title}>
      {children}
    </Prompt>
  );
}

/** The accounts whose first link went out by itself in this visit (the notice is shown again on later pages). */
const linkSentByItself = new Set<string>();

function Prompt({ user, sendNow, title, children }: { user: CurrentUser; sendNow: boolean; title: string; children: ReactNode }) {
  const titleId = useId();
  const { endpoint } = usePortalConfig();
  const { sending, error, send } = useVerificationLink();
  const [outbox, setOutbox] = useState(false);
  // "Link sent." answers the member's own click: the first link, sent by itself, claims no click.
  const [clicked, setClicked] = useState(false);
  const outboxPossible = mayHaveDevOutbox(endpoint);

  // An account that signed up here gets its first link without asking, once, whichever notice shows first.
  useEffect(() => {
    if (!sendNow || linkSentByItself.has(user.id)) return;
    linkSentByItself.add(user.id);
    void send();
  }, [sendNow, send, user.id]);

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
    <section className="portal-notice" aria-labelledby={titleId} data-state={sending}>
      <div className="portal-notice__text">
        <h2 className="portal-notice__title" id={titleId}>
          {title}
        </h2>
        <p>{children}</p>
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
