import { FAILURE_STATUS, type DataEnvelope, type ErrorEnvelope, type FailureCode } from '@opportunity-kit/sdk/domain';
import type { CommandError } from './command-error.ts';
import type { RuntimeResponse } from './open-runtimes.ts';

/**
 * How every function answers, in the envelopes of the wire contract: `{ data }` on success, and
 * `{ error: { code, message, fields? } }` with the code's HTTP status otherwise.
 */

export function answerData(res: RuntimeResponse, data: unknown): unknown {
  return res.json({ data } satisfies DataEnvelope<unknown>);
}

/** A refusal the caller can act on (bad input, not allowed, not found, …). */
export function answerRefusal(res: RuntimeResponse, refusal: CommandError): unknown {
  return res.json(refusal.toBody(), refusal.status);
}

/** A failure of the function itself; `message` is for people, never the cause's internals. */
export function answerFailure(res: RuntimeResponse, code: FailureCode, message: string): unknown {
  return res.json({ error: { code, message } } satisfies ErrorEnvelope, FAILURE_STATUS[code]);
}
