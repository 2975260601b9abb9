import { useRef, useState, type FormEvent } from 'react';
import { rosterResendMessage } from '@opportunity-kit/sdk/domain';
import { FormError, useFocusFirstInvalid } from '@opportunity-kit/widgets';
import { usePortal } from '../app/portal-context.tsx';
import { AccountField } from '../auth/account-field.tsx';
import { formFailure, NO_FAILURE, type FormFailure } from '../auth/form-failure.ts';
// The account forms' field and box; without it their look depended on whether a sign-in page had loaded first.
import '../auth/auth-form.css';
import './resend-link-form.css';

/**
 * A teacher sends one student of the roster a new way in: a new invitation while the account has no
 * password yet (the first link was used or has expired), else a link to reset the password. The
 * answer says which mail went out.
 */
export function ResendLinkForm() {
  const { roster } = usePortal();
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
      setSent(rosterResendMessage(await roster.resend(email)));
    } catch (thrown) {
      setFailure(formFailure(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="roster-resend" aria-labelledby="roster-resend-title">
      <h2 id="roster-resend-title" className="roster-resend__title">
        Send a student a new link
      </h2>
      <p className="roster__intro">
        For a student whose invitation was used or has expired, or who forgot their password. A student who never set a password gets a new invitation; the
        others get a link to reset their password.
      </p>
      <form ref={formRef} className="portal-form roster-resend__form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        <FormError className="portal-alert" message={failure.message || null} />
        <AccountField
          label="Student's school email"
          type="email"
          name="email"
          autoComplete="off"
          placeholder="1001@school.example"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={failure.fields.email}
        />
        <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
          {busy ? 'Sending…' : 'Send new link'}
        </button>
      </form>
      <div role="status">{sent && <p className="portal-flash ok-confirmation">{sent}</p>}</div>
    </section>
  );
}
