import { Link } from 'react-router';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { Page } from '../app/page.tsx';
import './errors.css';

/** Any path the portal does not know. */
export function NotFoundPage() {
  return (
    <Page title="Page not found" heading="hidden">
      <div className="portal-error">
        <p className="portal-error__message">{MESSAGES.notFoundRoute}</p>
        <p>
          <Link to="/">Go to the home page</Link>
        </p>
      </div>
    </Page>
  );
}
