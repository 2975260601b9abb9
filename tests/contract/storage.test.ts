import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, Permission, Query, Role } from 'appwrite';
import { Client as AdminClient, Storage as AdminStorage, type Compression } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { adminClient, describeLocal, realAppwrite, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { openBrowser, signedInBrowser, type TestBrowser } from '../support/browser.ts';
import { cleanup } from '../support/cleanup.ts';
import { APPWRITE_DATE, expectModel, FILE } from '../support/models.ts';
import { openRealtime, type LiveClient } from '../support/realtime.ts';

const FIXTURE = join(import.meta.dirname, '../fixtures/storage');
const MiB = 1024 * 1024;
/** A 1×1 PNG: real image bytes, so the sniffed type is checked too. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

let backend: TestBackend;
let admin: AdminStorage;
let owner: TestBrowser & { userId: string };
let other: TestBrowser & { userId: string };
const live: LiveClient[] = [];

interface BucketConfig {
  $id: 'photos' | 'documents';
  $permissions: string[];
  name: string;
  fileSecurity: boolean;
  enabled: boolean;
  maximumFileSize: number;
  allowedFileExtensions: string[];
  compression: string;
  encryption: boolean;
  antivirus: boolean;
}

/** The fixture's two buckets: locally provisioned from its config under these ids. */
const bucket = { photos: 'photos', documents: 'documents' };

/** A real Appwrite never sees the fixture's config: the buckets are made for this run, with its settings. */
async function createFixtureBuckets(): Promise<void> {
  const { buckets } = JSON.parse(readFileSync(join(FIXTURE, 'appwrite.config.json'), 'utf8')) as { buckets: BucketConfig[] };
  for (const { $id, $permissions, compression, ...settings } of buckets) {
    const bucketId = cleanup.bucket(`${$id}-${uniqueSuffix()}`);
    await admin.createBucket({ bucketId, permissions: $permissions, compression: compression as Compression, ...settings });
    bucket[$id] = bucketId;
  }
}

beforeAll(async () => {
  backend = await startTestBackend({ persistent: true, projectRoot: FIXTURE });
  admin = new AdminStorage(adminClient(backend));
  if (realAppwrite) await createFixtureBuckets();
  owner = await signedInBrowser(backend, { email: `owner.${uniqueSuffix()}@example.com` });
  other = await signedInBrowser(backend, { email: `other.${uniqueSuffix()}@example.com` });
});
afterAll(async () => {
  for (const client of live) await client.close();
  await backend.close();
});

interface SdkError {
  code: number;
  type: string;
  message: string;
}

/** Both SDKs throw their own AppwriteException; what a caller reads is the status, type and message. */
async function failure(promise: Promise<unknown>): Promise<SdkError> {
  const outcome = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(outcome).toMatchObject({ code: expect.any(Number), type: expect.any(String) });
  return outcome as SdkError;
}

async function expectError(promise: Promise<unknown>, code: number, type: string): Promise<SdkError> {
  const error = await failure(promise);
  expect({ code: error.code, type: error.type }).toEqual({ code, type });
  return error;
}

/** The browser fetches file URLs itself (`<img src>`, links): only its cookies come along. */
function fetchAs(browser: TestBrowser | undefined, url: string, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { headers: browser ? { ...headers, cookie: browser.cookieHeader() } : headers });
}

function md5(bytes: Buffer): string {
  return createHash('md5').update(bytes).digest('hex');
}

/** The local backend's storage folder; a real Appwrite's disk is out of sight, so checks on it run locally only. */
function storageRoot(): string {
  const dataDir = backend.local?.services.dataDir;
  if (!dataDir) throw new Error('the storage tests need the local backend with a data folder');
  return join(dataDir, 'storage');
}

/** Regular files below a folder of the storage root (recursively); none when it does not exist. */
function filesUnder(folder: string): string[] {
  const root = join(storageRoot(), folder);
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name));
}

// Local only: the local backend provisions the fixture's buckets from its config on start.
describeLocal('bucket provisioning from appwrite.config.json', () => {
  it('creates the declared buckets with their settings', async () => {
    await expect(admin.getBucket({ bucketId: 'photos' })).resolves.toMatchObject({
      $id: 'photos',
      name: 'Photos',
      $permissions: ['create("users")', 'read("users")'],
      fileSecurity: false,
      enabled: true,
      maximumFileSize: 10_000_000,
      allowedFileExtensions: ['jpg', 'jpeg', 'png'],
      compression: 'none',
      encryption: true,
      antivirus: true,
    });
    await expect(admin.getBucket({ bucketId: 'documents' })).resolves.toMatchObject({
      $id: 'documents',
      $permissions: ['create("users")'],
      fileSecurity: true,
      maximumFileSize: 30_000_000,
      allowedFileExtensions: [],
      encryption: false,
      antivirus: false,
    });
  });
});

describe('bucket administration', () => {
  it('creates, reads, lists, replaces and deletes a bucket with Appwrite defaults', async () => {
    const bucketId = cleanup.bucket(ID.unique());
    const name = `Scratch ${uniqueSuffix()}`;
    const created = await admin.createBucket({ bucketId, name });
    expect(created).toMatchObject({
      $id: bucketId,
      name,
      $permissions: [],
      fileSecurity: false,
      enabled: true,
      maximumFileSize: 30_000_000,
      allowedFileExtensions: [],
      compression: 'none',
      encryption: true,
      antivirus: true,
      transformations: true,
      totalSize: 0,
    });
    expect(created.$createdAt).toMatch(APPWRITE_DATE);
    await expectError(admin.createBucket({ bucketId, name: 'Again' }), 409, 'storage_bucket_already_exists');

    const updated = await admin.updateBucket({ bucketId, name: `${name} v2`, permissions: [Permission.write(Role.users())], maximumFileSize: 1000 });
    expect(updated).toMatchObject({ name: `${name} v2`, $permissions: ['create("users")', 'update("users")', 'delete("users")'], maximumFileSize: 1000 });
    const listed = await admin.listBuckets({ queries: [Query.equal('name', [`${name} v2`])] });
    expect(listed.buckets.map((bucket) => bucket.$id)).toEqual([bucketId]);
    expect(listed.total).toBe(1);

    await admin.deleteBucket({ bucketId });
    await expectError(admin.getBucket({ bucketId }), 404, 'storage_bucket_not_found');
  });

  it('refuses bucket administration to a signed-in user', async () => {
    // node-appwrite acting for the user (SSR style) can call the admin endpoint the web SDK lacks.
    const asUser = new AdminStorage(
      new AdminClient()
        .setEndpoint(backend.endpoint)
        .setProject(backend.projectId)
        .setSession(owner.sessionToken() ?? ''),
    );
    await expectError(asUser.createBucket({ bucketId: ID.unique(), name: 'Mine' }), 401, 'general_unauthorized_scope');
    await expectError(asUser.listBuckets(), 401, 'general_unauthorized_scope');
  });
});

describe('refused uploads', () => {
  it('refuses an 11 MB file in a 10 MB bucket and a wrong extension, and stores nothing', async () => {
    const tooBig = await expectError(
      owner.storage.createFile({ bucketId: bucket.photos, fileId: ID.unique(), file: new File([randomBytes(11_000_000)], 'big.jpg') }),
      400,
      'storage_invalid_file_size',
    );
    expect(tooBig.message).toBe('File size not allowed');
    const wrongType = await expectError(
      owner.storage.createFile({ bucketId: bucket.photos, fileId: ID.unique(), file: new File(['plain text'], 'notes.txt') }),
      400,
      'storage_file_type_unsupported',
    );
    expect(wrongType.message).toBe('File extension not allowed');
    // The extension check ignores case, as Appwrite 1.9's does, but still compares the whole extension.
    await expectError(
      owner.storage.createFile({ bucketId: bucket.photos, fileId: ID.unique(), file: new File([PNG], 'PIXEL.PNG.TXT') }),
      400,
      'storage_file_type_unsupported',
    );

    const listed = await admin.listFiles({ bucketId: bucket.photos });
    expect(listed.total).toBe(0);
    if (backend.local) {
      expect(filesUnder(bucket.photos)).toEqual([]);
      expect(filesUnder('.tmp')).toEqual([]);
    }
  });

  it('accepts an allowed extension in capitals, as Appwrite 1.9 does (a CV.PDF from a phone)', async () => {
    const file = await owner.storage.createFile({ bucketId: bucket.photos, fileId: ID.unique(), file: new File([PNG], 'PIXEL.PNG') });
    expect(file.name).toBe('PIXEL.PNG');
    await admin.deleteFile({ bucketId: bucket.photos, fileId: file.$id });
  });

  it('refuses to grant a role the caller does not hold, and stores nothing', async () => {
    const error = await expectError(
      owner.storage.createFile({
        bucketId: bucket.documents,
        fileId: ID.unique(),
        file: new File(['x'], 'shared.txt'),
        permissions: [Permission.read(Role.user(other.userId))],
      }),
      401,
      'user_unauthorized',
    );
    expect(error.message).toMatch(/^Permissions must be one of: \(/);
    expect((await owner.storage.listFiles({ bucketId: bucket.documents })).total).toBe(0);
    if (backend.local) expect(filesUnder('.tmp')).toEqual([]);
  });

  it('refuses an upload without create permission on the bucket', async () => {
    const guest = openBrowser(backend);
    await expectError(guest.storage.createFile({ bucketId: bucket.photos, fileId: ID.unique(), file: new File([PNG], 'pixel.png') }), 401, 'user_unauthorized');
    await expectError(
      owner.storage.createFile({ bucketId: 'missing', fileId: ID.unique(), file: new File([PNG], 'pixel.png') }),
      404,
      'storage_bucket_not_found',
    );
  });
});

describe('chunked upload through the web SDK', () => {
  it('uploads 12 MiB in 5 MiB chunks, reports progress to 100, fires one create event and gives the bytes back', async () => {
    const realtime = openRealtime(backend, { session: owner.sessionToken() });
    live.push(realtime);
    const feed = await realtime.subscribe([`buckets.${bucket.documents}.files`]);

    const bytes = randomBytes(12 * MiB);
    const progress: number[] = [];
    const file = await owner.storage.createFile({
      bucketId: bucket.documents,
      fileId: ID.unique(),
      file: new File([bytes], 'report.bin'),
      onProgress: (update) => progress.push(update.progress),
    });
    expect(file).toMatchObject({ chunksTotal: 3, chunksUploaded: 3, sizeOriginal: 12 * MiB, sizeActual: 12 * MiB, signature: md5(bytes), name: 'report.bin' });
    expect(progress.length).toBe(3);
    expect(progress.every((value, index) => index === 0 || value > (progress[index - 1] as number))).toBe(true);
    expect(progress.at(-1)).toBe(100);

    const download = await fetchAs(owner, owner.storage.getFileDownload({ bucketId: bucket.documents, fileId: file.$id }));
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="report.bin"');
    expect(download.headers.get('cache-control')).toBe('private, max-age=3888000');
    expect(Buffer.from(await download.arrayBuffer()).equals(bytes)).toBe(true);

    const view = await fetchAs(owner, owner.storage.getFileView({ bucketId: bucket.documents, fileId: file.$id }));
    expect(view.status).toBe(200);
    expect(view.headers.get('content-disposition')).toBe('inline; filename="report.bin"');
    expect(Buffer.from(await view.arrayBuffer()).equals(bytes)).toBe(true);

    const created = await feed.waitFor((event) => event.events.includes(`buckets.${bucket.documents}.files.${file.$id}.create`));
    expect(created.payload).toMatchObject({ $id: file.$id, chunksUploaded: 3, signature: md5(bytes) });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(feed.events.filter((event) => event.events.includes(`buckets.${bucket.documents}.files.${file.$id}.create`))).toHaveLength(1);
    if (backend.local) expect(filesUnder(bucket.documents).filter((path) => path.includes('.chunks'))).toEqual([]);
  });
});

describe('file permissions', () => {
  it('lets the owner view a private file while another user and a guest get 404', async () => {
    const bytes = Buffer.from('%PDF-1.4\n% private resume\n');
    const file = await owner.storage.createFile({ bucketId: bucket.documents, fileId: ID.unique(), file: new File([bytes], 'resume.pdf') });
    const self = `user:${owner.userId}`;
    expect(file.$permissions).toEqual([`read("${self}")`, `update("${self}")`, `delete("${self}")`]);
    expect(file.mimeType).toBe('application/pdf');

    await expect(owner.storage.getFile({ bucketId: bucket.documents, fileId: file.$id })).resolves.toMatchObject({ $id: file.$id });
    const ownView = await fetchAs(owner, owner.storage.getFileView({ bucketId: bucket.documents, fileId: file.$id }));
    expect(ownView.status).toBe(200);
    expect(ownView.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await ownView.arrayBuffer()).equals(bytes)).toBe(true);

    await expectError(other.storage.getFile({ bucketId: bucket.documents, fileId: file.$id }), 404, 'storage_file_not_found');
    for (const viewer of [other, undefined]) {
      const denied = await fetchAs(viewer, other.storage.getFileView({ bucketId: bucket.documents, fileId: file.$id }));
      expect(denied.status).toBe(404);
      expect(((await denied.json()) as { type: string }).type).toBe('storage_file_not_found');
    }
    const othersList = await other.storage.listFiles({ bucketId: bucket.documents });
    expect(othersList.files.map((item) => item.$id)).not.toContain(file.$id);
    expect((await owner.storage.listFiles({ bucketId: bucket.documents })).files.map((item) => item.$id)).toContain(file.$id);
    await expectError(other.storage.deleteFile({ bucketId: bucket.documents, fileId: file.$id }), 401, 'user_unauthorized');
  });

  it('with file security off lets the bucket alone decide', async () => {
    const file = await owner.storage.createFile({ bucketId: bucket.photos, fileId: ID.unique(), file: new File([PNG], 'pixel.png') });
    expect(file.mimeType).toBe('image/png');

    // Any signed-in user reads through the bucket's read("users"), whatever the file says.
    await expect(other.storage.getFile({ bucketId: bucket.photos, fileId: file.$id })).resolves.toMatchObject({ $id: file.$id });
    const othersView = await fetchAs(other, other.storage.getFileView({ bucketId: bucket.photos, fileId: file.$id }));
    expect(othersView.status).toBe(200);
    expect(othersView.headers.get('content-type')).toBe('image/png');

    const guest = openBrowser(backend);
    await expectError(guest.storage.getFile({ bucketId: bucket.photos, fileId: file.$id }), 401, 'user_unauthorized');
    await expectError(guest.storage.listFiles({ bucketId: bucket.photos }), 401, 'user_unauthorized');
    const guestView = await fetchAs(undefined, guest.storage.getFileView({ bucketId: bucket.photos, fileId: file.$id }));
    expect(guestView.status).toBe(401);

    // The file's own update/delete grants are ignored without file security; the bucket grants neither.
    await expectError(owner.storage.updateFile({ bucketId: bucket.photos, fileId: file.$id, name: 'renamed.png' }), 401, 'user_unauthorized');
    await expectError(owner.storage.deleteFile({ bucketId: bucket.photos, fileId: file.$id }), 401, 'user_unauthorized');
    await admin.deleteFile({ bucketId: bucket.photos, fileId: file.$id });
    await expectError(other.storage.getFile({ bucketId: bucket.photos, fileId: file.$id }), 404, 'storage_file_not_found');
  });
});

describe('the File model', () => {
  it('has the keys of Appwrite 1.9 with their types, folder included', async () => {
    const file = await owner.storage.createFile({ bucketId: bucket.documents, fileId: ID.unique(), file: new File([PNG], 'avatar.png'), folder: 'me/photos' });
    expectModel(file, FILE);
    expect(file).toMatchObject({
      bucketId: bucket.documents,
      name: 'avatar.png',
      folder: 'me/photos/',
      key: 'me/photos/avatar.png',
      signature: md5(PNG),
      mimeType: 'image/png',
      sizeOriginal: PNG.length,
      sizeActual: PNG.length,
      chunksTotal: 1,
      chunksUploaded: 1,
      encryption: false,
      compression: 'none',
    });
    expect(file.$createdAt).toMatch(APPWRITE_DATE);
    expect(file.$updatedAt).toMatch(APPWRITE_DATE);
    const fetched = await owner.storage.getFile({ bucketId: bucket.documents, fileId: file.$id });
    expect(fetched).toEqual(file);
  });
});

describe('byte ranges', () => {
  it('answers a Range request with 206 and refuses an unsatisfiable one with 416', async () => {
    const bytes = randomBytes(1000);
    const file = await admin.createFile({
      bucketId: bucket.documents,
      fileId: ID.unique(),
      file: InputFile.fromBuffer(bytes, 'range.bin'),
      permissions: [Permission.read(Role.any())],
    });
    const viewUrl = owner.storage.getFileView({ bucketId: bucket.documents, fileId: file.$id });

    const partial = await fetchAs(undefined, viewUrl, { range: 'bytes=10-19' });
    expect(partial.status).toBe(206);
    expect(partial.headers.get('content-range')).toBe('bytes 10-19/1000');
    expect(partial.headers.get('content-length')).toBe('10');
    expect(Buffer.from(await partial.arrayBuffer()).equals(bytes.subarray(10, 20))).toBe(true);

    const tail = await fetchAs(undefined, owner.storage.getFileDownload({ bucketId: bucket.documents, fileId: file.$id }), { range: 'bytes=990-' });
    expect(tail.status).toBe(206);
    expect(tail.headers.get('content-range')).toBe('bytes 990-999/1000');
    expect(Buffer.from(await tail.arrayBuffer()).equals(bytes.subarray(990))).toBe(true);

    const beyond = await fetchAs(undefined, viewUrl, { range: 'bytes=2000-2100' });
    expect(beyond.status).toBe(416);
    expect(((await beyond.json()) as { type: string }).type).toBe('storage_invalid_range');
  });
});

describe('inline types', () => {
  it('views only allow-listed types as themselves, previews any other type as an image, and downloads the stored type', async () => {
    const page = Buffer.from('<!DOCTYPE html><html><body><script>alert(1)</script></body></html>');
    const file = await owner.storage.createFile({
      bucketId: bucket.documents,
      fileId: ID.unique(),
      file: new File([page], 'page.html'),
      permissions: [Permission.read(Role.any())],
    });
    expect(file.mimeType).toBe('text/html');
    const fileIds = { bucketId: bucket.documents, fileId: file.$id };

    const view = await fetchAs(undefined, owner.storage.getFileView(fileIds));
    expect(view.headers.get('content-type')).toBe('text/plain');
    expect(view.headers.get('x-content-type-options')).toBe('nosniff');
    const preview = await fetchAs(undefined, owner.storage.getFilePreview({ ...fileIds, width: 64 }));
    // Appwrite previews a file that is not an image as a file-type icon: an image, never the page itself.
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toBe('image/png');
    expect(
      Buffer.from(await preview.arrayBuffer())
        .subarray(0, 4)
        .toString('latin1'),
    ).toBe('\x89PNG');
    const download = await fetchAs(undefined, owner.storage.getFileDownload(fileIds));
    expect(download.headers.get('content-type')).toBe('text/html');
    expect(download.headers.get('content-disposition')).toBe('attachment; filename="page.html"');
  });
});

describe('files through node-appwrite', () => {
  it('uploads from a buffer, refuses a duplicate id, updates, lists with queries and deletes the bytes', async () => {
    const fileId = ID.unique();
    const created = await admin.createFile({ bucketId: bucket.documents, fileId, file: InputFile.fromBuffer(Buffer.from('hello'), 'hello.txt') });
    expect(created).toMatchObject({ $id: fileId, $permissions: [], mimeType: 'text/plain', sizeOriginal: 5, signature: md5(Buffer.from('hello')) });
    if (backend.local) expect(filesUnder(bucket.documents)).toContain(join(storageRoot(), bucket.documents, fileId));
    await expectError(
      admin.createFile({ bucketId: bucket.documents, fileId, file: InputFile.fromBuffer(Buffer.from('again'), 'hello.txt') }),
      409,
      'storage_file_already_exists',
    );

    const updated = await admin.updateFile({
      bucketId: bucket.documents,
      fileId,
      name: 'greeting.txt',
      permissions: [Permission.write(Role.user(owner.userId))],
    });
    expect(updated).toMatchObject({ name: 'greeting.txt', $permissions: [`update("user:${owner.userId}")`, `delete("user:${owner.userId}")`] });

    const byName = await admin.listFiles({ bucketId: bucket.documents, queries: [Query.equal('name', ['greeting.txt'])] });
    expect(byName.files.map((file) => file.$id)).toEqual([fileId]);
    const searched = await admin.listFiles({ bucketId: bucket.documents, search: 'greeting' });
    expect(searched.files.map((file) => file.$id)).toEqual([fileId]);
    const newestFirst = await admin.listFiles({ bucketId: bucket.documents, queries: [Query.orderDesc('$createdAt'), Query.limit(2)] });
    expect(newestFirst.files[0]?.$id).toBe(fileId);
    const next = await admin.listFiles({ bucketId: bucket.documents, queries: [Query.orderDesc('$createdAt'), Query.limit(1), Query.cursorAfter(fileId)] });
    expect(next.files[0]?.$id).toBe(newestFirst.files[1]?.$id);

    // The owner holds delete on the file and the bucket has file security: the owner may delete it.
    await owner.storage.deleteFile({ bucketId: bucket.documents, fileId });
    await expectError(admin.getFile({ bucketId: bucket.documents, fileId }), 404, 'storage_file_not_found');
    if (backend.local) expect(existsSync(join(storageRoot(), bucket.documents, fileId))).toBe(false);
  });
});

// Local only: restarting the server on its data folder is the local backend's own concern.
describeLocal('restart', () => {
  it('keeps files across a restart and re-applies the config to a changed bucket without touching its files', async () => {
    const bytes = randomBytes(2048);
    const file = await admin.createFile({ bucketId: 'documents', fileId: ID.unique(), file: InputFile.fromBuffer(bytes, 'kept.bin') });
    await admin.updateBucket({ bucketId: 'documents', name: 'Renamed', fileSecurity: false, maximumFileSize: 1000 });

    await backend.restart();

    await expect(admin.getBucket({ bucketId: 'documents' })).resolves.toMatchObject({ name: 'Documents', fileSecurity: true, maximumFileSize: 30_000_000 });
    const downloaded = Buffer.from(await admin.getFileDownload({ bucketId: 'documents', fileId: file.$id }));
    expect(downloaded.equals(bytes)).toBe(true);
    await expect(admin.getFile({ bucketId: 'documents', fileId: file.$id })).resolves.toMatchObject({ signature: md5(bytes) });
  });
});
