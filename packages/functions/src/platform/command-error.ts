import { fieldRefusal, REFUSAL_STATUS, type ErrorEnvelope, type FieldMessages, type RefusalCode } from '@opportunity-kit/sdk/domain';

/**
 * The typed refusals of the routed functions (`commands`, `ai`). Every refusal answers its HTTP
 * status and the error envelope of the wire contract (`@opportunity-kit/sdk/domain`); clients switch
 * on `code` and show `message`.
 */
export class CommandError extends Error {
  readonly status: number;

  constructor(
    readonly code: RefusalCode,
    message: string,
    readonly fields?: FieldMessages,
  ) {
    super(message);
    this.name = 'CommandError';
    this.status = REFUSAL_STATUS[code];
  }

  toBody(): ErrorEnvelope {
    return { error: { code: this.code, message: this.message, ...(this.fields ? { fields: this.fields } : {}) } };
  }
}

/** A refusal of bad input, field by field; its message is the form-level one or the first field's. */
export function invalidInput(messages: Readonly<Partial<Record<string, string>>>): CommandError {
  const { message, fields } = fieldRefusal(messages);
  return new CommandError('invalid-input', message, Object.keys(fields).length ? fields : undefined);
}

export const notAllowed = (message: string): CommandError => new CommandError('not-allowed', message);
/** The youth-work rules bar the student from the posting; the message is `notOpenYetMessage`'s. */
export const notOpenToAge = (message: string): CommandError => new CommandError('not-open-to-age', message);
export const notFound = (message: string): CommandError => new CommandError('not-found', message);
export const unauthenticated = (): CommandError => new CommandError('unauthenticated', 'Please sign in first.');
