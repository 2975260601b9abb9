/**
 * The local backend the board benchmark runs on: the repository's `appwrite.config.json` with the
 * functions built by `pnpm build:functions`, its data in a folder that outlives the run (generating
 * the board takes a while; measuring again reuses it). While the board is written, the functions'
 * events and schedules are off: the generator writes what they would have written, and 50,000
 * sign-ups must not each start a `roles` run.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLocalBackend, type LocalBackend } from '@opportunity-kit/local-backend';

export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

interface FunctionConfig {
  $id: string;
  path: string;
  events?: string[];
  schedule?: string;
  timeout: number;
}

export interface BoardSettings {
  schoolDomain: string;
  /** The staff member whose address the functions' TEACHER_EMAILS and BOARD_ADMIN_EMAILS name. */
  boardAdminEmail: string;
}

/** Each function's timeout in seconds, as `appwrite.config.json` declares it. */
export function functionTimeouts(): Map<string, number> {
  return new Map(readConfig().functions.map((fn) => [fn.$id, fn.timeout]));
}

function readConfig(): { functions: FunctionConfig[] } & Record<string, unknown> {
  return JSON.parse(readFileSync(join(REPO_ROOT, 'appwrite.config.json'), 'utf8')) as { functions: FunctionConfig[] } & Record<string, unknown>;
}

/** Writes the project folder the backend provisions from: quiet (no events, no schedules) or as deployed. */
function writeProject(folder: string, settings: BoardSettings, quiet: boolean): void {
  const config = readConfig();
  for (const fn of config.functions) {
    fn.path = resolve(REPO_ROOT, fn.path);
    if (quiet) {
      fn.events = [];
      fn.schedule = '';
    }
  }
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'appwrite.config.json'), JSON.stringify(config, null, 2));
  const env = {
    SCHOOL_DOMAIN: settings.schoolDomain,
    TEACHER_EMAILS: settings.boardAdminEmail,
    BOARD_ADMIN_EMAILS: settings.boardAdminEmail,
    PORTAL_URL: 'http://127.0.0.1:4000',
    // Every school approves employers itself: the board's employers were approved when it was written.
    EMPLOYER_APPROVAL: 'off',
  };
  writeFileSync(
    join(folder, '.env'),
    Object.entries(env)
      .map(([name, value]) => `${name}=${value}\n`)
      .join(''),
  );
}

/** Starts the backend on the board's data folder, with the functions quiet or live. */
export async function startBoardBackend(dataDir: string, settings: BoardSettings, mode: 'quiet' | 'live'): Promise<LocalBackend> {
  const project = `${dataDir}-project-${mode}`;
  writeProject(project, settings, mode === 'quiet');
  if (!existsSync(join(REPO_ROOT, 'packages/functions/dist/alerts')))
    throw new Error('Run `pnpm build:functions` first: the benchmark runs the built functions.');
  // Sign-ins of 100 members from one address would meet Appwrite's abuse limits, which a board's members never share.
  return startLocalBackend({ dataDir, projectRoot: project, abuseLimits: false, log: () => {} });
}
