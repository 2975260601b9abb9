import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { isInAppBrowser } from '@opportunity-kit/sdk/domain';
import '@opportunity-kit/widgets/styles.css';
import './app/portal.css';
import { App } from './app/app.tsx';
import { InAppBrowserNotice } from './in-app-browser/in-app-browser-notice.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element.');
createRoot(container).render(<StrictMode>{isInAppBrowser(navigator.userAgent) ? <InAppBrowserNotice /> : <App />}</StrictMode>);
