import { isPortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';

/** Where a page that spends a mailed newsletter link stands. */
export type LinkAnswer =
  | { state: 'idle' }
  | { state: 'sending' }
  | { state: 'done'; message: string }
  /** The link itself was refused: trying again cannot help, the message says what to do. */
  | { state: 'refused'; message: string }
  /** The server could not be reached or failed: trying again may work. */
  | { state: 'failed'; message: string };

/** The answer to a failed request: a network failure or a server error may pass; a refusal of the token will not. */
export function failedAnswer(thrown: unknown): LinkAnswer {
  const passing = !isPortalError(thrown) || thrown.code === 'network' || thrown.code === 'internal' || thrown.code === 'unknown';
  const message = isPortalError(thrown) ? thrown.message : MESSAGES.genericError;
  return passing ? { state: 'failed', message } : { state: 'refused', message };
}
