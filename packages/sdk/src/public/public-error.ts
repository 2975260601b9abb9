/**
 * Why a public read failed, as a stable code a widget can switch on:
 * - `not-found`: the posting does not exist, or it is private (guests cannot tell the two apart);
 * - `network`: no answer at all (offline, wrong endpoint);
 * - `unregistered-origin`: the server answered, but the page's site is not one of the project's web
 *   platforms, so the browser kept the answer from the page (the message names the origin to register);
 * - `request-failed`: the server answered with another error (unknown project, invalid query, outage).
 * @public
 */
export type PublicErrorCode = 'not-found' | 'network' | 'unregistered-origin' | 'request-failed';

/**
 * The one error `@opportunity-kit/sdk/public` throws. `status` is the HTTP status (0 without an
 * answer) and `type` Appwrite's machine-readable error type when the server sent one.
 * @public
 */
export class PublicClientError extends Error {
  override readonly name = 'PublicClientError';

  constructor(
    readonly code: PublicErrorCode,
    message: string,
    readonly status = 0,
    readonly type?: string,
  ) {
    super(message);
  }
}
