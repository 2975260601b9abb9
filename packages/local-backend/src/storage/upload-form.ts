import type { IncomingMessage } from 'node:http';
import { createWriteStream } from 'node:fs';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { errors } from '../http/errors.ts';
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
const ARRAY_FIELD = /^(.+)\[\d*\]$/;

function addField(fields: Params, rawName: string, value: string): void {
  const array = ARRAY_FIELD.exec(rawName);
  if (array) {
    const name = array[1] as string;
    const list = Array.isArray(fields[name]) ? (fields[name] as string[]) : [];
    list.push(value);
    fields[name] = list;
  } else {
    fields[rawName] = value;
  }
}

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
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) return { fields: await drainJson(req), file: undefined };

  const fields: Params = {};
  let file: ReceivedFile | undefined;
  let writing: Promise<void> | undefined;
  const parser = busboy({
    headers: req.headers,
    defParamCharset: 'utf8',
    // Busboy flags a part as cut once it reaches the limit, so one byte more tells "too long" from "exactly the maximum".
    limits: { fileSize: options.maxFileSize + 1, fields: 200, fieldSize: 1024 * 1024, parts: 300 },
  });

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name: string, value: string) => addField(fields, name, value));
    parser.on('file', (name: string, stream: Readable & { truncated?: boolean }, info: busboy.FileInfo) => {
      if (file || !FILE_FIELDS.has(name)) {
        stream.resume();
        return;
      }
      const probe = new ContentProbe();
      const received: ReceivedFile = { tempPath: options.tempPath, filename: info.filename ?? '', truncated: false, content: { size: 0, md5: '', head: Buffer.alloc(0) } };
      file = received;
      const observe = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          probe.update(chunk);
          done(null, chunk);
        },
      });
      writing = pipeline(stream, observe, createWriteStream(options.tempPath)).then(() => {
        received.truncated = stream.truncated === true;
        received.content = probe.summary();
      });
      // Awaited once the parser is done; until then a failure must not count as unhandled.
      writing.catch(() => {});
    });
    parser.on('close', () => resolve());
    parser.on('error', (error: unknown) => reject(error));
    req.on('error', (error) => parser.destroy(error));
    // A client that goes away mid-upload must not leave the parser waiting forever.
    req.on('close', () => {
      if (!req.complete) parser.destroy(new Error('The upload was aborted.'));
    });
  });
  req.pipe(parser);
  try {
    await parsed;
    await writing;
  } catch {
    throw errors.badRequest('The multipart body of the upload could not be read.');
  }
  return { fields, file };
}
