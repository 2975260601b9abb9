import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import type { SignUpInput } from '@opportunity-kit/sdk';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { FederatedButton } from './federated-button.tsx';
import { Field, useFocusFirstInvalid } from './field.tsx';
import { federatedFailureMessage, formFailure, NO_FAILURE, type FormFailure } from './form-failure.ts';
import { fromState, returnPath } from './return-path.ts';
import './auth-form.css';

const EMPTY: SignUpInput = { name: '', email: '', password: '', confirmPassword: '' };

/**
 * /signup: full name, email, password and its confirmation, federated sign-up, and a link to sign
 * in. The SDK checks the form first ("Passwords do not match" and the required fields).
 */
export function SignUpPage() {
  const portal = usePortal();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const from = fromState(location.state);
  const [form, setForm] = useState<SignUpInput>(EMPTY);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(() => ({ fields: {}, message: federatedFailureMessage(search) }));
  const set = (name: keyof SignUpInput) => (event: { target: { value: string } }) => setForm((current) => ({ ...current, [name]: event.target.value }));

  // The failure's message is shown; the address keeps no trace of it (a reload starts clean).
  useEffect(() => {
    if (search.has('error')) setSearch({}, { replace: true, state: location.state });
  }, [search, setSearch, location.state]);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, failure);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setFailure(NO_FAILURE);
    try {
      const user = await portal.auth.signUp(form);
      session.signedIn(user, { newAccount: true });
      navigate(returnPath(from), { replace: true });
    } catch (thrown) {
      setFailure(formFailure(thrown));
      setBusy(false);
    }
  };

  return (
    <Page title="Create your account" narrow>
      <form ref={formRef} className="portal-form" onSubmit={submit} noValidate aria-busy={busy}>
        {failure.message && <p className="portal-alert" role="alert">{failure.message}</p>}
        <Field label="Full name" name="name" autoComplete="name" value={form.name} onChange={set('name')} error={failure.fields.name} />
        <Field label="Email" type="email" name="email" autoComplete="email" value={form.email} onChange={set('email')} error={failure.fields.email} />
        <Field label="Password" type="password" name="password" autoComplete="new-password" value={form.password} onChange={set('password')} error={failure.fields.password} />
        <Field label="Confirm password" type="password" name="confirmPassword" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} error={failure.fields.confirmPassword} />
        <button type="submit" className="portal-button portal-button--primary" disabled={busy}>{busy ? 'Creating your account…' : 'Sign Up'}</button>
      </form>
      <div className="portal-divider" role="presentation"><span>or</span></div>
      <FederatedButton label="Sign up with Google" failurePath="/signup" next={from} onError={(message) => setFailure({ fields: {}, message })} />
      <p className="portal-page__aside">Already have an account? <Link to="/signin" state={from ? { from } : undefined}>Sign in</Link></p>
    </Page>
  );
}
