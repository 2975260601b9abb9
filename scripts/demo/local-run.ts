import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseEnv } from 'node:util';
import { DEFAULT_SETTINGS } from '@opportunity-kit/sdk/domain';
import type { DemoLogin } from './seed.ts';

/** What `pnpm start` and `pnpm seed` run with, from the environment and the root `.env`. */
export interface LocalRun {
  repoRoot: string;
  /** `.data`, or LOCAL_BACKEND_DATA (relative to the current folder). */
  dataDir: string;
  /** PORT, default 4000. */
  port: number;
  /** HOST, default 127.0.0.1 (only this machine). */
  host: string;
  /**
   * The SCHOOL_DOMAIN the backend's functions see: the root `.env` wins over the process
   * environment, as the local backend merges them, so the seed names students and teachers by the
   * same rule as the `roles` function.
   */
  schoolDomain: string;
  /**
   * WEB_ORIGINS (root `.env` or environment; comma-separated): the web platforms registered besides
   * the portal's own origin, such as the school sites that embed the job board.
   */
  webOrigins: string[];
}

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export function localRun(env: NodeJS.ProcessEnv = process.env): LocalRun {
  const dotenvPath = join(REPO_ROOT, '.env');
  const dotenv = existsSync(dotenvPath) ? parseEnv(readFileSync(dotenvPath, 'utf8')) : {};
  const port = Number(env.PORT ?? 4000);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, not "${env.PORT}".`);
  return {
    repoRoot: REPO_ROOT,
    dataDir: resolve(env.LOCAL_BACKEND_DATA ?? join(REPO_ROOT, '.data')),
    port,
    host: env.HOST ?? '127.0.0.1',
    schoolDomain: dotenv.SCHOOL_DOMAIN?.trim() || env.SCHOOL_DOMAIN?.trim() || DEFAULT_SETTINGS.schoolDomain,
    webOrigins: (dotenv.WEB_ORIGINS ?? env.WEB_ORIGINS ?? '')
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean),
  };
}

/**
 * The web sites whose pages may call the API, as `pnpm start` prints them: the portal itself, and each
 * WEB_ORIGINS entry (a school site embedding the board, a developer's app). A page anywhere else gets
 * `403 general_unknown_origin`, which its browser reports only in the console.
 */
export function webSitesNotice(portalUrl: string, webOrigins: readonly string[]): string {
  if (!webOrigins.length) return `  web sites:  only the portal's own pages (${portalUrl}) may call the API; add a school site or your app with WEB_ORIGINS`;
  return `  web sites:  the portal (${portalUrl}) and WEB_ORIGINS: ${webOrigins.join(', ')}`;
}

/**
 * Whether Appwrite's abuse limits are on: yes unless `_APP_OPTIONS_ABUSE=disabled`, the switch a
 * self-hosted Appwrite reads. Only the process environment counts: the root `.env` holds the
 * functions' variables, not the server's.
 */
export function abuseLimitsFrom(env: NodeJS.ProcessEnv = process.env): boolean {
  return env._APP_OPTIONS_ABUSE !== 'disabled';
}

/** True when the data folder does not exist yet or holds nothing: a first start. */
export function isEmptyFolder(folder: string): boolean {
  return !existsSync(folder) || readdirSync(folder).length === 0;
}

/** One line per demo login: role, e-mail and password in columns. */
export function loginLines(accounts: readonly DemoLogin[]): string[] {
  const emailWidth = Math.max(...accounts.map((account) => account.email.length));
  return accounts.map((account) => `  ${account.role.padEnd(14)}${account.email.padEnd(emailWidth + 3)}${account.password}`);
}
