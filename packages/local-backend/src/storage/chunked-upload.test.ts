import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DomainEvent } from '../events/bus.ts';
import { startLocalBackend, type LocalBackend } from '../server.ts';
import { BlobStore } from './blob-store.ts';
import { CHUNK_SIZE } from './upload.ts';

/**
 * The chunk protocol at the wire level, with requests shaped as the SDKs send them but in orders
 * and repetitions the SDKs only produce under concurrency: chunks of at most 5 MB with
 * `Content-Range: bytes start-end/size`, later chunks naming the upload with `x-appwrite-id`.
 */

let backend: LocalBackend;
const events: DomainEvent[] = [];
const BUCKET = 'uploads';

beforeAll(async () => {
  backend = await startLocalBackend({ memory: true, log: () => {} });
  backend.services.bus.subscribe((event) => events.push(event));
  const response = await api('POST', '/storage/buckets', { json: { bucketId: BUCKET, name: 'Uploads' } });
  expect(response.status).toBe(201);
});
afterAll(() => backend.close());

async function api(method: string, path: string, options: { json?: unknown; form?: FormData; headers?: Record<string, string>; guest?: boolean } = {}) {
  const headers: Record<string, string> = { 'x-appwrite-project': backend.projectId, ...options.headers };
  if (!options.guest) headers['x-appwrite-key'] = backend.apiKey;
  let body: BodyInit | undefined;
  if (options.json !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(options.json);
  } else if (options.form) {
    body = options.form;
  }
  const response = await fetch(`${backend.endpoint}${path}`, { method, headers, body });
  const type = response.headers.get('content-type') ?? '';
  const parsed = type.includes('application/json') ? ((await response.json()) as Record<string, unknown>) : undefined;
  return { status: response.status, body: parsed ?? {}, bytes: parsed ? undefined : Buffer.from(await response.arrayBuffer()) };
}

function sendChunk(
  bytes: Buffer,
  chunk: number,
  options: { fileId: string; uploadId?: string; name?: string; guest?: boolean; permissions?: string[]; bucket?: string },
) {
  const start = (chunk - 1) * CHUNK_SIZE;
  const end = Math.min(start + CHUNK_SIZE, bytes.length) - 1;
  const form = new FormData();
  form.append('fileId', options.fileId);
  form.append('file', new File([new Uint8Array(bytes.subarray(start, end + 1))], options.name ?? 'movie.bin'));
  for (const permission of options.permissions ?? []) form.append('permissions[]', permission);
  const headers: Record<string, string> = { 'content-range': `bytes ${start}-${end}/${bytes.length}` };
  if (options.uploadId) headers['x-appwrite-id'] = options.uploadId;
  return api('POST', `/storage/buckets/${options.bucket ?? BUCKET}/files`, { form, headers, guest: options.guest });
}

function createEvents(fileId: string): DomainEvent[] {
  return events.filter((event) => event.name === `buckets.${BUCKET}.files.${fileId}.create`);
}

describe('chunked uploads', () => {
  it('counts distinct chunks received out of order, assembles once complete, and answers 200 to a late chunk', async () => {
    const bytes = randomBytes(2 * CHUNK_SIZE + 100);
    const first = await sendChunk(bytes, 1, { fileId: 'movie' });
    expect(first.status).toBe(201);
    expect(first.body).toMatchObject({ $id: 'movie', chunksTotal: 3, chunksUploaded: 1, signature: '', sizeOriginal: bytes.length, sizeActual: 0 });

    expect((await sendChunk(bytes, 3, { fileId: 'movie', uploadId: 'movie' })).body).toMatchObject({ chunksUploaded: 2 });
    expect((await sendChunk(bytes, 3, { fileId: 'movie', uploadId: 'movie' })).body).toMatchObject({ chunksUploaded: 2 });
    const unfinished = await api('GET', `/storage/buckets/${BUCKET}/files/movie/download`);
    expect(unfinished.status).toBe(404);
    expect(unfinished.body.type).toBe('storage_file_not_found');
    expect(createEvents('movie')).toHaveLength(0);

    const last = await sendChunk(bytes, 2, { fileId: 'movie', uploadId: 'movie' });
    expect(last.status).toBe(201);
    expect(last.body).toMatchObject({ chunksUploaded: 3, sizeActual: bytes.length, signature: createHash('md5').update(bytes).digest('hex') });
    expect(createEvents('movie')).toHaveLength(1);

    const late = await sendChunk(bytes, 2, { fileId: 'movie', uploadId: 'movie' });
    expect(late.status).toBe(200);
    expect(late.body).toMatchObject({ chunksUploaded: 3 });
    const download = await api('GET', `/storage/buckets/${BUCKET}/files/movie/download`);
    expect(download.bytes?.equals(bytes)).toBe(true);

    const form = new FormData();
    form.append('fileId', 'movie');
    form.append('file', new File(['small'], 'movie.bin'));
    const again = await api('POST', `/storage/buckets/${BUCKET}/files`, { form });
    expect(again.status).toBe(409);
    expect(again.body.type).toBe('storage_file_already_exists');
    expect(createEvents('movie')).toHaveLength(1);
  });

  it('assembles exactly once when the remaining chunks arrive together', async () => {
    const bytes = randomBytes(4 * CHUNK_SIZE + 1);
    const first = await sendChunk(bytes, 1, { fileId: 'burst' });
    expect(first.status).toBe(201);
    const rest = await Promise.all([5, 3, 4, 2].map((chunk) => sendChunk(bytes, chunk, { fileId: 'burst', uploadId: 'burst' })));
    expect(rest.map((reply) => reply.status)).toEqual([201, 201, 201, 201]);
    expect(rest.map((reply) => reply.body.chunksUploaded).sort()).toEqual([2, 3, 4, 5]);
    expect(createEvents('burst')).toHaveLength(1);
    const download = await api('GET', `/storage/buckets/${BUCKET}/files/burst/download`);
    expect(download.bytes?.equals(bytes)).toBe(true);
  });

  it('keeps an upload to whoever started it: guests share a guest’s upload, never a key’s; permissions stay the first chunk’s', async () => {
    const open = await api('POST', '/storage/buckets', {
      json: { bucketId: 'drop-box', name: 'Drop box', permissions: ['create("any")'], fileSecurity: true },
    });
    expect(open.status).toBe(201);
    const bytes = randomBytes(CHUNK_SIZE + 7);
    const byGuest = { bucket: 'drop-box', fileId: 'from-guest', uploadId: 'from-guest', guest: true };
    expect((await sendChunk(bytes, 1, { ...byGuest, permissions: ['read("any")'] })).body.$permissions).toEqual(['read("any")']);
    // Guests cannot be told apart, so another guest may finish it, but not with permissions of its own.
    const finished = await sendChunk(bytes, 2, { ...byGuest, permissions: [] });
    expect([finished.status, finished.body.chunksUploaded, finished.body.$permissions]).toEqual([201, 2, ['read("any")']]);

    expect((await sendChunk(bytes, 1, { bucket: 'drop-box', fileId: 'from-key', permissions: ['read("users")'] })).status).toBe(201);
    const intruder = await sendChunk(bytes, 2, { bucket: 'drop-box', fileId: 'from-key', uploadId: 'from-key', guest: true });
    expect([intruder.status, intruder.body.type]).toEqual([409, 'storage_file_already_exists']);
    expect((await api('GET', '/storage/buckets/drop-box/files/from-key')).body).toMatchObject({ chunksUploaded: 1, $permissions: ['read("users")'] });
  });

  it('refuses malformed ranges and upload ids before storing anything', async () => {
    const bytes = randomBytes(CHUNK_SIZE + 10);
    const form = () => {
      const data = new FormData();
      data.append('fileId', 'broken');
      data.append('file', new File([new Uint8Array(bytes.subarray(0, 10))], 'broken.bin'));
      return data;
    };
    const post = (headers: Record<string, string>) => api('POST', `/storage/buckets/${BUCKET}/files`, { form: form(), headers });
    expect((await post({ 'content-range': 'bytes 0-9' })).body.type).toBe('storage_invalid_content_range');
    expect((await post({ 'content-range': `bytes 0-9/${bytes.length}` })).body.type).toBe('storage_invalid_content_range');
    expect((await post({ 'content-range': `bytes 5-14/${bytes.length}` })).body.type).toBe('storage_invalid_content_range');
    expect((await post({ 'content-range': `bytes ${CHUNK_SIZE}-${CHUNK_SIZE + 9}/${bytes.length}`, 'x-appwrite-id': 'unique()' })).body.type).toBe(
      'storage_invalid_appwrite_id',
    );
    expect((await api('GET', `/storage/buckets/${BUCKET}/files/broken`)).status).toBe(404);
  });
});

describe('blob store in memory mode', () => {
  it('keeps bytes in a private temporary folder and removes it on close', async () => {
    const blobs = BlobStore.open(undefined);
    expect(existsSync(blobs.tempDir)).toBe(true);
    await blobs.close();
    expect(existsSync(blobs.root)).toBe(false);
  });
});
