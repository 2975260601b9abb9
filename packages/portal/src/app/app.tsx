import { useState } from 'react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { createPortalClient } from '@opportunity-kit/sdk';
import { SessionProvider } from '../session/session-context.tsx';
import { portalConfig } from './portal-config.ts';
import { PortalProvider } from './portal-context.tsx';
import { routes } from './routes.tsx';

/** The portal: one SDK client, the session check, then the router. */
export function App() {
  const [config] = useState(() => portalConfig(import.meta.env, window.location.origin));
  const [client] = useState(() => createPortalClient(config));
  const [router] = useState(() => createBrowserRouter(routes));
  return (
    <PortalProvider client={client} config={config}>
      <SessionProvider client={client}>
        <RouterProvider router={router} />
      </SessionProvider>
    </PortalProvider>
  );
}
