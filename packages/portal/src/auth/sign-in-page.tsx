import { useState } from 'react';
import { Link, useLocation } from 'react-router';
import { FormError } from '@opportunity-kit/widgets';
import { Flash } from '../app/flash.tsx';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { AccountField } from './account-field.tsx';
import { FederatedButton } from './federated-button.tsx';
import { emailFromState, FORGOT_PASSWORD_PATH, forgotPasswordState } from './recovery-paths.ts';
import { useAccountForm } from './use-account-form.ts';
import './auth-form.css';

/**
 * /signin: e-mail and password (with "Forgot password?" beside it), federated sign-in, and a link to sign
 * up. The address typed on the sign-up form comes along with its "Sign in instead".
 */
export function SignInPage() {
  const portal = usePortal();
  const session = useSession();
  const handedEmail = emailFromState(useLocation().state);
  const [email, setEmail] = useState(handedEmail);
  const [password, setPassword] = useState('');
  const { from, busy, failure, setFailure, formRef, submit } = useAccountForm(async () => {
    session.signedIn(await portal.auth.signIn({ email, password }));
  });

  return (
    <Page title="Sign in" narrow>
      <Flash />
      <form ref={formRef} className="portal-form" onSubmit={submit} noValidate aria-busy={busy}>
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
        <AccountField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={failure.fields.password}
        />
        <p className="portal-form__link">
          <Link to={FORGOT_PASSWORD_PATH} state={forgotPasswordState(email)}>
            Forgot password?
          </Link>
        </p>
        <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
          {busy ? 'Signing in…' : 'Sign In'}
        </button>
      </form>
      <div className="portal-divider" role="presentation">
        <span>or</span>
      </div>
      <FederatedButton label="Sign in with Google" failurePath="/signin" next={from} onError={(message) => setFailure({ fields: {}, message })} />
      <p className="portal-page__aside">
        Don&apos;t have an account?{' '}
        <Link to="/signup" state={from ? { from } : undefined}>
          Sign up
        </Link>
      </p>
    </Page>
  );
}
