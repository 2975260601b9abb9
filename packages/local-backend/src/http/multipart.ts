import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { PRIVATE_FILE_MODE } from '../store/private-folder.ts';
import { errors } from './errors.ts';
import type { Params } from './params.ts';

/** The file part of a multipart body, already streamed to a temporary file the caller removes. */
export interface MultipartFile {
  filename: string;
  /** True when the part was longer than `maxFileSize`; only the first bytes were kept. */
  truncated: boolean;
}

export interface MultipartBody {
  fields: Params;
  file: MultipartFile | undefined;
}

export interface MultipartOptions {
  /** Names the file part may have (the SDKs' own, and `0` as GraphQL multipart clients name it). */
  fileFields: ReadonlySet<string>;
  tempPath: string;
  maxFileSize: number;
  limits: { fields: number; fieldSize: number; parts: number };
  /** Sees every byte of the file part as it streams to disk (checksums, sniffing, counting). */
  onChunk?: (chunk: Buffer) => void;
  /** Repeated `name[]` fields become arrays under `name` when true (storage's `permissions[]`). */
  arrayFields?: boolean;
  /** Names what is read in the error for a body that cannot be parsed ("upload", "deployment"). */
  what: string;
}

const ARRAY_FIELD = /^(.+)\[\d*\]$/;

/**
 * Reads a multipart upload (a file, or a function deployment's code). The file part streams to
 * `tempPath`; the SDKs send fields after the bytes, so nothing can be decided before the whole body
 * is read. Bytes beyond `maxFileSize` are dropped and flagged.
 */
export async function readMultipart(req: IncomingMessage, options: MultipartOptions): Promise<MultipartBody> {
  const fields: Params = {};
  let file: MultipartFile | undefined;
  let writing: Promise<void> | undefined;
  const parser = busboy({
    headers: req.headers,
    defParamCharset: 'utf8',
    // Busboy flags a part as cut once it reaches the limit, so one byte more tells "too long" from "exactly the maximum".
    limits: { fileSize: options.maxFileSize + 1, ...options.limits },
  });

  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name: string, value: string) => addField(fields, name, value, options.arrayFields ?? false));
    parser.on('file', (name: string, stream: Readable & { truncated?: boolean }, info: busboy.FileInfo) => {
      if (file || !options.fileFields.has(name)) {
        stream.resume();
        return;
      }
      const received: MultipartFile = { filename: info.filename ?? '', truncated: false };
      file = received;
      const observe = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          options.onChunk?.(chunk);
          done(null, chunk);
        },
      });
      writing = pipeline(stream, observe, createWriteStream(options.tempPath, { mode: PRIVATE_FILE_MODE })).then(() => {
        received.truncated = stream.truncated === true;
      });
      // Awaited once the parser is done; until then a failure must not count as unhandled.
      writing.catch(() => {});
    });
    parser.on('close', () => resolve());
    parser.on('error', (error: unknown) => reject(error));
    req.on('error', (error) => parser.destroy(error));
    // A client that goes away mid-upload must not leave the parser waiting forever.
    req.on('close', () => {
      if (!req.complete) parser.destroy(new Error(`The ${options.what} was aborted.`));
    });
  });
  req.pipe(parser);
  try {
    await parsed;
    await writing;
  } catch {
    throw errors.badRequest(`The multipart body of the ${options.what} could not be read.`);
  }
  return { fields, file };
}

export function isMultipart(req: IncomingMessage): boolean {
  return (req.headers['content-type'] ?? '').toLowerCase().startsWith('multipart/form-data');
}

function addField(fields: Params, rawName: string, value: string, arrays: boolean): void {
  const array = arrays ? ARRAY_FIELD.exec(rawName) : null;
  if (!array) {
    fields[rawName] = value;
    return;
  }
  const name = array[1] as string;
  const list = Array.isArray(fields[name]) ? (fields[name] as string[]) : [];
  list.push(value);
  fields[name] = list;
}

/**
 * The fields of a multipart body sent to a route that takes no file (Appwrite reads any route's params
 * from a form as well as from JSON): `name[]` fields become arrays, file parts are skipped.
 */
export async function readMultipartFields(req: IncomingMessage, maxBytes: number): Promise<Params> {
  const fields: Params = {};
  // Read byte for byte (latin1), then as UTF-8 where the bytes are text: a field of raw bytes (a binary
  // execution body) stays a Buffer.
  const parser = busboy({ headers: req.headers, defCharset: 'latin1', defParamCharset: 'utf8', limits: { fields: 1000, fieldSize: maxBytes, parts: 1000 } });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name: string, value: string) => {
      const bytes = Buffer.from(value, 'latin1');
      const text = textOf(bytes);
      if (text === undefined) fields[name] = bytes;
      else addField(fields, name, text, true);
    });
    parser.on('file', (_name: string, stream: Readable) => stream.resume());
    parser.on('close', () => resolve());
    parser.on('error', (error: unknown) => reject(error));
  });
  req.pipe(parser);
  try {
    await parsed;
  } catch {
    throw errors.badRequest('The multipart body could not be read.');
  }
  return fields;
}

function textOf(bytes: Buffer): string | undefined {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return undefined;
  }
}
