import { useCallback, useState } from 'react';
import { usePortal } from '../app/portal-context.tsx';
import { formFailure } from '../auth/form-failure.ts';

/** Where the e-mailed link leads: the page that confirms the address. */
export const VERIFY_PATH = '/verify';

export type Sending = 'idle' | 'sending' | 'sent' | 'failed';

export interface VerificationLink {
  sending: Sending;
  /** The SDK's message when the last send failed. */
  error: string;
  /** E-mails a (new) verification link to the signed-in account, leading to {@link VERIFY_PATH} here. */
  send(): Promise<void>;
}

/** Sending the verification link, for the notice on every page and for a used link's page. */
export function useVerificationLink(): VerificationLink {
  const portal = usePortal();
  const [sending, setSending] = useState<Sending>('idle');
  const [error, setError] = useState('');

  const send = useCallback(async () => {
    setSending('sending');
    setError('');
    try {
      await portal.auth.requestVerification(new URL(VERIFY_PATH, window.location.origin).toString());
      setSending('sent');
    } catch (thrown) {
      setError(formFailure(thrown).message);
      setSending('failed');
    }
  }, [portal]);

  return { sending, error, send };
}
