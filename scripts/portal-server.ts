import { startLocalBackend, type LocalBackend, type LocalBackendOptions } from '@opportunity-kit/local-backend';
import { ensureFunctionBundles, watchFunctionSources } from '../packages/functions/build/bundle-functions.ts';
import { ensurePortalBuild } from '../packages/portal/build/build-portal.ts';
import { startPortalDevServer } from '../packages/portal/build/dev-server.ts';
import { createStaticHandler } from '../packages/portal/build/static-files.ts';
import { abuseLimitsFrom } from './demo/local-run.ts';

/**
 * The server of `pnpm start` and `pnpm dev` (and of the portal's serve test): the local backend
 * answers /v1, and every other path is the portal, either its Vite build (built first when stale)
 * or Vite's dev server with hot reload.
 */
export interface PortalServerOptions extends Omit<LocalBackendOptions, 'fallback'> {
  /** `build`: serve the production build; `dev`: Vite from source with hot reload. */
  mode: 'build' | 'dev';
  /** Serve this build folder as it is, without checking or building (tests that built already). */
  distDir?: string;
}

export interface PortalServer {
  backend: LocalBackend;
  close(): Promise<void>;
}

export async function startPortalServer(options: PortalServerOptions): Promise<PortalServer> {
  const { mode, distDir, log, ...configured } = options;
  // `pnpm start` honours Appwrite's switch (_APP_OPTIONS_ABUSE=disabled); tests set `abuseLimits` themselves.
  const backendOptions = { ...configured, abuseLimits: configured.abuseLimits ?? abuseLimitsFrom(process.env) };
  const say = log ?? ((line: string) => console.log(line));
  // The backend runs the functions from their deployable bundles, as appwrite.config.json names them.
  await ensureFunctionBundles({ log: say });
  if (mode === 'dev') {
    const vite = await startPortalDevServer();
    try {
      const backend = await startLocalBackend({ ...backendOptions, ...(log ? { log } : {}), fallback: vite.handler });
      // A new bundle is a changed module of this process, so `node --watch` restarts it with the new code.
      const stopWatching = watchFunctionSources({ log: say });
      return {
        backend,
        close: async () => {
          stopWatching();
          await backend.close();
          await vite.close();
        },
      };
    } catch (error) {
      await vite.close();
      throw error;
    }
  }
  let root = distDir;
  if (!root) {
    const build = await ensurePortalBuild({ log: say });
    if (build.built) say(`Built the portal in ${(build.took / 1000).toFixed(1)} s.`);
    root = build.outDir;
  }
  const backend = await startLocalBackend({ ...backendOptions, ...(log ? { log } : {}), fallback: createStaticHandler(root) });
  return { backend, close: () => backend.close() };
}
