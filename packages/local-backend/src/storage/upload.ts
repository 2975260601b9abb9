import type { Caller } from '../auth/identity.ts';
import { json, type Reply, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { isCustomId, ParamReader, readCustomId } from '../http/params.ts';
import { assertGrantable, defaultResourcePermissions, normalizePermissions } from '../permissions/permissions.ts';
import type { BucketRecord } from './buckets.ts';
import { bucketAllows, bucketFor } from './file-access.ts';
import { publishFileEvent } from './file-events.ts';
import { fileModel, isComplete, type FileRecord } from './files.ts';
import { extensionOf, sniffMimeType } from './mime-types.ts';
import type { StorageContext } from './storage-context.ts';
import { pathUid } from './path-ids.ts';
import { readUploadForm, type ReceivedFile } from './upload-form.ts';
import { header, parseContentRange, type ContentRange } from '../http/content-range.ts';

/** Appwrite's fixed chunk size (APP_LIMIT_UPLOAD_CHUNK_SIZE); the SDKs split larger files by it. */
export const CHUNK_SIZE = 5 * 1024 * 1024;

/** APP_STORAGE_READ_BUFFER: Appwrite compresses and encrypts only files up to this size. */
const AT_REST_LIMIT = 20_000_000;

/** What Appwrite applies at rest to a file of this size in this bucket (its File model reports it). */
function atRest(bucket: BucketRecord, size: number): { compression: string; encryption: boolean } {
  const small = size <= AT_REST_LIMIT;
  return { compression: small ? bucket.compression : 'none', encryption: small && bucket.encryption };
}

/** The upload as the checks have accepted it. */
interface AcceptedUpload {
  caller: Caller;
  bucket: BucketRecord;
  fileId: string;
  permissions: string[];
  folder: string;
  part: ReceivedFile;
}

/** The optional virtual folder: `''`, or its segments joined and ending with `/`. */
function normalizeFolder(value: string | undefined): string {
  const segments = (value ?? '').split('/').filter((segment) => segment !== '');
  if (segments.some((segment) => segment === '.' || segment === '..')) {
    throw errors.argumentInvalid('Invalid `folder` param: Folder must not contain "." or ".." segments');
  }
  return segments.length ? `${segments.join('/')}/` : '';
}

/** The `permissions` param checked as a param (file permissions take no `create`); undefined when absent. */
function requestedPermissions(reader: ParamReader): string[] | undefined {
  const requested = reader.stringArray('permissions', { max: 100 });
  return requested && normalizePermissions(requested, 'resource');
}

/**
 * `POST /v1/storage/buckets/{bucketId}/files`: a whole file, or one chunk of a
 * chunked upload. Every check runs before anything is kept, so a refused upload leaves nothing behind.
 */
export async function createFile(storage: StorageContext, ctx: RequestContext): Promise<Reply> {
  const { caller } = ctx;
  const bucket = bucketFor(storage, caller, pathUid(ctx, 'bucketId'));

  const rangeHeader = header(ctx, 'content-range');
  const tempPath = storage.blobs.newTempPath();
  try {
    const form = await readUploadForm(ctx.req, { tempPath, maxFileSize: rangeHeader ? CHUNK_SIZE : bucket.maximumFileSize });
    const reader = new ParamReader(form.fields);
    let fileId = readCustomId(reader, 'fileId');
    const folder = normalizeFolder(reader.optionalString('folder', { max: 255 }));
    const requested = requestedPermissions(reader);
    // As in Appwrite, the params are checked before the caller's right to create files in the bucket.
    if (!bucketAllows(bucket, caller, 'create')) throw errors.userUnauthorized();
    if (requested) assertGrantable(requested, caller);
    const permissions = requested ?? defaultResourcePermissions(caller);
    const part = form.file;
    if (!part) throw errors.storageFileEmpty();

    const range = rangeHeader === undefined ? undefined : parseContentRange(rangeHeader);
    if (range) {
      fileId = header(ctx, 'x-appwrite-id') ?? fileId;
      if (fileId === 'unique()' || !isCustomId(fileId)) throw errors.storageInvalidAppwriteId();
    }
    if (!extensionAllowed(bucket.allowedFileExtensions, part.filename)) {
      throw errors.storageFileTypeUnsupported();
    }
    const size = range ? range.total : part.truncated ? Infinity : part.content.size;
    if (size > bucket.maximumFileSize) throw errors.storageInvalidFileSize();

    const upload: AcceptedUpload = { caller, bucket, fileId, permissions, folder, part };
    if (!range) return await storeWholeFile(storage, upload);
    // Chunks must line up with the SDKs' 5 MiB grid, or the joined file would not be the original.
    const expectedEnd = Math.min(range.start + CHUNK_SIZE, range.total) - 1;
    if (range.start % CHUNK_SIZE !== 0 || range.end !== expectedEnd || part.truncated || part.content.size !== range.end - range.start + 1) {
      throw errors.storageInvalidContentRange();
    }
    return await storeChunk(storage, upload, range);
  } finally {
    await storage.blobs.discard(tempPath);
  }
}

function lockKey(bucketId: string, fileId: string): string {
  return `${bucketId}/${fileId}`;
}

/**
 * Who sends a chunk, as far as the server can tell callers apart: one user (whatever session or
 * JWT), any API key, or some guest (guests are indistinguishable, so they share their uploads).
 */
function uploaderOf(caller: Caller): string {
  switch (caller.kind) {
    case 'user':
      return `user:${caller.user.id}`;
    case 'key':
      return 'key';
    case 'guest':
      return 'guest';
  }
}

/**
 * An upload belongs to whoever sent its first chunk; only they, or an API key, may add to it. Appwrite
 * checks nothing here, so anyone able to create files could finish someone's upload with their own
 * permissions and read it. A stranger is answered as for a whole file under a taken id: 409.
 */
function assertMayAddChunk(storage: StorageContext, upload: AcceptedUpload): void {
  if (upload.caller.kind === 'key') return;
  if (storage.files.uploaderOf(upload.bucket.id, upload.fileId) !== uploaderOf(upload.caller)) throw errors.storageFileAlreadyExists();
}

async function storeWholeFile(storage: StorageContext, upload: AcceptedUpload): Promise<Reply> {
  const { bucket, fileId, part } = upload;
  const file = await storage.uploads.run(lockKey(bucket.id, fileId), async () => {
    if (storage.files.find(bucket.id, fileId)) throw errors.storageFileAlreadyExists();
    await storage.blobs.storeFile(part.tempPath, bucket.id, fileId);
    return storage.files.create({
      bucketId: bucket.id,
      id: fileId,
      permissions: upload.permissions,
      name: part.filename,
      folder: upload.folder,
      signature: part.content.md5,
      mimeType: sniffMimeType(part.content.head, part.filename),
      sizeOriginal: part.content.size,
      sizeActual: part.content.size,
      chunksTotal: 1,
      chunksUploaded: 1,
      ...atRest(bucket, part.content.size),
    }) as FileRecord;
  });
  publishFileEvent(storage, bucket, file, 'create');
  return json(201, fileModel(file));
}

/**
 * One chunk of a chunked upload. Chunks arrive concurrently and out of order; the per-file lock
 * makes "store, count distinct chunks, maybe assemble" one step, so exactly one request assembles.
 */
async function storeChunk(storage: StorageContext, upload: AcceptedUpload, range: ContentRange): Promise<Reply> {
  const { bucket, fileId, part } = upload;
  const chunk = Math.floor(range.start / CHUNK_SIZE) + 1;
  const chunksTotal = Math.ceil(range.total / CHUNK_SIZE);
  const outcome = await storage.uploads.run(lockKey(bucket.id, fileId), async () => {
    const existing = storage.files.find(bucket.id, fileId);
    // Checked before anything else about the file, so a stranger learns neither its state nor its size.
    if (existing) assertMayAddChunk(storage, upload);
    // A late duplicate of a chunk (the SDKs retry) gets the file as it is: a complete file is never re-chunked.
    if (existing && isComplete(existing)) return { status: 200, file: existing, completed: false };
    if (existing && existing.sizeOriginal !== range.total) throw errors.storageInvalidContentRange();
    const file =
      existing ??
      (storage.files.create(
        {
          bucketId: bucket.id,
          id: fileId,
          permissions: upload.permissions,
          name: part.filename,
          folder: upload.folder,
          signature: '',
          mimeType: '',
          sizeOriginal: range.total,
          sizeActual: 0,
          chunksTotal,
          chunksUploaded: 0,
          ...atRest(bucket, range.total),
        },
        uploaderOf(upload.caller),
      ) as FileRecord);

    await storage.blobs.storeChunk(part.tempPath, bucket.id, fileId, chunk);
    const uploaded = storage.files.recordChunk(bucket.id, fileId, chunk);
    if (uploaded < chunksTotal) {
      return { status: 201, file: storage.files.setChunksUploaded(bucket.id, fileId, uploaded) as FileRecord, completed: false };
    }
    const content = await storage.blobs.assemble(bucket.id, fileId, chunksTotal);
    const completed = storage.files.complete(bucket.id, fileId, {
      signature: content.md5,
      mimeType: sniffMimeType(content.head, file.name),
      sizeActual: content.size,
    }) as FileRecord;
    return { status: 201, file: completed, completed: true };
  });
  if (outcome.completed) publishFileEvent(storage, bucket, outcome.file, 'create');
  return json(outcome.status, fileModel(outcome.file));
}

/** Appwrite 1.9 compares extensions without regard to case: `CV.PDF` is a `pdf`. */
function extensionAllowed(allowed: readonly string[], filename: string): boolean {
  if (allowed.length === 0) return true;
  const extension = extensionOf(filename).toLowerCase();
  return allowed.some((entry) => entry.toLowerCase() === extension);
}
