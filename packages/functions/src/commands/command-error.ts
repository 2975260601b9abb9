/**
 * The typed refusals of the `commands` function. Every refusal answers its HTTP status and
 * `{ "error": { "code", "message", "fields"? } }`; clients switch on `code` and show `message`.
 */
export type RefusalCode =
  | 'invalid-input'
  | 'not-allowed'
  | 'not-found'
  | 'already-applied'
  | 'unauthenticated'
  // The `ai` function's: a daily cap used up, a model that refused, a provider that failed.
  | 'rate-limited'
  | 'ai-blocked'
  | 'ai-unavailable';

const STATUS: Readonly<Record<RefusalCode, number>> = {
  'invalid-input': 400,
  unauthenticated: 401,
  'not-allowed': 403,
  'not-found': 404,
  'already-applied': 409,
  'ai-blocked': 422,
  'rate-limited': 429,
  'ai-unavailable': 502,
};

export type FieldMessages = Partial<Record<string, string>>;

export class CommandError extends Error {
  readonly status: number;

  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
    this.name = 'CommandError';
    this.status = STATUS[code];
  }

  toBody(): { error: { code: RefusalCode; message: string; fields?: Record<string, string> } } {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

/** A refusal of bad input, field by field; its message is the form-level one or the first field's. */
export function invalidInput(messages: FieldMessages): CommandError {
  const { form, ...rest } = messages;
  const fields = Object.fromEntries(Object.entries(rest).filter((entry): entry is [string, string] => entry[1] !== undefined));
  const message = form ?? Object.values(fields)[0] ?? 'The request is not valid.';
  return new CommandError('invalid-input', message, Object.keys(fields).length ? fields : undefined);
}

export const notAllowed = (message: string): CommandError => new CommandError('not-allowed', message);
export const notFound = (message: string): CommandError => new CommandError('not-found', message);
export const unauthenticated = (): CommandError => new CommandError('unauthenticated', 'Please sign in first.');
