import type { InputHTMLAttributes } from 'react';
import { FormField } from '@opportunity-kit/widgets';

interface AccountFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  label: string;
  /** What the field expects, under it (it stays with an error, since it says how to fix it). */
  hint?: string | undefined;
  /** The SDK's refusal of this field, if any. */
  error: string | undefined;
}

/** One input of the sign-in and sign-up forms: the widgets' field, in the portal's look. */
export function AccountField({ label, hint, error, ...input }: AccountFieldProps) {
  return (
    <FormField className="portal-field" label={label} hint={hint} error={error ?? null}>
      {(control) => <input {...control} {...input} className="portal-field__input" />}
    </FormField>
  );
}
