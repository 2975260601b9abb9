import { json, noContent, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import { assertGrantable, normalizePermissions } from '../permissions/permissions.ts';
import { bucketAllows, bucketFor, changeableFile, readableFile } from './file-access.ts';
import { deliverFile } from './file-delivery.ts';
import { previewFile } from './file-preview.ts';
import { publishFileEvent } from './file-events.ts';
import { fileModel } from './files.ts';
import type { StorageContext } from './storage-context.ts';
import { pathUid } from './path-ids.ts';
import { createFile } from './upload.ts';

const FILES = '/v1/storage/buckets/{bucketId}/files';
const FILE = `${FILES}/{fileId}`;

function ids(ctx: RequestContext): { bucketId: string; fileId: string } {
  return { bucketId: pathUid(ctx, 'bucketId'), fileId: pathUid(ctx, 'fileId') };
}

/** Files of a bucket as clients use them (scopes `files.read`/`files.write`: guests and users alike). */
export function registerFileRoutes(router: Router, storage: StorageContext): void {
  router.post(FILES, (ctx) => createFile(storage, ctx), { rawBody: true });

  router.get(FILES, (ctx) => {
    const bucket = bucketFor(storage, ctx.caller, pathUid(ctx, 'bucketId'));
    const bucketGrants = bucketAllows(bucket, ctx.caller, 'read');
    if (!bucket.fileSecurity && !bucketGrants) throw errors.userUnauthorized();
    const { total, files } = storage.files.list(bucket.id, {
      queries: ctx.params.stringArray('queries') ?? [],
      search: ctx.params.optionalString('search', { max: 256 }) ?? '',
      includeTotal: ctx.params.boolean('total', true),
      readableBy: bucketGrants ? undefined : ctx.caller.roles,
    });
    return json(200, { total, files: files.map(fileModel) });
  });

  router.get(FILE, (ctx) => {
    const { bucketId, fileId } = ids(ctx);
    return json(200, fileModel(readableFile(storage, ctx.caller, bucketId, fileId).file));
  });

  router.put(FILE, (ctx) => {
    const { bucketId, fileId } = ids(ctx);
    const name = ctx.params.optionalString('name', { max: 128 });
    const requested = ctx.params.stringArray('permissions', { max: 100 });
    const permissions = requested && normalizePermissions(requested, 'resource');
    const { bucket, file } = changeableFile(storage, ctx.caller, bucketId, fileId, 'update');
    if (permissions) assertGrantable(permissions, ctx.caller);
    const updated = storage.files.update(bucket.id, file.id, { name: name ?? file.name, permissions: permissions ?? file.permissions });
    if (!updated) throw errors.storageFileNotFound();
    publishFileEvent(storage, bucket, updated, 'update');
    return json(200, fileModel(updated));
  });

  router.delete(FILE, async (ctx) => {
    const { bucketId, fileId } = ids(ctx);
    const { bucket, file } = changeableFile(storage, ctx.caller, bucketId, fileId, 'delete');
    // Taken with the upload lock, so a delete never interleaves with a chunk of the same file.
    await storage.uploads.run(`${bucket.id}/${file.id}`, async () => {
      storage.files.delete(bucket.id, file.id);
      await storage.blobs.removeFile(bucket.id, file.id);
    });
    publishFileEvent(storage, bucket, file, 'delete');
    return noContent;
  });

  router.get(`${FILE}/view`, (ctx) => deliverFile(storage, ctx, 'view'));
  router.get(`${FILE}/download`, (ctx) => deliverFile(storage, ctx, 'download'));
  router.get(`${FILE}/preview`, (ctx) => previewFile(storage, ctx));
}
