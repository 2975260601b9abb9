import { useState } from 'react';
import { Link } from 'react-router';
import type { SignUpInput } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { FormError } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { SchoolRules } from '../schools/school-rules.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { AccountField } from './account-field.tsx';
import { FederatedButton } from './federated-button.tsx';
import { FORGOT_PASSWORD_PATH, forgotPasswordState } from './recovery-paths.ts';
import { useAccountForm } from './use-account-form.ts';
import './auth-form.css';

const EMPTY: SignUpInput = { name: '', email: '', password: '', confirmPassword: '' };

/**
 * /signup: full name, email, password and its confirmation, federated sign-up, and a link to sign
 * in. The SDK checks the form first ("Passwords do not match" and the required fields); the server
 * refuses the most common passwords, which the SDK reports beside the password field, and the
 * field's hint says so beforehand. Below, the rules: which address is a student's, a staff member's
 * or an employer's, and when each gets in (issue 23).
 */
export function SignUpPage() {
  const portal = usePortal();
  const session = useSession();
  const [form, setForm] = useState<SignUpInput>(EMPTY);
  const set = (name: keyof SignUpInput) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value }));
  const { from, busy, failure, setFailure, formRef, submit } = useAccountForm(async () => {
    session.signedIn(await portal.auth.signUp(form), { newAccount: true });
  });

  return (
    <Page title="Create your account" narrow>
      <form ref={formRef} className="portal-form" onSubmit={submit} noValidate aria-busy={busy}>
        <FormError className="portal-alert" message={failure.message || null} />
        {failure.message === MESSAGES.accountExists && (
          <p className="portal-form__link">
            {/* The address typed here goes with both, so the member need not type it again. */}
            <Link to="/signin" state={{ ...forgotPasswordState(form.email), ...(from ? { from } : {}) }}>
              Sign in instead
            </Link>
            {' · '}
            <Link to={FORGOT_PASSWORD_PATH} state={forgotPasswordState(form.email)}>
              Forgot password?
            </Link>
          </p>
        )}
        <AccountField label="Full name" name="name" autoComplete="name" value={form.name} onChange={set('name')} error={failure.fields.name} />
        <AccountField label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} error={failure.fields.email} />
        <AccountField
          label="Password"
          hint={MESSAGES.passwordHint}
          type="password"
          name="password"
          autoComplete="new-password"
          value={form.password}
          onChange={set('password')}
          error={failure.fields.password}
        />
        <AccountField
          label="Confirm password"
          type="password"
          name="confirmPassword"
          autoComplete="new-password"
          value={form.confirmPassword}
          onChange={set('confirmPassword')}
          error={failure.fields.confirmPassword}
        />
        <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
          {busy ? 'Creating your account…' : 'Sign Up'}
        </button>
      </form>
      <div className="portal-divider" role="presentation">
        <span>or</span>
      </div>
      <FederatedButton label="Sign up with Google" failurePath="/signup" next={from} onError={(message) => setFailure({ fields: {}, message })} />
      <SchoolRules className="portal-page__aside" />
      <p className="portal-page__aside">
        Already have an account?{' '}
        <Link to="/signin" state={from ? { from } : undefined}>
          Sign in
        </Link>
      </p>
    </Page>
  );
}
