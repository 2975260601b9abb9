import type { AppwriteException } from 'appwrite';
import { MESSAGES } from '../domain/messages.ts';
import { fieldRefusal, type PortalErrorCode } from '../domain/wire/error-codes.ts';

export type { PortalErrorCode } from '../domain/wire/error-codes.ts';

/** Messages for the situations where the server's own text would not help a person. */
const FALLBACK_MESSAGES: Readonly<Partial<Record<PortalErrorCode, string>>> = {
  network: 'We could not reach the server. Please check your connection and try again.',
  'rate-limited': 'Too many requests. Please wait a moment and try again.',
  internal: MESSAGES.genericError,
  unknown: MESSAGES.genericError,
};

/**
 * The one error every SDK call rejects with: `message` is for people (the spec's own texts where it
 * names one), `code` is for programs, and `fields` names the inputs that were refused.
 * @public
 */
export class PortalError extends Error {
  /** What went wrong, for programs. */
  readonly code: PortalErrorCode;
  /** A message per refused input field (empty when the error is not about a field). */
  readonly fields: Readonly<Record<string, string>>;
  /** The HTTP status the server answered, when there was an answer. */
  readonly status: number | undefined;

  constructor(code: PortalErrorCode, message?: string, options: { fields?: Record<string, string>; status?: number; cause?: unknown } = {}) {
    super(message || FALLBACK_MESSAGES[code] || MESSAGES.genericError, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'PortalError';
    this.code = code;
    this.fields = Object.freeze({ ...(options.fields ?? {}) });
    this.status = options.status;
  }

  /**
   * Wraps anything a call threw: a PortalError stays as it is, an `AppwriteException` is translated by
   * its HTTP status and type, a failed `fetch` becomes `network`.
   */
  static from(thrown: unknown): PortalError {
    if (thrown instanceof PortalError) return thrown;
    if (isAppwriteException(thrown)) return fromAppwrite(thrown);
    if (isNetworkFailure(thrown)) return new PortalError('network', undefined, { cause: thrown });
    return new PortalError('unknown', undefined, { cause: thrown });
  }
}

/** True when `value` is a PortalError, and has `code` if one is given. @public */
export function isPortalError(value: unknown, code?: PortalErrorCode): value is PortalError {
  return value instanceof PortalError && (code === undefined || value.code === code);
}

/**
 * Recognises Appwrite's exception by its shape instead of `instanceof`: importing the class would put the
 * whole `appwrite` SDK into every bundle that only needs `isPortalError` (the portal's first page among
 * them), and a second copy of the package would throw a class of its own anyway.
 */
function isAppwriteException(thrown: unknown): thrown is AppwriteException {
  if (!(thrown instanceof Error) || thrown.name !== 'AppwriteException') return false;
  const fields = thrown as Error & Partial<Record<'code' | 'type' | 'response', unknown>>;
  return typeof fields.code === 'number' && typeof fields.type === 'string' && typeof fields.response === 'string';
}

/** Appwrite's error `type`s that deserve their own code; everything else goes by HTTP status. */
const BY_TYPE: Readonly<Record<string, PortalErrorCode>> = {
  user_invalid_credentials: 'invalid-credentials',
  user_already_exists: 'already-exists',
  user_unauthorized: 'not-allowed',
  user_blocked: 'not-allowed',
  general_unauthorized_scope: 'unauthenticated',
  user_jwt_invalid: 'unauthenticated',
  user_invalid_token: 'invalid-input',
  user_email_already_verified: 'invalid-input',
  storage_file_type_unsupported: 'invalid-input',
  storage_invalid_file_size: 'invalid-input',
  general_rate_limit_exceeded: 'rate-limited',
};

function byStatus(status: number): PortalErrorCode {
  if (status === 400 || status === 416 || status === 422) return 'invalid-input';
  if (status === 401) return 'unauthenticated';
  if (status === 403) return 'not-allowed';
  if (status === 404) return 'not-found';
  if (status === 429) return 'rate-limited';
  if (status >= 500) return 'internal';
  return 'unknown';
}

/**
 * Appwrite's password dictionary refuses a password as an invalid `password` param whose message
 * (its validator's description) is the only thing that tells it from a length problem.
 */
function isCommonPasswordRefusal(exception: AppwriteException, field: string | undefined): boolean {
  return exception.type === 'general_argument_invalid' && field === 'password' && /commonly used password/i.test(exception.message);
}

function fromAppwrite(exception: AppwriteException): PortalError {
  // The web SDK reports a response it could not reach or read with no status at all.
  if (!exception.code) return new PortalError('network', undefined, { cause: exception });
  const field = /^Invalid `([^`]+)` param/.exec(exception.message)?.[1];
  if (isCommonPasswordRefusal(exception, field)) {
    return new PortalError('weak-password', MESSAGES.commonPassword, {
      status: exception.code,
      cause: exception,
      fields: { password: MESSAGES.commonPassword },
    });
  }
  const code = BY_TYPE[exception.type] ?? byStatus(exception.code);
  return new PortalError(code, code === 'internal' ? undefined : exception.message, {
    status: exception.code,
    cause: exception,
    ...(field ? { fields: { [field]: exception.message } } : {}),
  });
}

function isNetworkFailure(thrown: unknown): boolean {
  // fetch rejects with a TypeError when no response arrives ("fetch failed" in Node, "Failed to fetch" in browsers).
  return thrown instanceof TypeError && /fetch|network|load failed/i.test(thrown.message);
}

/** Runs `call` and rethrows whatever it throws as a PortalError. */
export async function guard<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (thrown) {
    throw PortalError.from(thrown);
  }
}

/** A refusal of form input: the form-level message, else the first field's; `fields` per field. */
export function invalidInput(errors: Partial<Record<string, string>>): PortalError {
  const { message, fields } = fieldRefusal(errors);
  return new PortalError('invalid-input', message, { fields });
}
