import type { IncomingMessage, ServerResponse } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { createServer, type ViteDevServer } from 'vite';
import { CONFIG_FILE } from './paths.ts';
import type { StaticHandler } from './static-files.ts';

/**
 * `pnpm dev`: Vite in middleware mode, answering every non-/v1 request of the local backend's
 * server, so the portal and the API share one origin as in `pnpm start`. Hot updates travel over a
 * WebSocket of Vite's own on a spare port: the backend's server owns the upgrade requests on its
 * port (realtime).
 */
export interface PortalDevServer {
  handler: StaticHandler;
  close(): Promise<void>;
}

export async function startPortalDevServer(): Promise<PortalDevServer> {
  const hmrPort = await freePort();
  const vite: ViteDevServer = await createServer({
    configFile: CONFIG_FILE,
    // Loads the config without writing a bundled copy next to it: `node --watch` (pnpm dev) would
    // see that temporary file come and go, and restart the whole server in a loop.
    configLoader: 'runner',
    appType: 'spa',
    server: { middlewareMode: true, ws: { port: hmrPort } },
  });
  const handler = (req: IncomingMessage, res: ServerResponse): void => {
    vite.middlewares(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Not Found');
    });
  };
  return { handler, close: () => vite.close() };
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createNetServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}
