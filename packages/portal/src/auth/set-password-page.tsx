import { useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { INVITATION_LINK_USED, isPortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { FormError, useFocusFirstInvalid } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { AccountField } from './account-field.tsx';
import { formFailure, NO_FAILURE, type FormFailure } from './form-failure.ts';
import { FORGOT_PASSWORD_PATH } from './recovery-paths.ts';
import './auth-form.css';

/** Where a roster invitation's link leads (`?userId=…&secret=…`, see the `commands` function's invitation mail). */
export const SET_PASSWORD_PATH = '/set-password';

/**
 * /set-password: a student invited by their teacher's roster import chooses a password and is signed
 * in. A used or expired invitation says how to get a new link: "Forgot password?" with the school
 * address (a reset link works for an account that has no password yet), or the teacher.
 */
export function SetPasswordPage() {
  const portal = usePortal();
  const session = useSession();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const userId = search.get('userId') ?? '';
  const secret = search.get('secret') ?? '';
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
      session.signedIn(await portal.auth.acceptInvitation({ userId, secret, password }));
      navigate('/landing', { replace: true });
    } catch (thrown) {
      if (isPortalError(thrown, 'invalid-input') && thrown.message === INVITATION_LINK_USED) setSpent(true);
      else setFailure(formFailure(thrown));
      setBusy(false);
    }
  };

  if (!userId || !secret || spent) {
    return (
      <Page title="Set your password" narrow>
        <p className="portal-alert" role="alert">
          {spent ? INVITATION_LINK_USED : 'This link is not complete. Please open the link from the e-mail again, or ask your teacher for a new invitation.'}
        </p>
        <p>
          <Link className="portal-button portal-button--primary" to={FORGOT_PASSWORD_PATH}>
            Get a new link
          </Link>
        </p>
      </Page>
    );
  }
  return (
    <Page title="Set your password" narrow>
      <p>Your teacher has created your account. Choose a password to sign in.</p>
      <form ref={formRef} className="portal-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        <FormError className="portal-alert" message={failure.message || null} />
        <AccountField
          label="Password"
          type="password"
          name="password"
          autoComplete="new-password"
          hint={MESSAGES.passwordHint}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={failure.fields.password}
        />
        <AccountField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(event) => setConfirmPassword(event.target.value)}
          error={failure.fields.confirmPassword}
        />
        <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
          {busy ? 'Saving…' : 'Set password'}
        </button>
      </form>
    </Page>
  );
}
