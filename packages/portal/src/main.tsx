import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isInAppBrowser } from '@opportunity-kit/sdk/domain';
import '@opportunity-kit/widgets/styles.css';
import './app/portal.css';
import { App } from './app/app.tsx';
import { removeAppShell } from './app/app-shell.ts';
import { InAppBrowserNotice } from './in-app-browser/in-app-browser-notice.tsx';
import { removeWelcomeShell } from './welcome/welcome-shell.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
const inAppBrowser = isInAppBrowser(navigator.userAgent);
// The notice replaces everything, the static copies of /welcome and of a member's page included.
if (inAppBrowser) {
  removeWelcomeShell();
  removeAppShell();
}
createRoot(container).render(<StrictMode>{inAppBrowser ? <InAppBrowserNotice /> : <App />}</StrictMode>);
