import { createHash, randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppwriteException, ID, Permission, Query, Role } from 'appwrite';
import { AppwriteException as NodeAppwriteException, Storage as AdminStorage, TablesDB as AdminTablesDB, Users } from 'node-appwrite';
import { adminClient, describeLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { openBrowser, signedInBrowser, type TestBrowser } from '../support/browser.ts';
import { cleanup } from '../support/cleanup.ts';
import { schemaReady } from '../support/schema.ts';

/**
 * Issue 11, items 8 and 12: an in-progress chunked upload cannot be finished (or probed) by another
 * caller, and a list cursor naming a row or file the caller cannot read answers like an unknown id.
 * Both are deliberately stricter than Appwrite (which skips authorization for both; see the
 * deviations in ARCHITECTURE.md), so these run against the local backend only.
 */

const MiB = 1024 * 1024;
/** Appwrite's chunk size: the SDKs cut larger files into parts of this many bytes. */
const CHUNK = 5 * MiB;

let backend: TestBackend;
let storage: AdminStorage;
let tables: AdminTablesDB;
let alice: TestBrowser & { userId: string };
let mallory: TestBrowser & { userId: string };
let guest: TestBrowser;

beforeAll(async () => {
  backend = await startTestBackend();
  storage = new AdminStorage(adminClient(backend));
  tables = new AdminTablesDB(adminClient(backend));
  alice = await signedInBrowser(backend, { email: `alice.${uniqueSuffix()}@example.com` });
  mallory = await signedInBrowser(backend, { email: `mallory.${uniqueSuffix()}@example.com` });
  await new Users(adminClient(backend)).updateLabels({ userId: mallory.userId, labels: ['recruiter'] });
  guest = openBrowser(backend);
});
afterAll(() => backend.close());

function md5(bytes: Buffer): string {
  return createHash('md5').update(bytes).digest('hex');
}

/** The error either SDK threw, as a caller reads it. */
async function failure(promise: Promise<unknown>): Promise<{ code: number; type: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error instanceof AppwriteException || error instanceof NodeAppwriteException).toBe(true);
  return error as AppwriteException;
}

type Sender = TestBrowser | 'key' | 'guest';

/**
 * One part of a chunked upload, shaped as the web SDK sends it (multipart `fileId`, `file`,
 * `permissions[]`, a `Content-Range`, and `x-appwrite-id` naming the upload). Raw HTTP because the
 * SDK always sends every part itself and never someone else's upload id.
 */
async function sendChunk(
  sender: Sender,
  input: { bucketId: string; fileId: string; bytes: Buffer; part: number; permissions?: string[] },
): Promise<{ status: number; body: Record<string, unknown> }> {
  const start = (input.part - 1) * CHUNK;
  const end = Math.min(start + CHUNK, input.bytes.length) - 1;
  const form = new FormData();
  form.append('fileId', input.fileId);
  form.append('file', new File([new Uint8Array(input.bytes.subarray(start, end + 1))], 'upload.bin'));
  for (const permission of input.permissions ?? []) form.append('permissions[]', permission);
  const headers: Record<string, string> = {
    'x-appwrite-project': backend.projectId,
    'content-range': `bytes ${start}-${end}/${input.bytes.length}`,
    'x-appwrite-id': input.fileId,
  };
  if (sender === 'key') headers['x-appwrite-key'] = backend.apiKey;
  else if (sender !== 'guest') headers.cookie = sender.cookieHeader();
  const response = await fetch(`${backend.endpoint}/storage/buckets/${input.bucketId}/files`, { method: 'POST', headers, body: form });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function downloadByKey(bucketId: string, fileId: string): Promise<Buffer> {
  return Buffer.from(await storage.getFileDownload({ bucketId, fileId }));
}

describeLocal('a chunked upload belongs to its first uploader', () => {
  const bucketId = cleanup.bucket(`uploads${uniqueSuffix()}`);
  const alicesOwn = () => [`read("user:${alice.userId}")`, `update("user:${alice.userId}")`, `delete("user:${alice.userId}")`];

  beforeAll(async () => {
    // Anyone may create files and only file permissions grant reading: the product's buckets work so.
    await storage.createBucket({ bucketId, name: 'Uploads', permissions: [Permission.create(Role.any())], fileSecurity: true });
  });

  it('refuses another user’s and a guest’s chunk with 409, changes nothing, and lets the owner finish', async () => {
    const bytes = randomBytes(CHUNK + 1000);
    const fileId = `pending${uniqueSuffix()}`;
    const first = await sendChunk(alice, { bucketId, fileId, bytes, part: 1 });
    expect([first.status, first.body.chunksUploaded, first.body.$permissions]).toEqual([201, 1, alicesOwn()]);

    // The last part with Mallory's own bytes and permissions: it would complete the file as hers.
    const forged = Buffer.concat([bytes.subarray(0, CHUNK), randomBytes(1000)]);
    const stolen = await sendChunk(mallory, { bucketId, fileId, bytes: forged, part: 2, permissions: [Permission.read(Role.user(mallory.userId))] });
    expect([stolen.status, stolen.body.type]).toEqual([409, 'storage_file_already_exists']);
    expect(stolen.body.$id).toBeUndefined();
    // A different total (the size of someone's upload probed through 416 vs 409) is refused the same way.
    const probe = await sendChunk(mallory, { bucketId, fileId, bytes: randomBytes(CHUNK + 5), part: 2 });
    expect([probe.status, probe.body.type]).toEqual([409, 'storage_file_already_exists']);
    const byGuest = await sendChunk('guest', { bucketId, fileId, bytes, part: 2, permissions: [Permission.read(Role.any())] });
    expect([byGuest.status, byGuest.body.type]).toEqual([409, 'storage_file_already_exists']);

    expect(await storage.getFile({ bucketId, fileId })).toMatchObject({ chunksUploaded: 1, sizeActual: 0, $permissions: alicesOwn() });
    expect((await failure(mallory.storage.getFile({ bucketId, fileId }))).code).toBe(404);

    const last = await sendChunk(alice, { bucketId, fileId, bytes, part: 2 });
    expect([last.status, last.body.chunksUploaded, last.body.signature, last.body.$permissions]).toEqual([201, 2, md5(bytes), alicesOwn()]);
    expect((await downloadByKey(bucketId, fileId)).equals(bytes)).toBe(true);
    expect((await alice.storage.getFile({ bucketId, fileId })).sizeActual).toBe(bytes.length);
    const afterwards = await failure(mallory.storage.getFile({ bucketId, fileId }));
    expect([afterwards.code, afterwards.type]).toEqual([404, 'storage_file_not_found']);
  });

  it('lets an API key send a part of a user’s upload, keeping the permissions the owner set', async () => {
    const bytes = randomBytes(CHUNK + 10);
    const fileId = `bykey${uniqueSuffix()}`;
    expect((await sendChunk(alice, { bucketId, fileId, bytes, part: 1 })).status).toBe(201);
    const last = await sendChunk('key', { bucketId, fileId, bytes, part: 2, permissions: [Permission.read(Role.any())] });
    expect([last.status, last.body.chunksUploaded, last.body.$permissions]).toEqual([201, 2, alicesOwn()]);
    expect((await downloadByKey(bucketId, fileId)).equals(bytes)).toBe(true);
  });

  it('frees the id of a deleted upload for anyone', async () => {
    const fileId = `abandoned${uniqueSuffix()}`;
    expect((await sendChunk(alice, { bucketId, fileId, bytes: randomBytes(CHUNK + 1), part: 1 })).status).toBe(201);
    await alice.storage.deleteFile({ bucketId, fileId });
    const bytes = randomBytes(CHUNK + 2);
    expect((await sendChunk(mallory, { bucketId, fileId, bytes, part: 1 })).status).toBe(201);
    const last = await sendChunk(mallory, { bucketId, fileId, bytes, part: 2 });
    expect([last.status, last.body.signature]).toEqual([201, md5(bytes)]);
    await expect(alice.storage.getFile({ bucketId, fileId })).rejects.toMatchObject({ code: 404 });
  });

  it('never re-chunks a completed file: another caller gets 409, its owner the file as before (200)', async () => {
    const bytes = randomBytes(CHUNK + 100);
    const chunked = await alice.storage.createFile({ bucketId, fileId: ID.unique(), file: new File([bytes], 'report.bin') });
    expect([chunked.chunksTotal, chunked.chunksUploaded]).toEqual([2, 2]);
    const whole = await alice.storage.createFile({ bucketId, fileId: ID.unique(), file: new File(['small secret'], 'note.txt') });

    for (const fileId of [chunked.$id, whole.$id]) {
      const replacement = randomBytes(CHUNK + 100);
      for (const sender of [mallory, 'guest'] as const) {
        for (const part of [1, 2]) {
          const reply = await sendChunk(sender, { bucketId, fileId, bytes: replacement, part, permissions: [] });
          expect([reply.status, reply.body.type]).toEqual([409, 'storage_file_already_exists']);
          expect(reply.body.name).toBeUndefined();
        }
      }
    }
    // A late duplicate of the owner's own part (an SDK retry) is answered with the file, unchanged.
    const retry = await sendChunk(alice, { bucketId, fileId: chunked.$id, bytes, part: 2 });
    expect([retry.status, retry.body.$id, retry.body.signature]).toEqual([200, chunked.$id, md5(bytes)]);
    expect((await downloadByKey(bucketId, chunked.$id)).equals(bytes)).toBe(true);
    expect((await downloadByKey(bucketId, whole.$id)).toString()).toBe('small secret');
  });
});

describeLocal('a cursor the caller cannot read answers like an unknown id', () => {
  const databaseId = cleanup.database(`cursors${uniqueSuffix()}`);
  const tableId = 'postings';
  const base = { databaseId, tableId };
  const bucketId = cleanup.bucket(`private${uniqueSuffix()}`);

  beforeAll(async () => {
    await tables.create({ databaseId, name: 'Cursors' });
    // Private postings: rowSecurity, no table read, each row readable only by whom it names.
    await tables.createTable({ ...base, name: 'Postings', rowSecurity: true, permissions: [Permission.create(Role.users())] });
    await tables.createStringColumn({ ...base, key: 'title', size: 50, required: true });
    await schemaReady(tables, databaseId, tableId);
    for (const [rowId, reader] of [
      ['open-1', Role.any()],
      ['hidden-1', Role.user(alice.userId)],
      ['open-2', Role.any()],
    ] as const) {
      await tables.createRow({ ...base, rowId, data: { title: rowId }, permissions: [Permission.read(reader)] });
    }
    await storage.createBucket({ bucketId, name: 'Private', permissions: [Permission.create(Role.users())], fileSecurity: true });
    await alice.storage.createFile({ bucketId, fileId: 'hidden-file', file: new File(['alice only'], 'cv.txt') });
    await alice.storage.createFile({ bucketId, fileId: 'open-file', file: new File(['for all'], 'flyer.txt'), permissions: [Permission.read(Role.any())] });
  });

  it('rows: cursorAfter/cursorBefore on a private posting is 400 general_cursor_not_found for a recruiter and a guest', async () => {
    const unknown = await failure(mallory.tablesDB.listRows({ ...base, queries: [Query.cursorAfter('missing-1')] }));
    expect([unknown.code, unknown.type, unknown.message]).toEqual([400, 'general_cursor_not_found', "Row 'missing-1' for the 'cursor' value not found."]);
    for (const caller of [mallory, guest]) {
      for (const cursor of [Query.cursorAfter('hidden-1'), Query.cursorBefore('hidden-1')]) {
        const hidden = await failure(caller.tablesDB.listRows({ ...base, queries: [cursor] }));
        expect([hidden.code, hidden.type, hidden.message]).toEqual([400, 'general_cursor_not_found', "Row 'hidden-1' for the 'cursor' value not found."]);
      }
    }
    // A row the caller can read pages as before; the reader of the private row and a key page from it.
    expect((await mallory.tablesDB.listRows({ ...base, queries: [Query.cursorAfter('open-1')] })).rows.map((row) => row.$id)).toEqual(['open-2']);
    expect((await alice.tablesDB.listRows({ ...base, queries: [Query.cursorAfter('hidden-1')] })).rows.map((row) => row.$id)).toEqual(['open-2']);
    expect((await tables.listRows({ ...base, queries: [Query.cursorBefore('hidden-1')] })).rows.map((row) => row.$id)).toEqual(['open-1']);
  });

  it('files: a cursor on a file the caller cannot read (file security) is 400 general_cursor_not_found', async () => {
    const unknown = await failure(mallory.storage.listFiles({ bucketId, queries: [Query.cursorAfter('missing-file')] }));
    expect([unknown.code, unknown.type, unknown.message]).toEqual([400, 'general_cursor_not_found', "File 'missing-file' for the 'cursor' value not found."]);
    for (const caller of [mallory, guest]) {
      const hidden = await failure(caller.storage.listFiles({ bucketId, queries: [Query.cursorAfter('hidden-file')] }));
      expect([hidden.code, hidden.type, hidden.message]).toEqual([400, 'general_cursor_not_found', "File 'hidden-file' for the 'cursor' value not found."]);
    }
    expect((await mallory.storage.listFiles({ bucketId, queries: [Query.cursorBefore('open-file')] })).files).toEqual([]);
    expect((await alice.storage.listFiles({ bucketId, queries: [Query.cursorAfter('hidden-file')] })).files.map((file) => file.$id)).toEqual(['open-file']);
    expect((await storage.listFiles({ bucketId, queries: [Query.cursorAfter('hidden-file')] })).files.map((file) => file.$id)).toEqual(['open-file']);
  });
});
