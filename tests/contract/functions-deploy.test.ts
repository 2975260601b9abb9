import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, parse } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppwriteException, Client, Functions, ID, Runtime, Users, type Models } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { adminClient, describeLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { signedInBrowser } from '../support/browser.ts';
import { probeArchive, tarGz, type TarEntry } from '../fixtures/deployments/tar-gz.ts';

/**
 * Issue 12: functions created and deployed through the Functions API, as `appwrite push functions`
 * and node-appwrite do it: a `code` tar.gz (chunked above 5 MB), its build (`waiting` → … → `ready`),
 * activation, and executions and event triggers running the unpacked deployment with its variables.
 * The deployed code is tests/fixtures/deployments/function, packed with the release name it reports.
 *
 * Local only: the builds here unpack into this server's data folder, which the traversal tests
 * inspect, and a real Appwrite builds in runtime containers its project may not enable.
 */

interface ProbeAnswer {
  release: string;
  greeting: string | null;
  secret: string | null;
  functionId: string;
  deployment: string;
  runtime: string;
}

let backend: TestBackend;
let functions: Functions;
let work: string;

beforeAll(async () => {
  backend = await startTestBackend({ persistent: true });
  functions = new Functions(adminClient(backend));
  work = mkdtempSync(join(tmpdir(), 'ok-deploy-test-'));
});

afterAll(async () => {
  await backend?.close();
  rmSync(work, { recursive: true, force: true });
});

function archiveFile(bytes: Buffer, name = 'code.tar.gz'): string {
  const folder = mkdtempSync(join(work, 'archive-'));
  const file = join(folder, name);
  writeFileSync(file, bytes);
  return file;
}

async function newFunction(options: Partial<{ events: string[]; execute: string[] }> = {}): Promise<Models.Function> {
  return functions.create({
    functionId: `probe-${uniqueSuffix()}`,
    name: 'Probe',
    runtime: Runtime.Node22,
    entrypoint: 'main.js',
    commands: '',
    execute: options.execute ?? ['any'],
    events: options.events ?? [],
  });
}

function deploy(functionId: string, archive: Buffer, activate = true): Promise<Models.Deployment> {
  return functions.createDeployment({ functionId, code: InputFile.fromPath(archiveFile(archive), 'code.tar.gz'), activate });
}

/** Polls the deployment until its build has finished; answers it with every status seen on the way. */
async function built(functionId: string, deploymentId: string): Promise<{ deployment: Models.Deployment; seen: string[] }> {
  const seen: string[] = [];
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 25))) {
    const deployment = await functions.getDeployment({ functionId, deploymentId });
    if (seen.at(-1) !== deployment.status) seen.push(deployment.status);
    if (deployment.status === 'ready' || deployment.status === 'failed') return { deployment, seen };
  }
  throw new Error(`deployment ${deploymentId} did not finish building: ${seen.join(' → ')}`);
}

async function run(functionId: string): Promise<{ execution: Models.Execution; answer: ProbeAnswer }> {
  const execution = await functions.createExecution({ functionId });
  return { execution, answer: JSON.parse(execution.responseBody) as ProbeAnswer };
}

async function failure(promise: Promise<unknown>): Promise<AppwriteException> {
  const thrown = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  expect(thrown).toBeInstanceOf(AppwriteException);
  return thrown as AppwriteException;
}

/** Every folder from the data folder up to the root, and every file under the data folder. */
function filesNamed(name: string): string[] {
  const dataDir = backend.local?.services.dataDir as string;
  const found: string[] = [];
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.name === name) found.push(path);
      if (entry.isDirectory()) walk(path);
    }
  };
  walk(dataDir);
  for (let folder = dirname(dataDir); folder !== parse(folder).root; folder = dirname(folder)) {
    if (existsSync(join(folder, name))) found.push(join(folder, name));
  }
  return found;
}

describeLocal('functions deployed through the Functions API', () => {
  it('builds a pushed tar.gz to ready and runs exactly that code, with the function variables as environment variables', async () => {
    const fn = await newFunction();
    expect(fn).toMatchObject({ deploymentId: '', latestDeploymentId: '', live: true, runtime: 'node-22', entrypoint: 'main.js' });
    await functions.createVariable({ functionId: fn.$id, variableId: ID.unique(), key: 'GREETING', value: 'hello from a variable', secret: false });
    const secret = await functions.createVariable({ functionId: fn.$id, variableId: ID.unique(), key: 'SECRET_TOKEN', value: 's3cret' });
    expect([secret.secret, secret.value]).toEqual([true, '']);
    const refused = await failure(functions.createExecution({ functionId: fn.$id }));
    expect([refused.code, refused.type]).toEqual([404, 'deployment_not_found']);

    const created = await deploy(fn.$id, probeArchive('first'));
    expect(created).toMatchObject({ resourceId: fn.$id, resourceType: 'functions', status: 'waiting', activate: true, entrypoint: 'main.js', type: 'manual' });
    const { deployment, seen } = await built(fn.$id, created.$id);
    expect(deployment.status).toBe('ready');
    expect(['waiting', 'processing', 'building', 'ready']).toEqual(expect.arrayContaining(seen));
    expect(deployment.sourceSize).toBeGreaterThan(0);
    expect(deployment.buildSize).toBeGreaterThan(0);
    expect(await functions.get({ functionId: fn.$id })).toMatchObject({
      deploymentId: created.$id,
      latestDeploymentId: created.$id,
      latestDeploymentStatus: 'ready',
      live: true,
    });

    const { execution, answer } = await run(fn.$id);
    expect(execution).toMatchObject({ status: 'completed', responseStatusCode: 200, deploymentId: created.$id });
    expect(answer).toEqual({
      release: 'first',
      greeting: 'hello from a variable',
      secret: 's3cret',
      functionId: fn.$id,
      deployment: created.$id,
      runtime: 'Node.js 22',
    });
    const variables = await functions.listVariables({ functionId: fn.$id });
    expect(variables.variables.map((variable) => [variable.key, variable.value, variable.secret])).toEqual([
      ['GREETING', 'hello from a variable', false],
      ['SECRET_TOKEN', '', true],
    ]);
  });

  it('activates a second deployment in place of the first, and the first again through updateFunctionDeployment', async () => {
    const fn = await newFunction();
    const first = await deploy(fn.$id, probeArchive('first'));
    expect((await built(fn.$id, first.$id)).deployment.status).toBe('ready');
    expect((await run(fn.$id)).answer.release).toBe('first');

    const second = await deploy(fn.$id, probeArchive('second'));
    expect((await built(fn.$id, second.$id)).deployment.status).toBe('ready');
    const { execution, answer } = await run(fn.$id);
    expect([answer.release, answer.deployment, execution.deploymentId]).toEqual(['second', second.$id, second.$id]);

    const inactive = await deploy(fn.$id, probeArchive('third'), false);
    expect((await built(fn.$id, inactive.$id)).deployment).toMatchObject({ status: 'ready', activate: false });
    expect((await run(fn.$id)).answer.release).toBe('second');

    const back = await functions.updateFunctionDeployment({ functionId: fn.$id, deploymentId: first.$id });
    expect(back).toMatchObject({ deploymentId: first.$id, latestDeploymentId: inactive.$id });
    expect((await run(fn.$id)).answer.release).toBe('first');
    const list = await functions.listDeployments({ functionId: fn.$id });
    expect(list.deployments.map((deployment) => deployment.$id)).toEqual([first.$id, second.$id, inactive.$id]);

    await functions.deleteDeployment({ functionId: fn.$id, deploymentId: first.$id });
    expect((await functions.get({ functionId: fn.$id })).deploymentId).toBe('');
    const gone = await failure(functions.createExecution({ functionId: fn.$id }));
    expect([gone.code, gone.type]).toEqual([404, 'deployment_not_found']);
  });

  it("runs a deployment's build commands in its folder before it goes live, and fails the build when they fail", async () => {
    const fn = await newFunction();
    await functions.createVariable({ functionId: fn.$id, variableId: ID.unique(), key: 'GREETING', value: 'seen by the build' });
    const rewrite = `echo "$GREETING" && echo '{"release":"from-the-build"}' > release.json`;
    const built1 = await functions.createDeployment({
      functionId: fn.$id,
      code: InputFile.fromPath(archiveFile(probeArchive('as-packed')), 'code.tar.gz'),
      activate: true,
      commands: rewrite,
    });
    const { deployment } = await built(fn.$id, built1.$id);
    expect(deployment.status).toBe('ready');
    expect(deployment.buildLogs).toContain('seen by the build');
    expect((await run(fn.$id)).answer.release).toBe('from-the-build');

    const failing = await functions.createDeployment({
      functionId: fn.$id,
      code: InputFile.fromPath(archiveFile(probeArchive('never')), 'code.tar.gz'),
      activate: true,
      commands: 'echo trying && exit 3',
    });
    const failed = (await built(fn.$id, failing.$id)).deployment;
    expect([failed.status, failed.buildLogs]).toEqual(['failed', expect.stringContaining('exited with code 3')]);
    expect((await run(fn.$id)).answer.release).toBe('from-the-build');
  });

  it('receives an archive over 5 MB in 5 MB chunks and runs it', async () => {
    const fn = await newFunction();
    // Random bytes do not compress, so the archive stays above one chunk.
    const archive = probeArchive('chunked', [{ path: 'assets/noise.bin', content: randomBytes(6 * 1024 * 1024) }]);
    expect(archive.length).toBeGreaterThan(5 * 1024 * 1024);
    const created = await deploy(fn.$id, archive);
    const { deployment } = await built(fn.$id, created.$id);
    expect([deployment.status, deployment.sourceSize]).toEqual(['ready', archive.length]);
    expect((await run(fn.$id)).answer.release).toBe('chunked');
  });

  it('runs a pushed event-triggered function on its event, with the pushed code', async () => {
    const fn = await newFunction({ events: ['users.*.create'], execute: [] });
    const created = await deploy(fn.$id, probeArchive('listener'));
    expect((await built(fn.$id, created.$id)).deployment.status).toBe('ready');

    const user = await new Users(adminClient(backend)).create({ userId: ID.unique(), email: `listener-${uniqueSuffix()}@example.com` });
    let events: Models.Execution[] = [];
    for (const deadline = Date.now() + 10_000; Date.now() < deadline && events.length === 0; await new Promise((resolve) => setTimeout(resolve, 50))) {
      events = (await functions.listExecutions({ functionId: fn.$id })).executions.filter((execution) => execution.status === 'completed');
    }
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ trigger: 'event', responseStatusCode: 204, deploymentId: created.$id });
    expect(events[0]?.logs).toContain(`for ${user.$id} (release listener)`);
  });

  const marker = `escaped-${uniqueSuffix()}.txt`;
  const absolute = join(tmpdir(), `ok-${marker}`);
  it.each<[string, TarEntry[], string]>([
    ['a ../ entry', [1, 2, 3, 4, 5, 6].map((depth) => ({ path: `${'../'.repeat(depth)}${marker}`, content: 'pwned' })), `"../${marker}" points outside`],
    ['an absolute path', [{ path: absolute, content: 'pwned' }], 'points outside the deployment folder'],
    [
      'a link out of the folder',
      [
        { path: 'up', type: 'symlink', linkpath: '../../../..' },
        { path: `up/${marker}`, content: 'pwned' },
      ],
      'The symbolic link "up" points outside',
    ],
  ])('refuses an archive with %s: the build fails, nothing is written outside, the active deployment stays', async (_name, entries, reason) => {
    const fn = await newFunction();
    const good = await deploy(fn.$id, probeArchive('first'));
    expect((await built(fn.$id, good.$id)).deployment.status).toBe('ready');

    const created = await deploy(fn.$id, probeArchive('evil', entries));
    const { deployment } = await built(fn.$id, created.$id);
    expect(deployment.status).toBe('failed');
    expect(deployment.buildLogs).toContain(reason);
    expect(filesNamed(marker)).toEqual([]);
    expect(existsSync(absolute)).toBe(false);
    expect((await functions.get({ functionId: fn.$id })).deploymentId).toBe(good.$id);
    expect((await run(fn.$id)).answer.release).toBe('first');
    // Nothing of the refused archive stays unpacked either.
    expect(readdirSync(join(backend.local?.services.dataDir as string, 'functions', fn.$id))).toEqual([good.$id]);
  });

  it('refuses every caller without an API key, as Appwrite does (401 general_unauthorized_scope)', async () => {
    const fn = await newFunction();
    const member = await signedInBrowser(backend, { email: `member-${uniqueSuffix()}@example.com` });
    const { jwt } = await member.account.createJWT();
    const callers = {
      guest: new Functions(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId)),
      member: new Functions(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId).setJWT(jwt)),
    };
    for (const [who, api] of Object.entries(callers)) {
      const attempts: Array<[string, () => Promise<unknown>]> = [
        ['create', () => api.create({ functionId: `stolen-${uniqueSuffix()}`, name: 'x', runtime: Runtime.Node22 })],
        ['get', () => api.get({ functionId: fn.$id })],
        ['update', () => api.update({ functionId: fn.$id, name: 'taken over' })],
        [
          'createDeployment',
          () => api.createDeployment({ functionId: fn.$id, code: InputFile.fromBuffer(probeArchive('evil'), 'code.tar.gz'), activate: true }),
        ],
        ['listDeployments', () => api.listDeployments({ functionId: fn.$id })],
        ['createVariable', () => api.createVariable({ functionId: fn.$id, variableId: ID.unique(), key: 'K', value: 'v' })],
        ['listVariables', () => api.listVariables({ functionId: fn.$id })],
        ['updateFunctionDeployment', () => api.updateFunctionDeployment({ functionId: fn.$id, deploymentId: 'anything' })],
        ['delete', () => api.delete({ functionId: fn.$id })],
      ];
      for (const [call, attempt] of attempts) {
        const refused = await failure(attempt());
        expect([who, call, refused.code, refused.type]).toEqual([who, call, 401, 'general_unauthorized_scope']);
      }
    }
    expect(await functions.get({ functionId: fn.$id })).toMatchObject({ name: 'Probe', deploymentId: '' });
    expect((await functions.listDeployments({ functionId: fn.$id })).total).toBe(0);
    expect((await functions.listVariables({ functionId: fn.$id })).total).toBe(0);
  });

  it('answers the errors Appwrite answers for what it refuses', async () => {
    const fn = await newFunction();
    const expectError = async (promise: Promise<unknown>, code: number, type: string) => {
      const refused = await failure(promise);
      expect([refused.code, refused.type]).toEqual([code, type]);
    };
    await expectError(functions.create({ functionId: fn.$id, name: 'again', runtime: Runtime.Node22 }), 409, 'function_already_exists');
    await expectError(functions.create({ functionId: ID.unique(), name: 'py', runtime: Runtime.Python312 }), 404, 'function_runtime_unsupported');
    await expectError(functions.create({ functionId: ID.unique(), name: 'odd', runtime: 'cobol-1' as Runtime }), 400, 'general_argument_invalid');
    await expectError(functions.get({ functionId: 'no-such-function' }), 404, 'function_not_found');
    await expectError(
      functions.createDeployment({ functionId: 'no-such-function', code: InputFile.fromBuffer(probeArchive('x'), 'code.tar.gz'), activate: true }),
      404,
      'function_not_found',
    );
    await expectError(
      functions.createDeployment({ functionId: fn.$id, code: InputFile.fromBuffer(probeArchive('x'), 'code.zip'), activate: true }),
      400,
      'storage_file_type_unsupported',
    );
    const bare = await functions.create({ functionId: ID.unique(), name: 'no entrypoint', runtime: Runtime.Node22 });
    await expectError(
      functions.createDeployment({ functionId: bare.$id, code: InputFile.fromBuffer(probeArchive('x'), 'code.tar.gz'), activate: true }),
      404,
      'function_entrypoint_missing',
    );
    const tooLarge = archiveFile(randomBytes(31_000_000), 'huge.tar.gz');
    await expectError(
      functions.createDeployment({ functionId: fn.$id, code: InputFile.fromPath(tooLarge, 'huge.tar.gz'), activate: true }),
      400,
      'storage_invalid_file_size',
    );
    await expectError(functions.getDeployment({ functionId: fn.$id, deploymentId: 'no-such-deployment' }), 404, 'deployment_not_found');
    const broken = await deploy(fn.$id, tarGz([{ path: 'main.js', content: 'export default 1;' }]).subarray(0, 40));
    expect((await built(fn.$id, broken.$id)).deployment.status).toBe('failed');
    await expectError(functions.updateFunctionDeployment({ functionId: fn.$id, deploymentId: broken.$id }), 400, 'build_not_ready');
    const variable = await functions.createVariable({ functionId: fn.$id, variableId: 'unique-var', key: 'TOKEN', value: 'x' });
    await expectError(functions.createVariable({ functionId: fn.$id, variableId: ID.unique(), key: 'TOKEN', value: 'y' }), 409, 'variable_already_exists');
    await expectError(functions.updateVariable({ functionId: fn.$id, variableId: variable.$id, secret: false }), 400, 'variable_cannot_unset_secret');
    await expectError(functions.getVariable({ functionId: fn.$id, variableId: 'no-such-variable' }), 404, 'variable_not_found');
  });

  it('answers the Appwrite CLI 12 in its 1.8.0 format: one `specification`, and variables created without an id', async () => {
    const call = (format: string, path: string, body: unknown) =>
      fetch(`${backend.endpoint}${path}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-appwrite-project': backend.projectId,
          'x-appwrite-key': backend.apiKey,
          'x-appwrite-response-format': format,
        },
        body: JSON.stringify(body),
      });
    const functionId = `legacy-${uniqueSuffix()}`;
    const created = await call('1.8.0', '/functions', { functionId, name: 'Legacy', runtime: 'node-22', specification: 's-1vcpu-1gb' });
    const model = (await created.json()) as Record<string, unknown>;
    expect([created.status, model.specification, 'buildSpecification' in model]).toEqual([201, 's-1vcpu-1gb', false]);
    expect(await functions.get({ functionId })).toMatchObject({ buildSpecification: 's-1vcpu-1gb', runtimeSpecification: 's-1vcpu-1gb' });

    const variable = await call('1.8.0', `/functions/${functionId}/variables`, { key: 'FROM_CLI', value: 'yes', secret: false });
    expect([variable.status, ((await variable.json()) as { key: string }).key]).toEqual([201, 'FROM_CLI']);
    const current = await call('1.9.5', `/functions/${functionId}/variables`, { key: 'NO_ID', value: 'no' });
    expect([current.status, ((await current.json()) as { message: string }).message]).toEqual([400, 'Param "variableId" is not optional.']);
  });

  it('keeps functions, variables and deployments across a restart: the function still runs its deployment', async () => {
    const fn = await newFunction();
    await functions.createVariable({ functionId: fn.$id, variableId: ID.unique(), key: 'GREETING', value: 'still here', secret: false });
    const created = await deploy(fn.$id, probeArchive('durable'));
    expect((await built(fn.$id, created.$id)).deployment.status).toBe('ready');

    await backend.restart();
    expect(await functions.get({ functionId: fn.$id })).toMatchObject({ deploymentId: created.$id, latestDeploymentStatus: 'ready' });
    expect((await functions.getDeployment({ functionId: fn.$id, deploymentId: created.$id })).status).toBe('ready');
    const { answer } = await run(fn.$id);
    expect([answer.release, answer.greeting, answer.deployment]).toEqual(['durable', 'still here', created.$id]);
  });
});
