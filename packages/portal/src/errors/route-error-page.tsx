import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { PortalError } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import './errors.css';

/**
 * A page whose code could not be downloaded (offline, or the connection dropped): browsers reject the
 * route's dynamic import with a TypeError whose wording differs per engine.
 */
export function isPageDownloadFailure(error: unknown): boolean {
  return error instanceof TypeError && /dynamically imported module|importing a module script failed|module script/i.test(error.message);
}

function describe(error: unknown): string {
  if (isPageDownloadFailure(error)) return new PortalError('network').message;
  if (isRouteErrorResponse(error)) return `${error.status} ${error.statusText}`;
  if (error instanceof Error) return error.message;
  return typeof error === 'string' ? error : '';
}

/**
 * The router's fallback when a page fails to load or render: a screen titled
 * "Unexpected Application Error!" with what went wrong, and ways out.
 */
export function RouteErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
    document.title = `${MESSAGES.routerError} · Opportunity Kit`;
  }, [error]);
  const detail = describe(error);
  return (
    <div className="portal-page portal-error" role="alert">
      <h1 className="portal-page__title">{MESSAGES.routerError}</h1>
      {detail && <p className="portal-error__detail">{detail}</p>}
      <p className="portal-error__actions">
        <button type="button" className="portal-button" onClick={() => window.location.reload()}>
          Reload the page
        </button>
        {/* A full load, not a router link: the router state may be what failed. */}
        <a className="portal-button portal-button--primary" href="/">
          Go to the home page
        </a>
      </p>
    </div>
  );
}
