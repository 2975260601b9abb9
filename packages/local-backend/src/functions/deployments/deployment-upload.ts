import { rm } from 'node:fs/promises';
import { requireKey } from '../../auth/identity.ts';
import { json, type Reply, type RequestContext } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import { isCustomId, ParamReader, uniqueId } from '../../http/params.ts';
import { KeyedLock } from '../../store/keyed-lock.ts';
import type { Store } from '../../store/store.ts';
import { functionErrors } from '../admin/function-errors.ts';
import type { FunctionRecord, FunctionStore } from '../registry/function-store.ts';
import { readCodeForm } from './code-form.ts';
import type { DeploymentBuilder } from './deployment-builder.ts';
import type { DeploymentFiles } from './deployment-files.ts';
import { deploymentModel } from './deployment-model.ts';
import type { DeploymentRecord, DeploymentStore } from './deployment-store.ts';
import { header, parseContentRange } from '../../http/content-range.ts';

/** Appwrite's chunk size (APP_LIMIT_UPLOAD_CHUNK_SIZE): the SDKs and the CLI split larger archives by it. */
export const CHUNK_SIZE = 5 * 1024 * 1024;
/** Appwrite's default `_APP_COMPUTE_SIZE_LIMIT`: the largest archive a deployment may upload. */
export const SOURCE_SIZE_LIMIT = 30_000_000;

export interface DeploymentDeps {
  sqlite: Store;
  functions: FunctionStore;
  deployments: DeploymentStore;
  files: DeploymentFiles;
  builder: DeploymentBuilder;
  /** Serialises the chunks of one upload. */
  uploads: KeyedLock;
}

/** A function the API may deploy: it exists, and it is not one the config declares. */
export function deployableFunction(functions: FunctionStore, id: string): FunctionRecord {
  const fn = functions.find(id);
  if (!fn) throw errors.functionNotFound();
  if (fn.source === 'config') throw functionErrors.declaredInConfig(fn.id);
  return fn;
}

/**
 * `POST /v1/functions/{functionId}/deployments` (API key, `functions.write`): a `code` tar.gz in
 * one multipart request, or in 5 MiB chunks (`Content-Range`, then `x-appwrite-id` naming the
 * deployment the first chunk created). Answers 202 with the deployment, `waiting` while it is
 * uploading or queued; once the last chunk is in, the archive is assembled and its build queued.
 */
export async function createDeployment(ctx: RequestContext, deps: DeploymentDeps): Promise<Reply> {
  requireKey(ctx.caller, 'functions.write');
  const fn = deployableFunction(deps.functions, ctx.pathParams.functionId ?? '');
  const rangeHeader = header(ctx, 'content-range');
  const tempPath = deps.files.newTempPath();
  try {
    const form = await readCodeForm(ctx.req, tempPath, rangeHeader ? CHUNK_SIZE : SOURCE_SIZE_LIMIT);
    const params = new ParamReader({ ...ctx.query, ...form.fields });
    const activate = params.boolean('activate', false);
    const entrypoint = params.optionalString('entrypoint') ?? fn.entrypoint;
    if (entrypoint.length > 1028)
      throw errors.argumentInvalid('Invalid `entrypoint` param: Value must be a valid string and at least 1 chars and no longer than 1028 chars');
    const commands = params.optionalString('commands') ?? fn.commands;
    if (commands.length > 8192) throw errors.argumentInvalid('Invalid `commands` param: Value must be a valid string and no longer than 8192 chars');
    if (entrypoint === '') throw functionErrors.entrypointMissing();
    const code = form.code;
    if (!code) throw functionErrors.noFileSent();
    if (!code.filename.toLowerCase().endsWith('.gz')) throw functionErrors.notGzip();

    const range = rangeHeader === undefined ? undefined : parseContentRange(rangeHeader);
    const size = range ? range.total : code.truncated ? Infinity : code.size;
    if (size > SOURCE_SIZE_LIMIT) throw errors.storageInvalidFileSize();
    let deploymentId = uniqueId();
    if (range) {
      deploymentId = header(ctx, 'x-appwrite-id') ?? deploymentId;
      if (deploymentId === 'unique()' || !isCustomId(deploymentId)) throw errors.storageInvalidAppwriteId();
      // Chunks must line up with the 5 MiB grid, or the joined archive would not be the one sent.
      const expectedEnd = Math.min(range.start + CHUNK_SIZE, range.total) - 1;
      if (range.start % CHUNK_SIZE !== 0 || range.end !== expectedEnd || code.truncated || code.size !== range.end - range.start + 1) {
        throw errors.storageInvalidContentRange();
      }
    }
    const chunk = range ? range.start / CHUNK_SIZE + 1 : 1;
    const chunksTotal = range ? Math.ceil(range.total / CHUNK_SIZE) : 1;
    const type = header(ctx, 'x-sdk-language') === 'cli' ? 'cli' : 'manual';
    const deployment = await deps.uploads.run(deploymentId, () =>
      receiveChunk(deps, fn, tempPath, { id: deploymentId, chunk, chunksTotal, size, activate, entrypoint, commands, type }),
    );
    return json(202, deploymentModel(deployment, ctx.responseFormat));
  } finally {
    await rm(tempPath, { force: true });
  }
}

interface ChunkInput {
  id: string;
  chunk: number;
  chunksTotal: number;
  size: number;
  activate: boolean;
  entrypoint: string;
  commands: string;
  type: DeploymentRecord['type'];
}

/**
 * One chunk (or the whole archive as chunk 1 of 1), under the upload's lock. A late duplicate of a
 * chunk gets the deployment as it is; the request that brings the last missing chunk assembles the
 * archive, withdraws the activation older pending deployments asked for, and queues the build.
 */
async function receiveChunk(deps: DeploymentDeps, fn: FunctionRecord, tempPath: string, input: ChunkInput): Promise<DeploymentRecord> {
  const { deployments, files } = deps;
  const existing = deployments.find(input.id);
  if (existing && existing.functionId !== fn.id) throw functionErrors.deploymentNotFound();
  if (existing && existing.chunksUploaded === existing.chunksTotal) return existing;
  if (existing && existing.chunksTotal !== input.chunksTotal) throw errors.storageInvalidContentRange();
  const now = Date.now();
  const deployment: DeploymentRecord = existing ?? {
    id: input.id,
    functionId: fn.id,
    type: input.type,
    entrypoint: input.entrypoint,
    commands: input.commands,
    activate: input.activate,
    status: 'waiting',
    sourceSize: input.size,
    buildSize: 0,
    chunksTotal: input.chunksTotal,
    chunksUploaded: 0,
    buildLogs: '',
    buildDuration: 0,
    createdAt: now,
    updatedAt: now,
  };
  if (!existing) deployments.save(deployment);
  await files.storeChunk(tempPath, input.id, input.chunk);
  const uploaded = deployments.recordChunk(input.id, input.chunk);
  if (uploaded < deployment.chunksTotal) {
    const progressed = { ...deployment, chunksUploaded: uploaded, updatedAt: Date.now() };
    deployments.save(progressed);
    return progressed;
  }
  const sourceSize = await files.assemble(input.id, deployment.chunksTotal);
  const complete = { ...deployment, chunksUploaded: uploaded, sourceSize, updatedAt: Date.now() };
  deps.sqlite.transaction(() => {
    deployments.save(complete);
    deployments.forgetChunks(input.id);
    if (complete.activate) deployments.withdrawActivation(fn.id, complete.id);
  });
  deps.builder.queue(complete.id);
  return complete;
}
