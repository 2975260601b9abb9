import { isPortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';

/**
 * What a person reads when a portal SDK call failed: a `PortalError` carries a message written for
 * people (the spec's generic text when the server's own would not help); anything else gets the generic text.
 */
export function portalErrorMessage(error: unknown): string {
  return isPortalError(error) ? error.message : MESSAGES.genericError;
}
