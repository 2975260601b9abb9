import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Compression, ID, Permission, Role, Storage } from 'node-appwrite';
import { InputFile } from 'node-appwrite/file';
import { adminClient, describeLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { cleanup } from '../support/cleanup.ts';
import { gradientPng, pngSize } from '../support/png.ts';

/**
 * Storage as Appwrite's own e2e tests pin it (issue 22): image previews rendered as its ImageMagick renders
 * them, the preview cache, buckets that disable transformations, what the File model says about compression
 * and encryption, and the order of its validations.
 */

let backend: TestBackend;
let storage: Storage;
let bucketId: string;
let fileId: string;

beforeAll(async () => {
  backend = await startTestBackend();
  storage = new Storage(adminClient(backend));
  bucketId = cleanup.bucket(`previews-${uniqueSuffix()}`);
  await storage.createBucket({ bucketId, name: 'Previews', permissions: [Permission.read(Role.any()), Permission.create(Role.users())] });
  fileId = (await storage.createFile({ bucketId, fileId: ID.unique(), file: InputFile.fromBuffer(gradientPng(600, 600), 'logo.png') })).$id;
});
afterAll(async () => {
  await backend.close();
});

/** A preview as a browser's `<img src>` asks it: a guest, the project in the query. */
async function preview(params: Record<string, string | number>, file = fileId, bucket = bucketId): Promise<Response> {
  const query = new URLSearchParams({ project: backend.projectId, ...Object.fromEntries(Object.entries(params).map(([k, v]) => [k, String(v)])) });
  return fetch(`${backend.endpoint}/storage/buckets/${bucket}/files/${file}/preview?${query}`);
}

async function body(response: Response): Promise<Buffer> {
  return Buffer.from(await response.arrayBuffer());
}

describe('image previews', () => {
  it('crops to the asked size in the asked format', async () => {
    const cropped = await preview({ width: 300, height: 100, output: 'png' });
    expect(cropped.status).toBe(200);
    expect(cropped.headers.get('content-type')).toBe('image/png');
    expect(pngSize(await body(cropped))).toEqual({ width: 300, height: 100 });
    // One side given: the other follows the image's aspect ratio.
    expect(pngSize(await body(await preview({ width: 120 })))).toEqual({ width: 120, height: 120 });
  });

  it("turns an image to ImageMagick's bounding box and adds borders around the crop", async () => {
    const turned = await preview({ width: 300, height: 100, borderRadius: 50, opacity: 0.5, rotation: 45, output: 'png' });
    expect(pngSize(await body(turned))).toEqual({ width: 284, height: 284 });
    const negative = await preview({ width: 300, height: 100, rotation: -315, output: 'png' });
    expect(pngSize(await body(negative))).toEqual({ width: 284, height: 284 });
    const bordered = await preview({ width: 200, height: 80, borderWidth: 5, borderColor: 'ff0000', output: 'png' });
    expect(pngSize(await body(bordered))).toEqual({ width: 210, height: 90 });
  });

  it('converts to jpeg, webp and avif, and keeps the file type when no output is asked', async () => {
    for (const [output, type] of [
      ['jpg', 'image/jpeg'],
      ['webp', 'image/webp'],
      ['avif', 'image/avif'],
    ]) {
      const converted = await preview({ width: 100, quality: 40, output: output as string });
      expect(converted.status).toBe(200);
      expect(converted.headers.get('content-type')).toBe(type);
      expect((await body(converted)).length).toBeGreaterThan(0);
    }
    expect((await preview({})).headers.get('content-type')).toBe('image/png');
  });

  it('answers a repeated preview from its cache', async () => {
    const params = { width: 123, height: 45, output: 'png', quality: 80 };
    const first = await preview(params);
    expect(first.headers.get('x-appwrite-cache')).toBe('miss');
    expect(first.headers.get('cache-control')).toBe('private, max-age=2592000');
    const rendered = await body(first);
    const again = await preview(params);
    expect(again.headers.get('x-appwrite-cache')).toBe('hit');
    expect(again.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    expect((await body(again)).equals(rendered)).toBe(true);
  });

  it('refuses options out of range with 400 before looking the file up', async () => {
    const refused = await preview({ width: 4001 }, 'no-such-file');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({
      type: 'general_argument_invalid',
      message: 'Invalid `width` param: Value must be a valid range between 0 and 4,000',
    });
    expect((await preview({ output: 'bmp' })).status).toBe(400);
    expect((await preview({ borderColor: 'red' })).status).toBe(400);
  });

  it('refuses previews of a bucket with transformations off, except to an API key', async () => {
    const plainId = cleanup.bucket(`plain-${uniqueSuffix()}`);
    await storage.createBucket({ bucketId: plainId, name: 'Plain', permissions: [Permission.read(Role.any())], transformations: false });
    const plain = await storage.createFile({ bucketId: plainId, fileId: ID.unique(), file: InputFile.fromBuffer(gradientPng(40, 40), 'plain.png') });
    const refused = await preview({}, plain.$id, plainId);
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({
      type: 'storage_bucket_transformations_disabled',
      message: 'Image transformations are disabled for the requested bucket.',
    });
    const forKey = await storage.getFilePreview({ bucketId: plainId, fileId: plain.$id, width: 20 });
    expect(pngSize(Buffer.from(forKey))).toEqual({ width: 20, height: 20 });
  });
});

describe('files and buckets', () => {
  it("reports the bucket's compression and encryption on its files, and keeps them when the bucket changes", async () => {
    const packedId = cleanup.bucket(`packed-${uniqueSuffix()}`);
    await storage.createBucket({ bucketId: packedId, name: 'Packed', encryption: true, compression: Compression.Gzip });
    const file = await storage.createFile({ bucketId: packedId, fileId: ID.unique(), file: InputFile.fromBuffer(Buffer.from('hello'), 'a.txt') });
    expect(file).toMatchObject({ compression: 'gzip', encryption: true });
    await storage.updateBucket({ bucketId: packedId, name: 'Packed', encryption: false, compression: Compression.None });
    expect(await storage.getFile({ bucketId: packedId, fileId: file.$id })).toMatchObject({ compression: 'gzip', encryption: true });
    const later = await storage.createFile({ bucketId: packedId, fileId: ID.unique(), file: InputFile.fromBuffer(Buffer.from('hi'), 'b.txt') });
    expect(later).toMatchObject({ compression: 'none', encryption: false });
  });

  it('refuses an empty bucket name and a path id longer than 36 characters with 400', async () => {
    await expect(storage.createBucket({ bucketId: ID.unique(), name: '' })).rejects.toMatchObject({ code: 400, type: 'general_argument_invalid' });
    await expect(storage.getBucket({ bucketId: 'x'.repeat(37) })).rejects.toMatchObject({
      code: 400,
      message:
        "Invalid `bucketId` param: UID must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, and underscore. Can't start with a leading underscore",
    });
  });

  it('checks file permissions as a param before the right to create files (400 before 401)', async () => {
    const form = new FormData();
    form.append('fileId', 'unique()');
    form.append('permissions[]', 'create("any")');
    form.append('file', new Blob([new Uint8Array(gradientPng(4, 4))], { type: 'image/png' }), 'x.png');
    const guest = await fetch(`${backend.endpoint}/storage/buckets/${bucketId}/files`, {
      method: 'POST',
      headers: { 'x-appwrite-project': backend.projectId },
      body: form,
    });
    expect(guest.status).toBe(400);
  });

  it('refuses a suffix range (bytes=-N) with 416, as Appwrite does', async () => {
    const response = await fetch(`${backend.endpoint}/storage/buckets/${bucketId}/files/${fileId}/download?project=${backend.projectId}`, {
      headers: { range: 'bytes=-10' },
    });
    expect(response.status).toBe(416);
  });
});

// Local only: Appwrite's own server refuses the body (Swoole's package limit) without an Appwrite error body.
describeLocal('request size', () => {
  it('refuses a request over 12 MiB with 413, before it reads the project', async () => {
    const response = await fetch(`${backend.endpoint}/storage/buckets/${bucketId}/files`, {
      method: 'POST',
      headers: { 'content-type': 'application/octet-stream' },
      body: Buffer.alloc(12 * 1024 * 1024 + 1),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get('connection')).toBe('close');
  });
});
