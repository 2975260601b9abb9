/**
 * The error half of the wire contract between the portal's functions and their clients. A function
 * refuses with an HTTP status and the envelope `{ "error": { "code", "message", "fields"? } }`; the SDK
 * turns it back into a `PortalError` with the same code. Both sides read codes, statuses and the
 * field-by-field refusal from here.
 */

/**
 * What went wrong, for programs. Stable across releases: a new situation gets a new code, an existing
 * code never changes meaning.
 *
 * - `invalid-input`: the input breaks a rule; `fields` says which field and why.
 * - `not-allowed`: the caller's role or ownership does not permit it.
 * - `not-open-to-age`: the youth-work rules bar the student from this posting at their age; the
 *   message says from which age, why and the rule's source.
 * - `not-found`: it does not exist, or the caller may not see it.
 * - `already-applied`: the student already applied to this posting.
 * - `already-exists`: an account with this e-mail address exists.
 * - `invalid-credentials`: the e-mail and password do not match an account.
 * - `weak-password`: the new password is one of the most common ones; `fields.password` says so.
 * - `unauthenticated`: the call needs a signed-in member.
 * - `network`: the server could not be reached.
 * - `unregistered-origin`: the server answered, but the page's site is not one of the project's web
 *   platforms, so the browser kept the answer from it; the message names the origin to register.
 * - `rate-limited`: too many requests, or today's AI allowance is used up; try again later.
 * - `ai-blocked`: the AI model refused to answer (the message says why, in the spec's words).
 * - `ai-unavailable`: the AI service failed or took too long; try again later.
 * - `internal`: the server failed.
 * - `unknown`: anything else (the original error is the `cause`).
 * @public
 */
export type PortalErrorCode =
  | 'invalid-input'
  | 'not-allowed'
  | 'not-found'
  | 'already-applied'
  | 'already-exists'
  | 'invalid-credentials'
  | 'weak-password'
  | 'unauthenticated'
  | 'network'
  | 'unregistered-origin'
  | 'rate-limited'
  | 'ai-blocked'
  | 'ai-unavailable'
  | 'internal'
  | 'unknown'
  | 'not-open-to-age';

const PORTAL_ERROR_CODES: readonly PortalErrorCode[] = [
  'invalid-input',
  'not-allowed',
  'not-found',
  'already-applied',
  'already-exists',
  'invalid-credentials',
  'weak-password',
  'unauthenticated',
  'network',
  'unregistered-origin',
  'rate-limited',
  'ai-blocked',
  'ai-unavailable',
  'internal',
  'unknown',
  'not-open-to-age',
];

/** Narrows a code a server sent to a known one. */
export function portalErrorCode(value: unknown): PortalErrorCode | undefined {
  return PORTAL_ERROR_CODES.find((code) => code === value);
}

/**
 * The refusals a function answers on purpose, each with its own HTTP status (one status per code, so
 * a client that sees only the status, as with an asynchronous execution, still knows the code). The
 * one exception refines another: `not-open-to-age` is a `not-allowed` (403) that says why, and a
 * client with only the status reads the general code.
 */
export const REFUSAL_STATUS = {
  'invalid-input': 400,
  unauthenticated: 401,
  'not-allowed': 403,
  'not-found': 404,
  'already-applied': 409,
  'ai-blocked': 422,
  'rate-limited': 429,
  'ai-unavailable': 502,
  'not-open-to-age': 403,
} as const satisfies Readonly<Partial<Record<PortalErrorCode, number>>>;

export type RefusalCode = keyof typeof REFUSAL_STATUS;

/** The refusal a function answers with this HTTP status, if it is one of theirs. */
export function refusalCodeOf(status: number): RefusalCode | undefined {
  // The first code with the status is the general one: a refinement is known only from its envelope.
  return (Object.keys(REFUSAL_STATUS) as RefusalCode[]).find((code) => REFUSAL_STATUS[code] === status);
}

/**
 * Failures rather than refusals: `internal` (500, anything unexpected; its message is the generic
 * one) and `not-configured` (503, the `roles` function lacks a setting it must not guess).
 */
export type FailureCode = 'internal' | 'not-configured';

/** The HTTP status of each failure. */
export const FAILURE_STATUS = {
  internal: 500,
  'not-configured': 503,
} as const satisfies Readonly<Record<FailureCode, number>>;

/** Every code a function's error envelope may carry. */
export type WireErrorCode = RefusalCode | FailureCode;

/** A message per refused input field. */
export type FieldMessages = Readonly<Record<string, string>>;

/** What a function answers when it refuses or fails. */
export interface ErrorEnvelope {
  error: { code: WireErrorCode; message: string; fields?: FieldMessages };
}

/** What a function answers on success. */
export interface DataEnvelope<T> {
  data: T;
}

/** The `message` of a field refusal that names neither the form nor a field. */
export const INVALID_INPUT_FALLBACK = 'Please check the form.';

/**
 * A refusal of input, field by field: the message is the form-level one (`form`), else the first
 * field's; `fields` holds every field's message (never `form`, never an undefined one).
 */
export function fieldRefusal(messages: Readonly<Partial<Record<string, string>>>): { message: string; fields: Record<string, string> } {
  const { form, ...rest } = messages;
  const fields = Object.fromEntries(Object.entries(rest).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
  return { message: form ?? Object.values(fields)[0] ?? INVALID_INPUT_FALLBACK, fields };
}
