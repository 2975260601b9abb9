import { fileURLToPath } from 'node:url';

/** The widgets package folder, its sources and its node_modules (where preact lives). */
export const PACKAGE_DIR = fileURLToPath(new URL('../', import.meta.url));
export const SRC_DIR = fileURLToPath(new URL('../src/', import.meta.url));
export const MODULES_DIR = fileURLToPath(new URL('../node_modules/', import.meta.url));
export const DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url));
