import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { isPortalError } from '@opportunity-kit/sdk';
import { ALERT_MESSAGES, MESSAGES, NOTIFICATION_KIND_NAMES, NOTIFICATION_KINDS } from '@opportunity-kit/sdk/domain';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import './unsubscribe-page.css';

type Answer =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'done'; message: string }
  /** The link itself was refused: trying again cannot help, the message says what to do. */
  | { state: 'refused'; message: string }
  /** The server could not be reached or failed: trying again may work. */
  | { state: 'failed'; message: string };

/** A network failure or a server error may pass; a refusal of the token will not. */
const isPassing = (thrown: unknown) => !isPortalError(thrown) || thrown.code === 'network' || thrown.code === 'internal' || thrown.code === 'unknown';
const messageOf = (thrown: unknown) => (isPortalError(thrown) ? thrown.message : MESSAGES.genericError);

/**
 * /unsubscribe?token=…[&kind=…]: where a mail's unsubscribe links lead: with a kind, e-mails of that
 * kind stop; without, every e-mail does. No sign-in is needed: the token names the member's settings.
 * Nothing happens until the button is pressed, so a mail scanner that opens the link does not
 * unsubscribe anyone.
 */
export function UnsubscribePage() {
  const portal = usePortal();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const kind = NOTIFICATION_KINDS.find((candidate) => candidate === search.get('kind'));
  const [answer, setAnswer] = useState<Answer>(token ? { state: 'idle' } : { state: 'refused', message: ALERT_MESSAGES.unsubscribeInvalid });

  const unsubscribe = async () => {
    setAnswer({ state: 'sending' });
    try {
      const done = await portal.notifications.unsubscribeDigest(token, kind);
      setAnswer({ state: 'done', message: done.message });
    } catch (thrown) {
      setAnswer({ state: isPassing(thrown) ? 'failed' : 'refused', message: messageOf(thrown) });
    }
  };

  return (
    <Page title={kind ? 'E-mail notifications' : 'Daily digest e-mail'} narrow>
      {answer.state === 'done' ? (
        <p className="ok-confirmation" role="status">
          {answer.message}
        </p>
      ) : null}
      {answer.state === 'refused' ? (
        <p className="portal-alert" role="alert">
          {answer.message}
        </p>
      ) : null}
      {answer.state === 'idle' || answer.state === 'sending' || answer.state === 'failed' ? (
        <div className="portal-unsubscribe">
          <p>
            {kind
              ? `You get e-mails about ${NOTIFICATION_KIND_NAMES[kind]}.`
              : 'The daily digest tells you once a day about new postings that match your saved searches, and about deadlines of postings you saved. This stops every e-mail from Opportunity Kit.'}
          </p>
          <p>
            <button type="button" className="portal-button portal-button--primary" disabled={answer.state === 'sending'} onClick={() => void unsubscribe()}>
              {answer.state === 'sending'
                ? 'Unsubscribing…'
                : kind
                  ? `Stop e-mails about ${NOTIFICATION_KIND_NAMES[kind]}`
                  : 'Unsubscribe from the daily digest'}
            </button>
          </p>
          {answer.state === 'failed' ? (
            <p className="portal-alert" role="alert">
              {answer.message}
            </p>
          ) : null}
          <p className="portal-unsubscribe__note">Notifications in the portal stay on; you will still see them under the bell when you sign in.</p>
        </div>
      ) : null}
    </Page>
  );
}
