import { pipeline } from 'node:stream/promises';
import { handled, type Reply, type RequestContext } from '../http/context.ts';
import { corsHeaders } from '../http/cors.ts';
import { errors } from '../http/errors.ts';
import { readableFile } from './file-access.ts';
import { isComplete } from './files.ts';
import { INLINE_MIME_TYPES } from './mime-types.ts';
import type { StorageContext } from './storage-context.ts';
import { pathUid } from './path-ids.ts';

export type Delivery = 'view' | 'download';

/** APP_STORAGE_READ_BUFFER and MAX_OUTPUT_CHUNK_SIZE: Appwrite's caps on one ranged answer. */
const READ_BUFFER = 20_000_000;
const OUTPUT_CHUNK = 10 * 1024 * 1024;
/** 45 days, as Appwrite sends for file bytes. */
const CACHE_CONTROL = 'private, max-age=3888000';

interface ByteRange {
  start: number;
  end: number;
}

/**
 * Resolves a `Range` header the way Appwrite's endpoints do. View clamps the end to the
 * file; download is stricter (it refuses an end past the file and a one-byte range). Both cap an
 * open or very long range. A suffix range (`bytes=-N`) names no start, and Appwrite refuses it (416).
 */
function resolveRange(value: string, size: number, delivery: Delivery): ByteRange {
  const match = /^(\w+)=(\d*)-(\d*)$/.exec(value.trim());
  if (!match || match[1] !== 'bytes' || match[2] === '') throw errors.storageInvalidRange();
  const start = Number(match[2]);
  let end = match[3] === '' ? undefined : Number(match[3]);
  if (delivery === 'download') {
    if (end === undefined || end - start > READ_BUFFER) end = Math.min(start + OUTPUT_CHUNK - 1, size - 1);
    if (start >= end || end >= size) throw errors.storageInvalidRange();
    return { start, end };
  }
  if (end === undefined || end - start > READ_BUFFER) end = start + READ_BUFFER - 1;
  end = Math.min(end, size - 1);
  if (start > end) throw errors.storageInvalidRange();
  return { start, end };
}

/**
 * `filename="…"` as Appwrite writes it; a name outside printable ASCII also gets an RFC 6266
 * `filename*`, because Node refuses such characters in a plain header value.
 */
function contentDisposition(disposition: 'inline' | 'attachment', name: string): string {
  const quoted = name.replace(/["\\]/g, '\\$&');
  if (/^[\x20-\x7e]*$/.test(name)) return `${disposition}; filename="${quoted}"`;
  const fallback = quoted.replace(/[^\x20-\x7e]/g, '_');
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${encodeURIComponent(name)}`;
}

/**
 * `GET …/files/{fileId}/view|download`: streams the bytes, whole or one range. Browsers call these
 * URLs themselves (`<img src>`, links), so the caller is whoever the cookies name.
 */
export async function deliverFile(storage: StorageContext, ctx: RequestContext, delivery: Delivery): Promise<Reply> {
  const { bucket, file } = readableFile(storage, ctx.caller, pathUid(ctx, 'bucketId'), pathUid(ctx, 'fileId'));
  const size = isComplete(file) ? await storage.blobs.sizeOf(bucket.id, file.id) : undefined;
  if (size === undefined) throw errors.storageFileNotFound();

  const inline = delivery !== 'download';
  // View sends only Appwrite's allow-listed types as they are; anything else (HTML, SVG)
  // goes out as text/plain so it can never run as a page of this origin.
  const contentType = inline ? (INLINE_MIME_TYPES.has(file.mimeType) ? file.mimeType : 'text/plain') : file.mimeType;
  const headers: Record<string, string> = {
    ...corsHeaders(ctx.req),
    'Content-Type': contentType,
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', file.name),
    'Cache-Control': CACHE_CONTROL,
  };
  if (inline) {
    headers['Content-Security-Policy'] = "script-src 'none';";
    headers['X-Content-Type-Options'] = 'nosniff';
  }
  const rangeHeader = ctx.headers.range;
  const range = rangeHeader ? resolveRange(rangeHeader, size, delivery) : undefined;
  if (range) {
    headers['Accept-Ranges'] = 'bytes';
    headers['Content-Range'] = `bytes ${range.start}-${range.end}/${size}`;
    headers['Content-Length'] = String(range.end - range.start + 1);
  } else {
    headers['Content-Length'] = String(size);
  }

  ctx.res.writeHead(range ? 206 : 200, headers);
  try {
    await pipeline(storage.blobs.openRead(bucket.id, file.id, range), ctx.res);
  } catch {
    // The client went away or the file vanished mid-stream; the headers are out, so just stop.
    ctx.res.destroy();
  }
  return handled;
}
