import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isPortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { FormError, useFocusFirstInvalid } from '@opportunity-kit/widgets';
import { flashState } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { AccountField } from './account-field.tsx';
import { formFailure, NO_FAILURE, type FormFailure } from './form-failure.ts';
import { FORGOT_PASSWORD_PATH, forgotPasswordState } from './recovery-paths.ts';
import './auth-form.css';

/**
 * /reset-password: where the mailed reset link leads. The member chooses a new password; every
 * session of the account ends, and this browser is signed in with the new password (the link
 * carries the address). A used or expired link says so and leads to a new one.
 */
export function ResetPasswordPage() {
  const portal = usePortal();
  const session = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const userId = search.get('userId') ?? '';
  const secret = search.get('secret') ?? '';
  const email = search.get('email') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [spent, setSpent] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(NO_FAILURE);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, failure);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password && password !== confirmPassword) {
      setFailure({ fields: { confirmPassword: MESSAGES.passwordsDoNotMatch }, message: '' });
      return;
    }
    setBusy(true);
    setFailure(NO_FAILURE);
    try {
      const user = await portal.auth.resetPassword({ userId, secret, password, email: email || undefined });
      if (user) {
        session.signedIn(user);
        navigate('/landing', { replace: true });
      } else {
        // The reset ended this browser's session if it held one: the portal asks again before showing sign-in.
        await session.refresh().catch(() => null);
        navigate('/signin', { replace: true, state: flashState(MESSAGES.passwordChanged) });
      }
    } catch (thrown) {
      if (isPortalError(thrown, 'invalid-input') && thrown.message === MESSAGES.passwordResetLinkUsed) setSpent(true);
      else setFailure(formFailure(thrown));
      setBusy(false);
    }
  };

  if (!userId || !secret || spent) {
    return (
      <Page title="Choose a new password" narrow>
        <p className="portal-alert" role="alert">
          {spent ? MESSAGES.passwordResetLinkUsed : 'This link is not complete. Please open the link from the email again, or ask for a new one.'}
        </p>
        <p>
          <Link className="portal-button portal-button--primary" to={FORGOT_PASSWORD_PATH} state={forgotPasswordState(email)}>
            Get a new link
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title="Choose a new password" narrow>
      <p>{email ? `Choose a new password for ${email}.` : 'Choose a new password for your account.'} You will be signed out everywhere else.</p>
      <form ref={formRef} className="portal-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        <FormError className="portal-alert" message={failure.message || null} />
        <AccountField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint={MESSAGES.passwordHint}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={failure.fields.password}
        />
        <AccountField
          label="Confirm new password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          error={failure.fields.confirmPassword}
        />
        <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Set new password'}
        </button>
      </form>
    </Page>
  );
}
