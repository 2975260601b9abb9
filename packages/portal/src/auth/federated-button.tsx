import { useState } from 'react';
import { usePortal } from '../app/portal-context.tsx';
import { formFailure } from './form-failure.ts';

/** The path the identity provider sends the browser back to; it finishes the sign-in. */
export const FEDERATED_CALLBACK_PATH = '/auth/federated';

interface FederatedButtonProps {
  label: string;
  /** The page this button is on, where a failed or cancelled sign-in comes back to. */
  failurePath: string;
  /** The page to open once signed in. */
  next: string | undefined;
  onError(message: string): void;
}

/**
 * Federated sign-in through Appwrite's token flow: the SDK sends the browser to
 * the provider, which returns to {@link FEDERATED_CALLBACK_PATH} with a one-time secret. With the
 * local backend, its own identity provider page stands in for Google.
 */
export function FederatedButton({ label, failurePath, next, onError }: FederatedButtonProps) {
  const portal = usePortal();
  const [leaving, setLeaving] = useState(false);
  const start = () => {
    const origin = window.location.origin;
    const success = new URL(FEDERATED_CALLBACK_PATH, origin);
    if (next) success.searchParams.set('next', next);
    try {
      setLeaving(true);
      portal.auth.federatedSignIn({ provider: 'google', success: success.toString(), failure: new URL(failurePath, origin).toString() });
    } catch (thrown) {
      setLeaving(false);
      onError(formFailure(thrown).message);
    }
  };
  return (
    <button type="button" className="portal-button portal-button--federated" onClick={start} disabled={leaving}>
      <svg className="portal-button__icon" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true">
        <path fill="#4285F4" d="M22.6 12.2c0-.8-.1-1.5-.2-2.2H12v4.2h6a5.1 5.1 0 0 1-2.2 3.4v2.8h3.6c2-1.9 3.2-4.7 3.2-8.2z" />
        <path fill="#34A853" d="M12 23c3 0 5.5-1 7.4-2.7l-3.6-2.8c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2v2.9A11 11 0 0 0 12 23z" />
        <path fill="#FBBC05" d="M5.7 14c-.2-.7-.4-1.3-.4-2s.1-1.4.4-2V7.1H2A11 11 0 0 0 1 12c0 1.8.4 3.4 1.2 4.9L5.7 14z" />
        <path fill="#EA4335" d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.2-3.2A11 11 0 0 0 2 7.1L5.7 10C6.6 7.4 9.1 5.4 12 5.4z" />
      </svg>
      {label}
    </button>
  );
}
