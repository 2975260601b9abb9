import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defaultClientConditions, defineConfig } from 'vite';
import { appShell } from './build/app-shell.ts';
import { prerenderWelcome } from './build/prerender-welcome.ts';

/**
 * The portal's Vite config, used by `pnpm start` (a production build served by the local backend),
 * `pnpm dev` (Vite in middleware mode inside the same server) and `pnpm --filter
 * @opportunity-kit/portal dev` (Vite on its own port, proxying /v1 to a running `pnpm start`).
 */
const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

export default defineConfig({
  root: fileURLToPath(new URL('.', import.meta.url)),
  // The root `.env` holds the deployment settings; only its VITE_* entries reach the browser.
  envDir: repoRoot,
  // prerenderWelcome: /welcome's first HTML carries its headline (build/prerender-welcome.ts);
  // appShell: a member's /landing and listings paint their heading before the app runs (build/app-shell.ts).
  plugins: [react(), prerenderWelcome(), appShell()],
  resolve: {
    // The SDK and the widgets are consumed from their TypeScript sources: no package build first.
    conditions: ['source', ...defaultClientConditions],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // The size test and the server read which chunks a route needs from the manifest.
    manifest: true,
    target: 'es2022',
    // The voice SDK (ElevenLabs, with its WebRTC client) is one large lazy chunk that only the
    // interview room loads; tests/size keeps it there. Everything else stays far below this.
    chunkSizeWarningLimit: 800,
  },
  server: {
    proxy: {
      '/v1': { target: process.env.PORTAL_BACKEND ?? 'http://127.0.0.1:4000', ws: true, changeOrigin: false },
    },
  },
});
