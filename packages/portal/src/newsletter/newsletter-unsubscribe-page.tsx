import { useRef, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { FormError, useFocusFirstInvalid } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { AccountField } from '../auth/account-field.tsx';
import { formFailure, NO_FAILURE, type FormFailure } from '../auth/form-failure.ts';
import { failedAnswer, type LinkAnswer } from './newsletter-link-answer.ts';
import '../auth/auth-form.css';
import './newsletter-pages.css';

/**
 * /newsletter/unsubscribe: the way out of the newsletter. With `?token=` (the one-click link of a
 * personal mail) one press takes the address off the list; nothing happens before the press, so a mail
 * scanner unsubscribes nobody. Without a token (the weekly mail is the same for every reader, so it
 * links here bare) the reader enters their address and is mailed their own link; the page says the
 * same whatever the address, so it reveals nobody on the list.
 */
export function NewsletterUnsubscribePage() {
  const [search] = useSearchParams();
  const token = search.get('token');
  return (
    <Page title="Leave the newsletter" narrow>
      {token ? <OneClickUnsubscribe token={token} /> : <UnsubscribeLinkForm />}
    </Page>
  );
}

function OneClickUnsubscribe({ token }: { token: string }) {
  const portal = usePortal();
  const [answer, setAnswer] = useState<LinkAnswer>({ state: 'idle' });
  const unsubscribe = async () => {
    setAnswer({ state: 'sending' });
    try {
      setAnswer({ state: 'done', message: (await portal.newsletter.unsubscribe(token)).message });
    } catch (thrown) {
      setAnswer(failedAnswer(thrown));
    }
  };
  if (answer.state === 'done') {
    return (
      <p className="ok-confirmation" role="status">
        {answer.message}
      </p>
    );
  }
  if (answer.state === 'refused') {
    return (
      <div className="portal-newsletter">
        <p className="portal-alert" role="alert">
          {answer.message}
        </p>
        <UnsubscribeLinkForm />
      </div>
    );
  }
  return (
    <div className="portal-newsletter">
      <p>The newsletter sends one e-mail a week with the new public opportunities.</p>
      <p>
        <button type="button" className="portal-button portal-button--primary" disabled={answer.state === 'sending'} onClick={() => void unsubscribe()}>
          {answer.state === 'sending' ? 'Unsubscribing…' : 'Unsubscribe from the newsletter'}
        </button>
      </p>
      {answer.state === 'failed' ? (
        <p className="portal-alert" role="alert">
          {answer.message}
        </p>
      ) : null}
    </div>
  );
}

function UnsubscribeLinkForm() {
  const portal = usePortal();
  const [email, setEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState('');
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, failure);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSent('');
    setFailure(NO_FAILURE);
    try {
      setSent((await portal.newsletter.requestUnsubscribeLink(email)).message);
    } catch (thrown) {
      setFailure(formFailure(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <p>Enter the address that receives the newsletter. We will e-mail it a link that unsubscribes it in one click.</p>
      <form ref={formRef} className="portal-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        <FormError className="portal-alert" message={failure.message || null} />
        <AccountField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={failure.fields.email}
        />
        <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send me the link'}
        </button>
      </form>
      <div role="status" className="portal-form-status">
        {sent ? <p className="portal-flash ok-confirmation">{sent}</p> : null}
      </div>
    </>
  );
}
