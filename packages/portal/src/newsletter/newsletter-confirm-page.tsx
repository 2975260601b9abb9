import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { NEWSLETTER_MESSAGES } from '@opportunity-kit/sdk/domain';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { failedAnswer, type LinkAnswer } from './newsletter-link-answer.ts';
import './newsletter-pages.css';

/**
 * /newsletter/confirm?token=…: where the newsletter's confirmation mail leads (double opt-in). The
 * token is read from the query string here and sent in the request body, never in a function path
 * (Appwrite logs paths). Nothing happens until the button is pressed, so a mail scanner that opens
 * the link does not subscribe anyone.
 */
export function NewsletterConfirmPage() {
  const portal = usePortal();
  const [search] = useSearchParams();
  const token = search.get('token') ?? '';
  const [answer, setAnswer] = useState<LinkAnswer>(token ? { state: 'idle' } : { state: 'refused', message: NEWSLETTER_MESSAGES.confirmationInvalid });

  const confirm = async () => {
    setAnswer({ state: 'sending' });
    try {
      setAnswer({ state: 'done', message: (await portal.newsletter.confirm(token)).message });
    } catch (thrown) {
      setAnswer(failedAnswer(thrown));
    }
  };

  return (
    <Page title="Newsletter subscription" narrow>
      {answer.state === 'done' ? (
        <p className="ok-confirmation" role="status">
          {answer.message}
        </p>
      ) : null}
      {answer.state === 'refused' ? (
        <div className="portal-newsletter">
          <p className="portal-alert" role="alert">
            {answer.message}
          </p>
          <p>
            <Link to="/welcome">Sign up again on the welcome page</Link>
          </p>
        </div>
      ) : null}
      {answer.state === 'idle' || answer.state === 'sending' || answer.state === 'failed' ? (
        <div className="portal-newsletter">
          <p>Confirm that you want one e-mail a week with the new public opportunities at this address.</p>
          <p>
            <button type="button" className="portal-button portal-button--primary" disabled={answer.state === 'sending'} onClick={() => void confirm()}>
              {answer.state === 'sending' ? 'Confirming…' : 'Confirm my subscription'}
            </button>
          </p>
          {answer.state === 'failed' ? (
            <p className="portal-alert" role="alert">
              {answer.message}
            </p>
          ) : null}
          <p className="portal-newsletter__note">Every newsletter e-mail tells you how to unsubscribe.</p>
        </div>
      ) : null}
    </Page>
  );
}
