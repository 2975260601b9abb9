import { useRef, useState, type FormEvent } from 'react';
import { Link, useLocation } from 'react-router';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { FormError, useFocusFirstInvalid } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { AccountField } from './account-field.tsx';
import { formFailure, NO_FAILURE, type FormFailure } from './form-failure.ts';
import { emailFromState, RESET_PASSWORD_PATH } from './recovery-paths.ts';
import './auth-form.css';

/**
 * /forgot-password: mails a link to choose a new password. The page says the same thing whether or
 * not the address has an account, so nobody learns from it which addresses do; only Appwrite's
 * limit on mails (ten an hour) gets its own message, which says to wait.
 */
export function ForgotPasswordPage() {
  const portal = usePortal();
  const location = useLocation();
  const [email, setEmail] = useState(() => emailFromState(location.state));
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, failure);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setSent(false);
    setFailure(NO_FAILURE);
    try {
      // The link leads back to this portal, wherever it is served from (a registered web platform).
      await portal.auth.requestPasswordReset({ email, url: `${window.location.origin}${RESET_PASSWORD_PATH}` });
      setSent(true);
    } catch (thrown) {
      setFailure(formFailure(thrown));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page title="Reset your password" narrow>
      <p>Enter the email address of your account (students: your school address). We will email you a link to choose a new password.</p>
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
          {busy ? 'Sending…' : 'Send reset link'}
        </button>
      </form>
      <div role="status" className="portal-form-status">
        {sent && <p className="portal-flash ok-confirmation">{MESSAGES.passwordResetSent}</p>}
      </div>
      <p className="portal-page__aside">
        Remembered it? <Link to="/signin">Sign in</Link>
      </p>
    </Page>
  );
}
