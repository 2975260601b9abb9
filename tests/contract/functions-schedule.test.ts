import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, Functions, Runtime, type Models } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import type { Clock } from '@opportunity-kit/local-backend';
import { cliProject, expectSuccess, type CliProject } from '../support/appwrite-cli.ts';
import { adminClient, describeLocal, startTestBackend, type TestBackend } from '../support/backend.ts';
import { requestFromPeer } from '../support/remote-peer.ts';
import { tarGz } from '../fixtures/deployments/tar-gz.ts';

/**
 * Issue 17: the local backend runs function schedules (cron) as Appwrite's scheduler does: at each
 * tick an asynchronous execution with trigger `schedule` (`POST /`, no user, no JWT, readable by keys
 * only), once per tick, also across restarts, without replaying ticks missed while it was down.
 *
 * Local only: the server's clock is a manual one this file moves to each minute boundary, and
 * `/v1/dev/functions/{id}/schedule-tick` is a development surface Appwrite does not have.
 */

/** A clock the test moves: timers fire when the time passes them, never on their own. */
class ManualClock implements Clock {
  private readonly timers = new Set<{ at: number; callback: () => void }>();

  constructor(private time: number) {}

  now(): number {
    return this.time;
  }

  setTimer(callback: () => void, delayMs: number): () => void {
    const timer = { at: this.time + delayMs, callback };
    this.timers.add(timer);
    return () => this.timers.delete(timer);
  }

  /** Timers armed and not yet fired or cancelled. */
  get pendingTimers(): number {
    return this.timers.size;
  }

  /** Moves to `iso`, firing on the way, in order, each timer that falls due (and those they arm). */
  async advanceTo(iso: string): Promise<void> {
    const target = Date.parse(iso);
    for (;;) {
      // Lets the server finish what a request or a fired timer queued (a replan) before time moves on.
      await new Promise((resolve) => setImmediate(resolve));
      const due = [...this.timers].filter((timer) => timer.at <= target).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.timers.delete(due);
      this.time = Math.max(this.time, due.at);
      due.callback();
    }
    this.time = Math.max(this.time, target);
  }

  /** Sets the time without firing anything, as if the process had been stopped (or the clock set back). */
  jumpTo(iso: string): void {
    this.time = Date.parse(iso);
  }
}

/** Logs what Appwrite's headers say about who started it, then answers nothing. */
const REPORTING_FUNCTION = `export default async ({ req, res, log }) => {
  const h = req.headers;
  log(\`trigger=\${h['x-appwrite-trigger']} user=\${h['x-appwrite-user-id'] ?? ''} jwt=\${h['x-appwrite-user-jwt'] ?? ''} key=\${h['x-appwrite-key'] ? 'yes' : 'no'} \${req.method} \${req.path} body=\${req.bodyText}\`);
  return res.empty();
};
`;
const MODULE_PACKAGE = JSON.stringify({ type: 'module' });
const SCHEDULED_LOG = `trigger=schedule user= jwt= key=yes POST / body=`;

function writeFunctionFolder(folder: string): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'main.js'), REPORTING_FUNCTION);
  writeFileSync(join(folder, 'package.json'), MODULE_PACKAGE);
}

function declared(id: string, schedule: string, enabled = true) {
  return { $id: id, name: id, runtime: 'node-22', execute: [], events: [], schedule, enabled, timeout: 15, entrypoint: 'main.js', path: 'reporting' };
}

/** A project whose config declares scheduled functions, all running the reporting function. */
function scheduledProject(): string {
  const root = mkdtempSync(join(tmpdir(), 'ok-schedule-'));
  writeFunctionFolder(join(root, 'reporting'));
  const functions = [declared('every-minute', '* * * * *'), declared('paused', '* * * * *', false), declared('hourly', '0 * * * *')];
  writeFileSync(join(root, 'appwrite.config.json'), JSON.stringify({ projectId: 'opportunity-kit', functions }, null, 2));
  return root;
}

async function executionsOf(functions: Functions, functionId: string): Promise<Models.Execution[]> {
  return (await functions.listExecutions({ functionId })).executions;
}

/** The function's executions once all have finished. */
async function finishedRuns(functions: Functions, functionId: string): Promise<Models.Execution[]> {
  for (const deadline = Date.now() + 10_000; ; await new Promise((resolve) => setTimeout(resolve, 25))) {
    const executions = await executionsOf(functions, functionId);
    if (executions.every((execution) => execution.status === 'completed' || execution.status === 'failed')) return executions;
    if (Date.now() > deadline) throw new Error(`executions of ${functionId} did not finish: ${executions.map((execution) => execution.status).join(', ')}`);
  }
}

function devScheduleTick(backend: TestBackend, functionId: string): Promise<Response> {
  return fetch(`${backend.endpoint}/dev/functions/${functionId}/schedule-tick`, { method: 'POST' });
}

describeLocal('function schedules', () => {
  const clock = new ManualClock(Date.parse('2030-01-01T12:00:30Z'));
  let projectRoot: string;
  let backend: TestBackend;
  let functions: Functions;
  let work: string;

  beforeAll(async () => {
    projectRoot = scheduledProject();
    work = mkdtempSync(join(tmpdir(), 'ok-schedule-work-'));
    backend = await startTestBackend({ persistent: true, projectRoot, clock });
    functions = new Functions(adminClient(backend));
  });

  afterAll(async () => {
    await backend?.close();
    rmSync(projectRoot, { recursive: true, force: true });
    rmSync(work, { recursive: true, force: true });
  });

  it('runs a `* * * * *` function at the next minute boundary with trigger `schedule`, as Appwrite runs it: POST /, no user, its own key', async () => {
    expect(await executionsOf(functions, 'every-minute')).toEqual([]);
    await clock.advanceTo('2030-01-01T12:00:59.999Z');
    expect(await executionsOf(functions, 'every-minute')).toEqual([]);

    await clock.advanceTo('2030-01-01T12:01:00.000Z');
    const [run, ...others] = await finishedRuns(functions, 'every-minute');
    expect(others).toEqual([]);
    expect(run).toMatchObject({
      trigger: 'schedule',
      status: 'completed',
      requestMethod: 'POST',
      requestPath: '/',
      requestHeaders: [],
      responseStatusCode: 204,
      $permissions: [],
      deploymentId: 'local',
    });
    expect(run?.logs).toContain(SCHEDULED_LOG);
  });

  it('runs once per tick: nothing more within the minute, one more at each later boundary', async () => {
    await clock.advanceTo('2030-01-01T12:01:45Z');
    expect(await executionsOf(functions, 'every-minute')).toHaveLength(1);
    await clock.advanceTo('2030-01-01T12:03:00Z');
    const runs = await finishedRuns(functions, 'every-minute');
    expect(runs.map((execution) => [execution.trigger, execution.status])).toEqual([
      ['schedule', 'completed'],
      ['schedule', 'completed'],
      ['schedule', 'completed'],
    ]);
    // `0 * * * *` waits for 13:00.
    expect(await executionsOf(functions, 'hourly')).toEqual([]);
  });

  it('never runs a disabled function, and the development tick refuses it', async () => {
    expect(await executionsOf(functions, 'paused')).toEqual([]);
    const refused = await devScheduleTick(backend, 'paused');
    expect(refused.status).toBe(400);
    expect(((await refused.json()) as { message: string }).message).toBe('Function "paused" is disabled, so its schedule does not run.');
  });

  it('runs a tick on demand through POST /v1/dev/functions/{id}/schedule-tick, and keeps the cron ticks as planned', async () => {
    const answer = await devScheduleTick(backend, 'every-minute');
    expect(answer.status).toBe(202);
    expect(await answer.json()).toMatchObject({ trigger: 'schedule', status: 'waiting', requestMethod: 'POST', requestPath: '/' });
    const runs = await finishedRuns(functions, 'every-minute');
    expect(runs).toHaveLength(4);
    expect(runs.at(-1)?.logs).toContain(SCHEDULED_LOG);
    await clock.advanceTo('2030-01-01T12:04:00Z');
    expect(await executionsOf(functions, 'every-minute')).toHaveLength(5);

    expect((await devScheduleTick(backend, 'no-such-function')).status).toBe(404);
  });

  it('refuses the development tick to another machine, so nobody on the network can run a function', async () => {
    const server = backend.local?.server;
    if (!server) throw new Error('local backend expected');
    const answer = await requestFromPeer(server, '203.0.113.7', `${backend.endpoint}/dev/functions/every-minute/schedule-tick`, { method: 'POST' });
    expect([answer.status, JSON.parse(answer.text).type]).toEqual([403, 'general_access_forbidden']);
    expect(await executionsOf(functions, 'every-minute')).toHaveLength(5);
  });

  it('does not replay the ticks missed while the server was down, and the stopped scheduler runs nothing more', async () => {
    // Down from 12:04 to 12:06:30: the ticks of 12:05 and 12:06 never run.
    clock.jumpTo('2030-01-01T12:06:30Z');
    await backend.restart();
    // The closed server's timer was cancelled: only the new server's is armed.
    expect(clock.pendingTimers).toBe(1);
    await clock.advanceTo('2030-01-01T12:06:59Z');
    expect(await executionsOf(functions, 'every-minute')).toHaveLength(5);
    await clock.advanceTo('2030-01-01T12:07:00Z');
    expect(await finishedRuns(functions, 'every-minute')).toHaveLength(6);
  });

  it('never runs a tick twice after a restart, even with the clock set back before it', async () => {
    clock.jumpTo('2030-01-01T12:06:30Z');
    await backend.restart();
    await clock.advanceTo('2030-01-01T12:07:30Z');
    expect(await executionsOf(functions, 'every-minute')).toHaveLength(6);
    await clock.advanceTo('2030-01-01T12:08:00Z');
    expect(await finishedRuns(functions, 'every-minute')).toHaveLength(7);
  });

  describe('a function created through the Functions API', () => {
    const functionId = 'api-scheduled';

    beforeAll(async () => {
      await functions.create({ functionId, name: 'API scheduled', runtime: Runtime.Node22, entrypoint: 'main.js', commands: '', execute: [] });
      const archive = join(work, 'code.tar.gz');
      writeFileSync(
        archive,
        tarGz([
          { path: 'main.js', content: REPORTING_FUNCTION },
          { path: 'package.json', content: MODULE_PACKAGE },
        ]),
      );
      const deployment = await functions.createDeployment({ functionId, code: InputFile.fromPath(archive, 'code.tar.gz'), activate: true });
      for (const deadline = Date.now() + 20_000; (await functions.get({ functionId })).deploymentId !== deployment.$id;) {
        if (Date.now() > deadline) throw new Error('the deployment was not activated');
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    });

    const settings = { functionId, name: 'API scheduled', runtime: Runtime.Node22, entrypoint: 'main.js', commands: '', execute: [] };

    it('starts running on the schedule that functions.update sets, and stops when it is cleared', async () => {
      await clock.advanceTo('2030-01-01T12:09:00Z');
      expect(await executionsOf(functions, functionId)).toEqual([]);

      const updated = await functions.update({ ...settings, schedule: '*/5 * * * *' });
      expect(updated.schedule).toBe('*/5 * * * *');
      await clock.advanceTo('2030-01-01T12:09:59Z');
      expect(await executionsOf(functions, functionId)).toEqual([]);
      await clock.advanceTo('2030-01-01T12:10:00Z');
      const [run, ...others] = await finishedRuns(functions, functionId);
      expect(others).toEqual([]);
      expect(run).toMatchObject({ trigger: 'schedule', status: 'completed', $permissions: [] });
      expect(run?.logs).toContain(SCHEDULED_LOG);

      await functions.update({ ...settings, schedule: '' });
      await clock.advanceTo('2030-01-01T12:20:00Z');
      expect(await executionsOf(functions, functionId)).toHaveLength(1);
    });

    it('stops running once disabled', async () => {
      await functions.update({ ...settings, schedule: '* * * * *', enabled: false });
      await clock.advanceTo('2030-01-01T12:22:00Z');
      expect(await executionsOf(functions, functionId)).toHaveLength(1);
    });

    it('refuses a schedule that is not a cron expression, in Appwrite words', async () => {
      const refused = await functions.update({ ...settings, schedule: '61 * * * *' }).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(AppwriteException);
      expect([(refused as AppwriteException).code, (refused as AppwriteException).message]).toEqual([
        400,
        'Invalid `schedule` param: String must be a valid cron expression',
      ]);
      expect((await functions.get({ functionId })).schedule).toBe('* * * * *');
    });
  });
});

describeLocal('appwrite push functions with a schedule', () => {
  const clock = new ManualClock(Date.parse('2030-01-01T02:30:00Z'));
  let backend: TestBackend;
  let functions: Functions;
  let project: CliProject;

  beforeAll(async () => {
    backend = await startTestBackend({ clock });
    functions = new Functions(adminClient(backend));
    const nightly = { ...declared('nightly', '0 3 * * *'), scopes: [], logging: true, commands: '' };
    project = await cliProject(backend, { config: { projectId: backend.projectId, functions: [nightly] } });
    writeFunctionFolder(join(project.dir, 'reporting'));
  }, 60_000);

  afterAll(async () => {
    project?.close();
    await backend?.close();
  });

  it('keeps the schedule the CLI pushes, and runs the deployed function at its tick', async () => {
    // appwrite-cli 12 creates the function on the first push but deploys it only on the next one
    // (see appwrite-cli-functions.test.ts), so the second push is the deploying one.
    await project.push('functions');
    expect((await functions.get({ functionId: 'nightly' })).schedule).toBe('0 3 * * *');
    expectSuccess(await project.push('functions'));
    const pushed = await functions.get({ functionId: 'nightly' });
    expect([pushed.schedule, pushed.deploymentId !== '']).toEqual(['0 3 * * *', true]);

    await clock.advanceTo('2030-01-01T02:59:59Z');
    expect(await executionsOf(functions, 'nightly')).toEqual([]);
    await clock.advanceTo('2030-01-01T03:00:00Z');
    const [run, ...others] = await finishedRuns(functions, 'nightly');
    expect(others).toEqual([]);
    expect(run).toMatchObject({ trigger: 'schedule', status: 'completed', deploymentId: pushed.deploymentId });
  }, 120_000);
});
