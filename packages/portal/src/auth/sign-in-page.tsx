import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useSession } from '../session/session-context.tsx';
import { FederatedButton } from './federated-button.tsx';
import { Field, useFocusFirstInvalid } from './field.tsx';
import { federatedFailureMessage, formFailure, NO_FAILURE, type FormFailure } from './form-failure.ts';
import { fromState, returnPath } from './return-path.ts';
import './auth-form.css';

/** /signin: e-mail and password, federated sign-in, and a link to sign up (spec section 2). */
export function SignInPage() {
  const portal = usePortal();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const from = fromState(location.state);
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<FormFailure>(() => ({ fields: {}, message: federatedFailureMessage(search) }));

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
      const user = await portal.auth.signIn({ email, password });
      session.signedIn(user);
      navigate(returnPath(from), { replace: true });
    } catch (thrown) {
      setFailure(formFailure(thrown));
      setBusy(false);
    }
  };

  return (
    <Page title="Sign in" narrow>
      <form ref={formRef} className="portal-form" onSubmit={submit} noValidate aria-busy={busy}>
        {failure.message && <p className="portal-alert" role="alert">{failure.message}</p>}
        <Field label="Email" type="email" name="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} error={failure.fields.email} />
        <Field label="Password" type="password" name="password" autoComplete="current-password" value={password} onChange={(event) => setPassword(event.target.value)} error={failure.fields.password} />
        <button type="submit" className="portal-button portal-button--primary" disabled={busy}>{busy ? 'Signing in…' : 'Sign In'}</button>
      </form>
      <div className="portal-divider" role="presentation"><span>or</span></div>
      <FederatedButton label="Sign in with Google" failurePath="/signin" next={from} onError={(message) => setFailure({ fields: {}, message })} />
      <p className="portal-page__aside">Don&apos;t have an account? <Link to="/signup" state={from ? { from } : undefined}>Sign up</Link></p>
    </Page>
  );
}
