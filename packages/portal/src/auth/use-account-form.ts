import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useFocusFirstInvalid } from '@opportunity-kit/widgets';
import { federatedFailureMessage, formFailure, NO_FAILURE, type FormFailure } from './form-failure.ts';
import { fromState, returnPath } from './return-path.ts';

/** What the sign-in and sign-up pages render from. */
export interface AccountForm {
  /** The page the member came from, if any (passed on to the other form and to federated sign-in). */
  from: string | undefined;
  busy: boolean;
  failure: FormFailure;
  setFailure: (failure: FormFailure) => void;
  formRef: RefObject<HTMLFormElement | null>;
  submit: (event: FormEvent) => Promise<void>;
}

/**
 * The flow both account forms share: a federated failure named in the address is shown once, the
 * first invalid field takes the focus, and a successful `enter` returns the member to where they came from.
 */
export function useAccountForm(enter: () => Promise<void>): AccountForm {
  const navigate = useNavigate();
  const location = useLocation();
  const [search, setSearch] = useSearchParams();
  const from = fromState(location.state);
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
      await enter();
      navigate(returnPath(from), { replace: true });
    } catch (thrown) {
      setFailure(formFailure(thrown));
      setBusy(false);
    }
  };

  return { from, busy, failure, setFailure, formRef, submit };
}
