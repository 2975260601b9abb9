import { readFile } from 'node:fs/promises';
import type { Reply, RequestContext } from '../http/context.ts';
import { corsHeaders } from '../http/cors.ts';
import { AppwriteError, errors } from '../http/errors.ts';
import { bucketFor, readableFile } from './file-access.ts';
import { isComplete } from './files.ts';
import { pathUid } from './path-ids.ts';
import { placeholderImage, renderPreview } from './preview-image.ts';
import { OUTPUTS, outputFor, readPreviewOptions } from './preview-params.ts';
import type { StorageContext } from './storage-context.ts';

/** The types Appwrite renders (app/config/storage/inputs.php); anything else previews as a file-type icon. */
const INPUT_TYPES = new Set(['image/jpeg', 'image/png', 'image/heic', 'image/webp', 'image/gif']);
/** `_APP_STORAGE_PREVIEW_LIMIT`'s default: bigger images preview as an icon too. */
const PREVIEW_LIMIT = 20_000_000;
/** 30 days for a rendered preview; a preview from the cache says 180 days, as Appwrite's cache does. */
const RENDERED_MAX_AGE = 2_592_000;
const CACHED_MAX_AGE = 15_552_000;

const transformationsDisabled = () =>
  new AppwriteError(403, 'storage_bucket_transformations_disabled', 'Image transformations are disabled for the requested bucket.');

function send(ctx: RequestContext, data: Buffer, contentType: string, cache: { maxAge: number; state: 'hit' | 'miss' }): Reply {
  ctx.res
    .writeHead(200, {
      ...corsHeaders(ctx.req),
      'Content-Type': contentType,
      'Content-Length': String(data.length),
      'Cache-Control': `private, max-age=${cache.maxAge}`,
      'X-Appwrite-Cache': cache.state,
      'X-Content-Type-Options': 'nosniff',
    })
    .end(data);
  return { raw: true };
}

/**
 * `GET …/files/{fileId}/preview`: the image resized, cropped, bordered, rounded, turned and converted as
 * asked (see preview-image.ts). Buckets with `transformations` off refuse it to everyone but API keys;
 * files that are not images preview as a placeholder icon. Renders are cached like Appwrite's.
 */
export async function previewFile(storage: StorageContext, ctx: RequestContext): Promise<Reply> {
  const bucketId = pathUid(ctx, 'bucketId');
  const fileId = pathUid(ctx, 'fileId');
  const options = readPreviewOptions(ctx.params);
  const bucket = bucketFor(storage, ctx.caller, bucketId);
  if (!bucket.transformations && ctx.caller.kind !== 'key') throw transformationsDisabled();
  const { file } = readableFile(storage, ctx.caller, bucket.id, fileId);
  if (!isComplete(file)) throw errors.storageFileNotFound();

  const key = JSON.stringify([bucket.id, file.id, file.createdAt, file.signature, options]);
  const cached = storage.previews.get(key);
  if (cached) return send(ctx, cached.data, cached.contentType, { maxAge: CACHED_MAX_AGE, state: 'hit' });

  const renderable = INPUT_TYPES.has(file.mimeType) && file.sizeActual <= PREVIEW_LIMIT;
  let source: Buffer;
  try {
    source = renderable ? await readFile(storage.blobs.filePath(bucket.id, file.id)) : await placeholderImage();
  } catch {
    throw errors.storageFileNotFound();
  }
  const rendered = renderable ? options : { ...options, background: options.background || 'eceff1' };
  const output = options.output || (renderable ? outputFor(file.name, file.mimeType) : 'png');
  const data = await renderPreview(source, rendered, output);
  const contentType = OUTPUTS[output] ?? 'image/jpeg';
  storage.previews.set(key, { data, contentType });
  return send(ctx, data, contentType, { maxAge: RENDERED_MAX_AGE, state: 'miss' });
}
