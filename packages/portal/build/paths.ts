import { fileURLToPath } from 'node:url';

/** The portal package folder (with index.html and vite.config.ts). */
export const PORTAL_DIR = fileURLToPath(new URL('../', import.meta.url));
export const CONFIG_FILE = fileURLToPath(new URL('../vite.config.ts', import.meta.url));
/** Where `vite build` writes the portal, and what `pnpm start` serves. */
export const DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url));
export const REPO_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
