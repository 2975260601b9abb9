import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Functions, Query, Runtime, type Models } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { adminClient, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { tarGz } from '../fixtures/deployments/tar-gz.ts';

/**
 * The parts of the Functions API that Appwrite's e2e tests pin and the product does not use itself
 * (issue 22): the runtime, specification and template catalogue, deployment duplication, cancelation and
 * the older activation path, `select` on deployments, specifications told to the code, binary
 * executions, HEAD, and the response formats of older clients.
 */

let backend: TestBackend;
let functions: Functions;
let work: string;

beforeAll(async () => {
  backend = await startTestBackend();
  functions = new Functions(adminClient(backend));
  work = mkdtempSync(join(tmpdir(), 'ok-catalogue-test-'));
});
afterAll(async () => {
  await backend.close();
  rmSync(work, { recursive: true, force: true });
});

/** A function that answers its CPUs and memory, or three raw bytes on `/binary`. */
const SOURCE = `export default async ({ req, res }) => {
  if (req.path === '/binary') return res.binary(Buffer.from([0, 10, 255]));
  if (req.path === '/md5') return res.text((await import('node:crypto')).createHash('md5').update(req.bodyBinary).digest('hex'));
  return res.json({ cpus: process.env.APPWRITE_FUNCTION_CPUS, memory: process.env.APPWRITE_FUNCTION_MEMORY, version: 'one' });
};
`;

function archive(source = SOURCE): string {
  const file = join(mkdtempSync(join(work, 'archive-')), 'code.tar.gz');
  // `type: module` says the code is ESM on every Node the runtime may be (Node 20 does not guess it from the syntax).
  writeFileSync(
    file,
    tarGz([
      { path: 'package.json', content: '{"type":"module"}' },
      { path: 'main.js', content: source },
    ]),
  );
  return file;
}

async function built(functionId: string, deploymentId: string): Promise<Models.Deployment> {
  for (const deadline = Date.now() + 20_000; Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 25))) {
    const deployment = await functions.getDeployment({ functionId, deploymentId });
    if (deployment.status === 'ready' || deployment.status === 'failed') return deployment;
  }
  throw new Error(`deployment ${deploymentId} did not finish building`);
}

async function deployedFunction(options: { runtimeSpecification?: string } = {}): Promise<{ functionId: string; deploymentId: string }> {
  const fn = await functions.create({
    functionId: `catalogue-${uniqueSuffix()}`,
    name: 'Catalogue',
    runtime: Runtime.Node22,
    entrypoint: 'main.js',
    execute: ['any'],
    ...options,
  });
  const deployment = await functions.createDeployment({ functionId: fn.$id, code: InputFile.fromPath(archive(), 'code.tar.gz'), activate: true });
  expect((await built(fn.$id, deployment.$id)).status).toBe('ready');
  return { functionId: fn.$id, deploymentId: deployment.$id };
}

async function api(method: string, path: string, init: { headers?: Record<string, string>; body?: BodyInit } = {}): Promise<Response> {
  return fetch(`${backend.endpoint}${path}`, {
    method,
    headers: { 'x-appwrite-project': backend.projectId, 'x-appwrite-key': backend.apiKey, ...init.headers },
    body: init.body,
  });
}

describe('catalogue', () => {
  it('lists the runtimes this server runs (to anyone) and the compute specifications', async () => {
    const runtimes = (await (await fetch(`${backend.endpoint}/functions/runtimes?project=${backend.projectId}`)).json()) as Models.RuntimeList;
    expect(runtimes.runtimes.map((runtime) => runtime.$id)).toContain('node-22');
    expect(runtimes.runtimes.every((runtime) => runtime.key === 'node' || runtime.key === 'bun')).toBe(true);
    const specifications = await functions.listSpecifications();
    expect(specifications.specifications[0]).toEqual({ slug: 's-0.5vcpu-512mb', memory: 512, cpus: 0.5, enabled: true });
  });

  it('offers no templates (no deployment from a template here), checking the list params as Appwrite does', async () => {
    const list = (await (await api('GET', '/functions/templates?useCases[]=databases&runtimes[]=node-22&limit=5')).json()) as {
      total: number;
      templates: unknown[];
    };
    expect(list).toEqual({ total: 0, templates: [] });
    expect(await (await api('GET', '/functions/templates/starter')).json()).toMatchObject({ code: 404, type: 'function_template_not_found' });
    expect((await api('GET', '/functions/templates?limit=5001')).status).toBe(400);
    expect((await api('GET', '/functions/templates?useCases[]=cooking')).status).toBe(400);
  });
});

describe('deployments', () => {
  it('duplicates a deployment, built again with the current commands and activated', async () => {
    const { functionId, deploymentId } = await deployedFunction();
    const duplicate = await functions.createDuplicateDeployment({ functionId, deploymentId });
    expect(duplicate).toMatchObject({ status: 'waiting', buildSize: 0 });
    expect(duplicate.sourceSize).toBeGreaterThan(0);
    expect((await built(functionId, duplicate.$id)).status).toBe('ready');
    expect((await functions.get({ functionId })).deploymentId).toBe(duplicate.$id);
  });

  it('activates through the older path, selects attributes, and refuses to cancel a finished build', async () => {
    const { functionId, deploymentId } = await deployedFunction();
    const activated = await api('PATCH', `/functions/${functionId}/deployments/${deploymentId}`);
    expect(((await activated.json()) as Models.Function).deploymentId).toBe(deploymentId);
    const selected = await functions.listDeployments({ functionId, queries: [Query.select(['status'])] });
    expect(selected.deployments[0]).toHaveProperty('status', 'ready');
    expect(selected.deployments[0]).not.toHaveProperty('sourceSize');
    await expect(functions.updateDeploymentStatus({ functionId, deploymentId })).rejects.toMatchObject({ code: 400, type: 'build_already_completed' });
  });
});

describe('functions and executions', () => {
  it('records the deployment retention and tells the code the CPUs and memory of its specification', async () => {
    const { functionId } = await deployedFunction({ runtimeSpecification: 's-2vcpu-2gb' });
    await functions.update({
      functionId,
      name: 'Catalogue',
      runtime: Runtime.Node22,
      entrypoint: 'main.js',
      execute: ['any'],
      runtimeSpecification: 's-2vcpu-2gb',
      deploymentRetention: 90,
    });
    expect((await functions.get({ functionId })).deploymentRetention).toBe(90);
    const execution = await functions.createExecution({ functionId });
    expect(JSON.parse(execution.responseBody)).toMatchObject({ cpus: '2', memory: '2048' });
  });

  it('answers binary bodies as multipart to clients that accept it, and takes a binary body from a form', async () => {
    const { functionId } = await deployedFunction();
    const binary = await api('POST', `/functions/${functionId}/executions`, {
      headers: { 'content-type': 'application/json', accept: 'multipart/form-data' },
      body: JSON.stringify({ path: '/binary' }),
    });
    expect(binary.status).toBe(201);
    expect(binary.headers.get('content-type')).toMatch(/^multipart\/form-data; boundary=----/);
    const raw = Buffer.from(await binary.arrayBuffer());
    const part = Buffer.concat([Buffer.from('name="responseBody"\r\n\r\n'), Buffer.from([0, 10, 255]), Buffer.from('\r\n--')]);
    expect(raw.includes(part)).toBe(true);
    const asJson = await api('POST', `/functions/${functionId}/executions`, {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ path: '/binary' }),
    });
    expect(asJson.status).toBe(400);

    // A form field of raw bytes (not a file part), as PHP's curl sends `body`.
    const bytes = Buffer.from([0, 20, 255]);
    const boundary = 'ok-boundary';
    const field = (name: string, value: Buffer) =>
      Buffer.concat([Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`), value, Buffer.from('\r\n')]);
    const form = Buffer.concat([field('path', Buffer.from('/md5')), field('body', bytes), Buffer.from(`--${boundary}--\r\n`)]);
    const hashed = await api('POST', `/functions/${functionId}/executions`, {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      body: new Uint8Array(form),
    });
    expect(((await hashed.json()) as Models.Execution).responseBody).toBe(createHash('md5').update(bytes).digest('hex'));
  });

  it('answers HEAD as GET without a body, and hides what older response formats did not have', async () => {
    const { functionId } = await deployedFunction();
    const head = await api('HEAD', `/functions/${functionId}/executions`);
    expect(head.status).toBe(200);
    expect(await head.text()).toBe('');
    const old = (await (await api('GET', `/functions/${functionId}`, { headers: { 'x-appwrite-response-format': '1.5.0' } })).json()) as Record<
      string,
      unknown
    >;
    expect(old).not.toHaveProperty('scopes');
    expect(old).not.toHaveProperty('specification');
    const legacyQuery = await api('GET', `/functions?queries[]=${encodeURIComponent('equal("name", ["Catalogue"])')}`, {
      headers: { 'x-appwrite-response-format': '1.4.0' },
    });
    expect(((await legacyQuery.json()) as { total: number }).total).toBeGreaterThan(0);
  });
});
