import { useLayoutEffect, useState, useSyncExternalStore } from 'react';
import { createBrowserRouter, RouterProvider, type DataRouter, type RouteObject } from 'react-router';
import { SessionProvider } from '../session/session-context.tsx';
import { removeWelcomeShell } from '../welcome/welcome-shell.ts';
import { removeAppShell } from './app-shell.ts';
import { deferredPortalClient } from './deferred-portal-client.ts';
import { portalConfig } from './portal-config.ts';
import { PortalProvider } from './portal-context.tsx';
import { routes } from './routes.tsx';

/**
 * The portal: one SDK client, the session check, then the router. The client's code (with the
 * `appwrite` SDK) is a chunk of its own, loaded by the first call that needs it, so a visitor's
 * /welcome never downloads it; a lazy page waits for it as it waits for its own chunk.
 */
export function App() {
  const [config] = useState(() => portalConfig(import.meta.env, window.location.origin));
  const [portal] = useState(() => deferredPortalClient(() => import('./load-portal-client.ts').then(({ createPortalClient }) => createPortalClient(config))));
  const [router] = useState(() => createBrowserRouter(awaitingClient(routes, portal.ready)));
  return (
    <PortalProvider client={portal.client} config={config}>
      <SessionProvider client={portal.client}>
        <ShellHandover router={router} />
        <RouterProvider router={router} />
      </SessionProvider>
    </PortalProvider>
  );
}

/** The routes, each lazy page loading the SDK client alongside its own chunk (in parallel, not after). */
function awaitingClient(list: RouteObject[], ready: () => Promise<unknown>): RouteObject[] {
  return list.map((route): RouteObject => {
    const { lazy } = route;
    const waiting = typeof lazy === 'function' ? { lazy: () => Promise.all([lazy(), ready()]).then(([page]) => page) } : {};
    if (route.index) return { ...route, ...waiting };
    return { ...route, ...waiting, ...(route.children ? { children: awaitingClient(route.children, ready) } : {}) };
  });
}

/**
 * Rendered with the first page (the session provider renders nothing before its check), so the static
 * copy of /welcome, or of a member's page (app-shell.ts), leaves in the very frame the real page
 * arrives: never a blank frame in between. A lazy first page is there once the router is initialized.
 */
function ShellHandover({ router }: { router: DataRouter }) {
  const initialized = useSyncExternalStore(router.subscribe, () => router.state.initialized);
  useLayoutEffect(() => {
    removeWelcomeShell();
    if (initialized) removeAppShell();
  }, [initialized]);
  return null;
}
