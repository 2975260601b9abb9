import type { IncomingMessage } from 'node:http';
import { isMultipart, readMultipart } from '../http/multipart.ts';
import type { Params } from '../http/params.ts';
import { ContentProbe, type ContentSummary } from './blob-store.ts';

/** The file part of an upload, already on disk in a temporary file. */
export interface ReceivedFile {
  tempPath: string;
  filename: string;
  /** True when the part was longer than `maxFileSize`; only the first bytes were kept. */
  truncated: boolean;
  content: ContentSummary;
}

export interface UploadForm {
  /** Form fields; repeated `name[]` fields (`permissions[]`) become arrays under `name`. */
  fields: Params;
  file: ReceivedFile | undefined;
}

const FILE_FIELDS = new Set(['file', '0']);

async function drainJson(req: IncomingMessage): Promise<Params> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    // A body that is not multipart carries no file; keep only a small JSON body's params.
    if (size <= 1024 * 1024) chunks.push(chunk as Buffer);
  }
  try {
    const parsed: unknown = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as Params) : {};
  } catch {
    return {};
  }
}

/**
 * Reads a multipart upload. The file part streams to `tempPath` (the SDKs send `permissions[]`
 * after the bytes, so nothing can be decided before the whole body is read); bytes beyond
 * `maxFileSize` are dropped and flagged. The caller removes the temporary file, also on failure.
 */
export async function readUploadForm(req: IncomingMessage, options: { tempPath: string; maxFileSize: number }): Promise<UploadForm> {
  if (!isMultipart(req)) return { fields: await drainJson(req), file: undefined };
  const probe = new ContentProbe();
  const body = await readMultipart(req, {
    fileFields: FILE_FIELDS,
    tempPath: options.tempPath,
    maxFileSize: options.maxFileSize,
    limits: { fields: 200, fieldSize: 1024 * 1024, parts: 300 },
    onChunk: (chunk) => probe.update(chunk),
    arrayFields: true,
    what: 'upload',
  });
  const file = body.file && { tempPath: options.tempPath, filename: body.file.filename, truncated: body.file.truncated, content: probe.summary() };
  return { fields: body.fields, file };
}
