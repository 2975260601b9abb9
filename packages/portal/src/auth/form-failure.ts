import { isPortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';

/** What a form shows after a failed call: a message per field, and one for the whole form. */
export interface FormFailure {
  fields: Readonly<Record<string, string>>;
  message: string;
}

export const NO_FAILURE: FormFailure = { fields: {}, message: '' };

/**
 * The SDK's error as the form shows it: field messages beside their fields, and the message on top
 * unless it only repeats one of them. Messages are the SDK's (the spec's texts); never parsed here.
 */
export function formFailure(thrown: unknown): FormFailure {
  if (!isPortalError(thrown)) return { fields: {}, message: MESSAGES.genericError };
  const fields = thrown.fields;
  const repeats = Object.values(fields).includes(thrown.message);
  return { fields, message: repeats ? '' : thrown.message };
}

/** The message Appwrite puts in the failure URL of a federated sign-in (`?error={"message":…}`). */
export function federatedFailureMessage(search: URLSearchParams): string {
  const raw = search.get('error');
  if (!raw) return '';
  try {
    const parsed = JSON.parse(raw) as { message?: unknown };
    return typeof parsed.message === 'string' && parsed.message ? parsed.message : MESSAGES.genericError;
  } catch {
    return MESSAGES.genericError;
  }
}
