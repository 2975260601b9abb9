/**
 * Roster import at scale (issue 27): a teacher imports a CSV of 2,000 new students through the SDK
 * (`portal.roster.import`, signed in as the teacher of a school) against the local backend, started
 * afresh for each run with the repository's `appwrite.config.json`, so the `commands` and `roles`
 * functions run from their bundles as under `pnpm start`. Prints each run, then p50 and p95 over the
 * runs: the import's wall time and rows per second, when the last function execution it set off had
 * finished (the three `roles` executions of each new account included), how many executions of each
 * function it caused, and the longest one against half its function's timeout.
 *
 *   pnpm bench:roster                 # 3 runs of 2,000 students, the backend's data in memory
 *   pnpm bench:roster 5 500 --disk    # 5 runs of 500, the data in a folder, every write flushed as `pnpm start` does
 * Targets (issue 27): 2,000 students imported within 60 s; no execution longer than half its function's timeout.
 *
 * The local backend runs the functions in its own process: everything shares one thread, and on disk
 * every write waits for its flush, so the figures are those of this machine, not of an Appwrite server.
 * `measureRosterImport()` answers one run's figures, for a benchmark runner that calls it.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Client as WebClient } from 'appwrite';
import { Account, Client, Functions, ID, Query, Teams, Users, type Models } from 'node-appwrite';
import { startLocalBackend } from '@opportunity-kit/local-backend';
import { createPortalClient } from '@opportunity-kit/sdk';
import { membershipRoles } from '@opportunity-kit/sdk/domain';
import { ensureFunctionBundles } from '../packages/functions/build/bundle-functions.ts';
import { localRun } from '../scripts/demo/local-run.ts';

const STUDENTS = 2_000;
const RUNS = 3;
/** The functions an import runs: `commands` answers it, `roles` labels each new account and its membership. */
const FUNCTION_IDS = ['commands', 'roles'] as const;
type FunctionId = (typeof FUNCTION_IDS)[number];
const SCHOOL = { id: 'school-bench', name: 'Bench Secondary' };
const TEACHER_PASSWORD = 'bench teacher password';
/** How long the executions an import queued may take to finish after it answered. */
const SETTLE_LIMIT_MS = 600_000;
const REPO_ROOT = fileURLToPath(new URL('../', import.meta.url));

/** What one run measures: how many students, and where the backend keeps its data. */
export interface RosterBenchOptions {
  students?: number;
  /** `memory` (default, as the contract tests run), or `disk`: a data folder, every write flushed as under `pnpm start`. */
  storage?: 'memory' | 'disk';
  /** Hears the SDK's progress (rows answered of the file's). */
  onProgress?: (done: number, total: number) => void;
}

/** What the executions of one function during an import came to. */
export interface ExecutionFigures {
  count: number;
  failed: number;
  longestSeconds: number;
  /** Half the function's `timeout` in appwrite.config.json: the most one execution may take (issue 27). */
  limitSeconds: number;
}

/** One import, measured. */
export interface RosterImportFigures {
  students: number;
  /** From the SDK call to its answer (or its failure). */
  wallSeconds: number;
  /** From the SDK call until the last execution it set off had finished. */
  settledSeconds: number;
  /** Rows the SDK had answered by its end, per second of `wallSeconds`. */
  rowsPerSecond: number;
  /** Accounts the SDK said it created; 0 when the import failed. */
  created: number;
  /** The students' accounts that exist once every execution finished. */
  accounts: number;
  /** Why the SDK call failed, if it did. */
  error: string | undefined;
  executions: Record<FunctionId, ExecutionFigures>;
}

const TIMEOUTS: Readonly<Record<string, number>> = Object.fromEntries(
  (JSON.parse(readFileSync(join(REPO_ROOT, 'appwrite.config.json'), 'utf8')) as { functions: Array<{ $id: string; timeout: number }> }).functions.map((fn) => [
    fn.$id,
    fn.timeout,
  ]),
);

/**
 * One run: a fresh backend, a school and its teacher set up and their executions finished, then the
 * import of `students` new students through the SDK, timed, and every execution it set off awaited.
 */
export async function measureRosterImport(options: RosterBenchOptions = {}): Promise<RosterImportFigures> {
  const students = options.students ?? STUDENTS;
  await ensureFunctionBundles();
  const dataDir = options.storage === 'disk' ? mkdtempSync(join(tmpdir(), 'ok-bench-roster-')) : undefined;
  const backend = await startLocalBackend({ ...(dataDir ? { dataDir } : { memory: true }), projectRoot: REPO_ROOT, abuseLimits: false, log: () => {} });
  try {
    const { schoolDomain } = localRun();
    const admin = new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setKey(backend.apiKey);
    const portal = createPortalClient({
      endpoint: backend.endpoint,
      projectId: backend.projectId,
      client: new WebClient().setSession(await signedInTeacher(admin, schoolDomain)),
      storage: null,
    });
    await settled(admin, new Date(0).toISOString());

    const since = new Date().toISOString();
    const started = performance.now();
    let answered = 0;
    let created = 0;
    let error: string | undefined;
    try {
      const answer = await portal.roster.import(rosterCsv(students, schoolDomain), {
        onProgress: ({ done, total }) => {
          answered = done;
          options.onProgress?.(done, total);
        },
      });
      answered = answer.results.length;
      created = answer.created;
    } catch (thrown) {
      error = thrown instanceof Error ? thrown.message : String(thrown);
    }
    const wallSeconds = (performance.now() - started) / 1000;
    const executions = await settled(admin, since);
    const settledSeconds = (performance.now() - started) / 1000;
    // Every account but the teacher's is a student's.
    const accounts = (await new Users(admin).list({ queries: [Query.limit(1)] })).total - 1;
    return { students, wallSeconds, settledSeconds, rowsPerSecond: answered / wallSeconds, created, accounts, error, executions };
  } finally {
    await backend.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

/** `email,name` rows of new students at the school's domain (a student's address starts with 1). */
function rosterCsv(students: number, schoolDomain: string): string {
  const rows = Array.from({ length: students }, (_, n) => `1bench${n}@${schoolDomain},Student ${n}`);
  return ['email,name', ...rows].join('\n');
}

/**
 * The school's team and its teacher, made with the key as a board administrator adds them; the
 * `roles` function labels the teacher before the session starts. Answers the session's secret.
 */
async function signedInTeacher(admin: Client, schoolDomain: string): Promise<string> {
  const email = `teacher@${schoolDomain}`;
  const users = new Users(admin);
  const user = await users.create({ userId: ID.unique(), email, password: TEACHER_PASSWORD, name: 'Bench Teacher' });
  await users.updateEmailVerification({ userId: user.$id, emailVerification: true });
  const teams = new Teams(admin);
  await teams.create({ teamId: SCHOOL.id, name: SCHOOL.name, roles: [] });
  await teams.createMembership({ teamId: SCHOOL.id, roles: membershipRoles({ staffRoles: ['teacher'] }), userId: user.$id });
  for (const deadline = Date.now() + 15_000; !(await users.get({ userId: user.$id })).labels.includes('teacher');) {
    if (Date.now() > deadline) throw new Error(`${email} never got the label teacher: is SCHOOL_DOMAIN of the root .env ${schoolDomain}?`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return (await new Account(admin).createEmailPasswordSession({ email, password: TEACHER_PASSWORD })).secret;
}

/** Waits until no execution created since `since` is waiting or running, and sums them up per function. */
async function settled(admin: Client, since: string): Promise<Record<FunctionId, ExecutionFigures>> {
  const functions = new Functions(admin);
  const unfinished = [Query.greaterThanEqual('$createdAt', since), Query.equal('status', ['waiting', 'processing']), Query.limit(1)];
  for (const deadline = Date.now() + SETTLE_LIMIT_MS; ;) {
    const running = await Promise.all(FUNCTION_IDS.map((functionId) => functions.listExecutions({ functionId, queries: unfinished, total: false })));
    if (running.every(({ executions }) => executions.length === 0)) break;
    if (Date.now() > deadline) throw new Error(`Executions were still running ${SETTLE_LIMIT_MS / 1000} s after the import.`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const all = await Promise.all(FUNCTION_IDS.map((functionId) => executionsSince(functions, functionId, since)));
  return Object.fromEntries(FUNCTION_IDS.map((functionId, index) => [functionId, figures(functionId, all[index] ?? [])])) as Record<
    FunctionId,
    ExecutionFigures
  >;
}

async function executionsSince(functions: Functions, functionId: FunctionId, since: string): Promise<Models.Execution[]> {
  const found: Models.Execution[] = [];
  for (let cursor: string | undefined; ;) {
    const queries = [Query.greaterThanEqual('$createdAt', since), Query.orderAsc('$id'), Query.limit(100), ...(cursor ? [Query.cursorAfter(cursor)] : [])];
    const { executions } = await functions.listExecutions({ functionId, queries, total: false });
    found.push(...executions);
    if (executions.length < 100) return found;
    cursor = executions.at(-1)?.$id;
  }
}

function figures(functionId: FunctionId, executions: readonly Models.Execution[]): ExecutionFigures {
  return {
    count: executions.length,
    failed: executions.filter((execution) => execution.status === 'failed').length,
    longestSeconds: Math.max(0, ...executions.map((execution) => execution.duration)),
    limitSeconds: (TIMEOUTS[functionId] ?? 0) / 2,
  };
}

const at = (samples: readonly number[], p: number): number => {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

function runLine(run: RosterImportFigures): string {
  const executions = FUNCTION_IDS.map((functionId) => {
    const { count, failed, longestSeconds, limitSeconds } = run.executions[functionId];
    return `${functionId} ${count} (${failed} failed, longest ${longestSeconds.toFixed(2)} s of ${limitSeconds} s)`;
  }).join(', ');
  const outcome = `${run.error ? `FAILED (${run.error})` : `${run.created} created`}, ${run.accounts} accounts`;
  return `  ${run.wallSeconds.toFixed(1)} s, ${run.rowsPerSecond.toFixed(0)} rows/s, all executions done at ${run.settledSeconds.toFixed(1)} s; ${outcome}; executions: ${executions}`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const storage = args.includes('--disk') ? 'disk' : 'memory';
  const [runs = RUNS, students = STUDENTS] = args.map(Number).filter((n) => n > 0);
  console.log(
    `Roster import: ${students.toLocaleString('en-US')} new students through the SDK, ${runs} runs, the backend's data ${storage === 'disk' ? 'on disk' : 'in memory'}`,
  );
  const results: RosterImportFigures[] = [];
  for (let run = 0; run < runs; run += 1) {
    results.push(await measureRosterImport({ students, storage }));
    console.log(runLine(results.at(-1) as RosterImportFigures));
  }
  const line = (label: string, samples: number[], unit: string) =>
    `  ${label.padEnd(34)} p50 ${at(samples, 50).toFixed(2).padStart(7)} ${unit}, p95 ${at(samples, 95).toFixed(2).padStart(7)} ${unit}`;
  console.log(
    line(
      'import wall time',
      results.map((run) => run.wallSeconds),
      's',
    ),
  );
  console.log(
    line(
      'rows per second',
      results.map((run) => run.rowsPerSecond),
      'rows/s',
    ),
  );
  console.log(
    line(
      'until every execution finished',
      results.map((run) => run.settledSeconds),
      's',
    ),
  );
  for (const functionId of FUNCTION_IDS) {
    console.log(
      line(
        `longest ${functionId} execution`,
        results.map((run) => run.executions[functionId].longestSeconds),
        's',
      ),
    );
  }
  const slowest = Math.max(...results.map((run) => run.wallSeconds));
  const failed = results.filter((run) => run.error !== undefined).length;
  const over = new Set(results.flatMap((run) => FUNCTION_IDS.filter((id) => run.executions[id].longestSeconds > run.executions[id].limitSeconds)));
  console.log(`  target: every import within 60 s: ${slowest <= 60 && failed === 0 ? 'OK' : 'OVER TARGET'}`);
  console.log(`  target: every execution within half its timeout: ${over.size === 0 ? 'OK' : `OVER TARGET (${[...over].join(', ')})`}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
