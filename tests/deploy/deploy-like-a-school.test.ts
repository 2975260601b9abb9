import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { Account, Client, ID } from 'appwrite';
import { Functions, Storage, TablesDB } from 'node-appwrite';
import type { AppwriteProjectConfig } from '../../packages/local-backend/src/provisioning/config.ts';
import { cliProject, expectSuccess, type CliProject } from '../support/appwrite-cli.ts';
import { adminClient, describeLocal } from '../support/backend.ts';
import { spawnBounded, startBackendProcess, type BackendProcess, type BoundedChild } from '../support/backend-process.ts';
import { signedInBrowser } from '../support/browser.ts';
import { eventually, SETTINGS } from '../support/portal.ts';
import { verifyThroughOutbox } from '../support/outbox.ts';

/**
 * Issue 12, "Done when": a school's deploy, end to end. A local backend started as its own process
 * (`local-backend start`, `_APP_OPTIONS_ABUSE=disabled`, the Web platforms `localhost` and
 * `app.example`) with an empty project; the real Appwrite CLI pushes the repository's tables, buckets
 * and function bundles into it and sets the function variables; nothing is provisioned any other
 * way. Then the whole contract suite runs in its real-Appwrite mode (README "Against a real
 * Appwrite") against that pushed project, in a vitest process of its own, and must pass.
 *
 * Local only: it starts the backend it deploys to. Against a real Appwrite the contract suite runs
 * directly.
 */

const REPOSITORY = join(import.meta.dirname, '../..');
const config = JSON.parse(readFileSync(join(REPOSITORY, 'appwrite.config.json'), 'utf8')) as AppwriteProjectConfig;
const VITEST_ENTRY = join(dirname(createRequire(import.meta.url).resolve('vitest/package.json')), 'vitest.mjs');

/**
 * The whole file's budget; every child process is bounded by it too, so none outlives a dead run. The
 * suite's share grew with it: on a loaded 2-core machine the contract suite alone took 12 minutes once
 * issue 27 added the board's tests.
 */
const FILE_BUDGET_MS = 19 * 60_000;
const SUITE_BUDGET_MS = 16 * 60_000;
/** The Web platforms README "Against a real Appwrite" asks for: hostnames, any port. */
const PLATFORMS = ['localhost', 'app.example'];
/** The function variables the contract tests expect (tests/support/portal.ts SETTINGS, hermeticProjectRoot). */
// The contract suite runs with employer approval off, as its local runs do (tests/support/portal.ts);
// approvals.test.ts, which needs it on, runs locally only.
const VARIABLES = {
  SCHOOL_DOMAIN: SETTINGS.schoolDomain,
  TEACHER_EMAILS: SETTINGS.teacherEmail,
  BOARD_ADMIN_EMAILS: SETTINGS.boardAdminEmail,
  EMPLOYER_APPROVAL: 'off',
};

let backend: BackendProcess;
let project: CliProject;
let functions: Functions;
let reportDir: string;
/** The vitest process running the contract suite, stopped in afterAll if the test ended before it did. */
let suite: BoundedChild | undefined;

describeLocal('deploying like a school: the real CLI into an empty project, then the contract suite against it', () => {
  beforeAll(async () => {
    // The project's auth settings as README deploy step 4 has a school set them (the real CLI pushes
    // settings only with a console login, which the local backend does not serve).
    backend = await startBackendProcess({
      origins: PLATFORMS,
      env: { _APP_OPTIONS_ABUSE: 'disabled' },
      limitMs: FILE_BUDGET_MS,
      authSecurity: config.settings?.auth?.security ?? {},
    });
    functions = new Functions(adminClient(backend));
    project = await cliProject(backend);
    project.copyFromRepository('packages/functions/dist');
    reportDir = mkdtempSync(join(tmpdir(), 'ok-deploy-report-'));
  }, 90_000);

  afterAll(async () => {
    await suite?.stop();
    project?.close();
    await backend?.close();
    if (reportDir) rmSync(reportDir, { recursive: true, force: true });
  });

  it('starts with an empty project: no database, bucket or function exists before the CLI pushes', async () => {
    const admin = adminClient(backend);
    const [databases, buckets, fns] = await Promise.all([new TablesDB(admin).list(), new Storage(admin).listBuckets(), functions.list()]);
    expect([databases.total, buckets.total, fns.total]).toEqual([0, 0, 0]);
  });

  it("honours _APP_OPTIONS_ABUSE=disabled: more sign-ups from one address than Appwrite's ten an hour", async () => {
    const account = new Account(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId));
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const status = await account
        .create({ userId: ID.unique(), email: `abuse${i}.${Date.now().toString(36)}@acme.example`, password: `pw-${ID.unique()}` })
        .then(
          () => 201,
          (error: { code?: number }) => error.code ?? 0,
        );
      statuses.push(status);
    }
    expect(statuses).toEqual(Array.from({ length: 11 }, () => 201));
  });

  it('pushes tables, buckets and functions with the real CLI, sets the function variables, and the functions reach ready', async () => {
    const tablesPush = expectSuccess(await project.push('tables'));
    expect(tablesPush.output).toContain(`Successfully pushed ${config.tables?.length} tables`);
    expectSuccess(await project.push('buckets'));
    // appwrite-cli 12.0.1 creates the functions, then stops asking the console for a domain (see
    // tests/contract/appwrite-cli-functions.test.ts); the variables go in before the push that deploys.
    const first = await project.push('functions');
    expect(first.output).toContain('Session not found. Please run `appwrite login` to create a session');
    for (const fn of config.functions ?? []) {
      for (const [key, value] of Object.entries(VARIABLES)) {
        expectSuccess(await project.run(['functions', 'create-variable', '--function-id', fn.$id, '--key', key, '--value', value]));
      }
    }
    expectSuccess(await project.push('functions'));

    const ready = await eventually(
      () => functions.list(),
      (list) => list.functions.every((fn) => fn.deploymentId !== '' && fn.latestDeploymentStatus === 'ready'),
      60_000,
    );
    expect(ready.functions.map((fn) => [fn.$id, fn.latestDeploymentStatus, fn.deploymentId !== ''])).toEqual(
      (config.functions ?? []).map((fn) => [fn.$id, 'ready', true]),
    );
    for (const fn of config.functions ?? []) {
      const { variables } = await functions.listVariables({ functionId: fn.$id });
      expect(variables.map((variable) => variable.key).sort()).toEqual(Object.keys(VARIABLES).sort());
    }
  }, 240_000);

  it('changes nothing on a second push of the unchanged tables and functions', async () => {
    const tablesAgain = expectSuccess(await project.push('tables'));
    expect(tablesAgain.output).toContain('Successfully pushed 0 tables');
    expect(tablesAgain.output).not.toMatch(/recreating|deleting|changing|Deleting/);

    const before = await functions.list();
    const functionsAgain = expectSuccess(await project.push('functions'));
    // The CLI draws a table of the settings that differ before it updates a function: none may differ.
    expect(functionsAgain.output).not.toContain('│');
    const after = await eventually(
      () => functions.list(),
      (list) => list.functions.every((fn) => fn.latestDeploymentStatus === 'ready'),
      60_000,
    );
    expect(after.functions.map((fn) => fn.latestDeploymentStatus)).toEqual(before.functions.map(() => 'ready'));
  }, 240_000);

  it('labels a verified school student through the pushed roles function', async () => {
    const email = `1${Date.now().toString(36)}@${SETTINGS.schoolDomain}`;
    const student = await signedInBrowser(backend, { email, name: 'Deployed Student' });
    await verifyThroughOutbox(backend.endpoint, student.account, email);
    const account = await eventually(
      () => student.account.get(),
      (user) => user.labels.length > 0,
    );
    expect(account.labels).toEqual(['student']);
  }, 60_000);

  it(
    'passes the whole contract suite in real-Appwrite mode against the pushed project',
    async () => {
      const report = join(reportDir, 'contract.json');
      const env: NodeJS.ProcessEnv = Object.fromEntries(
        Object.entries(process.env).filter(([name]) => !name.startsWith('VITEST') && !name.startsWith('APPWRITE_')),
      );
      const run = spawnBounded(
        process.execPath,
        [
          VITEST_ENTRY,
          'run',
          '--project',
          'node',
          'tests/contract',
          '--no-file-parallelism',
          '--reporter=dot',
          '--reporter=json',
          `--outputFile.json=${report}`,
        ],
        {
          cwd: REPOSITORY,
          env: { ...env, APPWRITE_ENDPOINT: backend.endpoint, APPWRITE_PROJECT_ID: backend.projectId, APPWRITE_API_KEY: backend.apiKey },
          limitMs: SUITE_BUDGET_MS,
        },
      );
      suite = run;
      const started = Date.now();
      const code = await run.exited;
      const seconds = Math.round((Date.now() - started) / 1000);
      const results = readReport(report);
      console.log(
        `contract suite in real-Appwrite mode: ${results.numPassedTests} passed, ${results.numFailedTests} failed, ${results.numPendingTests} skipped, ${results.numTotalTests} in all, ${seconds} s`,
      );
      const failures = results.testResults.flatMap((file) => [
        ...(file.assertionResults.length === 0 && file.status === 'failed' ? [`${file.name}: ${file.message}`] : []),
        ...file.assertionResults.filter((test) => test.status === 'failed').map((test) => `${test.fullName}: ${test.failureMessages[0]?.split('\n')[0] ?? ''}`),
      ]);
      expect(failures, run.output()).toEqual([]);
      expect(code, run.output()).toBe(0);
      expect(results.numPassedTests).toBeGreaterThan(0);
      // The local-only tests were skipped: the suite ran in its real-Appwrite mode, against the pushed project.
      expect(results.numPendingTests).toBeGreaterThan(0);
      expect(results.numTotalTests).toBe(results.numPassedTests + results.numPendingTests + results.numTodoTests);
    },
    SUITE_BUDGET_MS + 30_000,
  );

  it('changes no data when the config is pushed again onto the project the suite filled (issue 23: an upgrade push)', async () => {
    const tables = new TablesDB(adminClient(backend));
    const counts = async () =>
      Promise.all(
        (config.tables ?? []).map(
          async (table) => `${table.$id}:${(await tables.listRows({ databaseId: table.databaseId, tableId: table.$id, queries: [] })).total}`,
        ),
      );
    const before = await counts();
    expect(before.some((entry) => !entry.endsWith(':0'))).toBe(true);
    const again = expectSuccess(await project.push('tables'));
    expect(again.output).toContain('Successfully pushed 0 tables');
    expect(await counts()).toEqual(before);
  }, 120_000);
});

interface VitestJsonReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: Array<{
    name: string;
    status: string;
    message: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages: string[] }>;
  }>;
}

function readReport(path: string): VitestJsonReport {
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as VitestJsonReport;
  } catch (error) {
    throw new Error(`the contract suite wrote no report (${String(error)})`, { cause: error });
  }
}
