import { useEffect, useState } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import './in-app-browser.css';

/**
 * Replaces the whole portal inside a social network's in-app browser: identity
 * providers refuse sign-in there, so the page asks to be opened in Chrome, with its address to copy.
 */
export function InAppBrowserNotice() {
  const [copied, setCopied] = useState(false);
  const address = window.location.href;
  useEffect(() => {
    document.title = 'Open in your browser · Opportunity Kit';
  }, []);
  const copy = () => {
    void navigator.clipboard?.writeText(address).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <main className="portal-page portal-page--narrow portal-in-app" id="main">
      <h1 className="portal-page__title">Open this page in Chrome</h1>
      <p className="portal-in-app__message">{MESSAGES.inAppBrowser}</p>
      <p className="portal-in-app__address">
        <code>{address}</code>
      </p>
      <p>
        <button type="button" className="portal-button portal-button--primary" onClick={copy}>
          Copy the address
        </button>{' '}
        <span role="status">{copied ? 'Copied.' : ''}</span>
      </p>
    </main>
  );
}
