import { createWriteStream } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { errors } from '../../http/errors.ts';
import type { Params } from '../../http/params.ts';
import { PRIVATE_FILE_MODE } from '../../store/private-folder.ts';

/** The `code` part of a deployment upload, already on disk in a temporary file. */
export interface ReceivedCode {
  filename: string;
  size: number;
  /** True when the part was longer than the limit; only the first bytes were kept. */
  truncated: boolean;
}

export interface CodeForm {
  fields: Params;
  code: ReceivedCode | undefined;
}

/** The archive's field, or `0` as GraphQL multipart clients name it (Appwrite accepts both). */
const CODE_FIELDS = new Set(['code', '0']);

/**
 * Reads the multipart body of `createDeployment`: its fields (`entrypoint`, `commands`,
 * `activate`) and its `code` part, streamed to `tempPath` and cut beyond `maxBytes`. The SDKs may
 * send fields after the bytes, so nothing is decided before the whole body is read. The caller
 * removes the temporary file.
 */
export async function readCodeForm(req: IncomingMessage, tempPath: string, maxBytes: number): Promise<CodeForm> {
  const contentType = req.headers['content-type'] ?? '';
  if (!contentType.toLowerCase().startsWith('multipart/form-data')) {
    req.resume();
    return { fields: {}, code: undefined };
  }
  const fields: Params = {};
  let code: ReceivedCode | undefined;
  let writing: Promise<void> | undefined;
  // One byte over the limit tells "too long" from "exactly the maximum".
  const parser = busboy({ headers: req.headers, defParamCharset: 'utf8', limits: { fileSize: maxBytes + 1, fields: 50, fieldSize: 64 * 1024, parts: 60 } });
  const parsed = new Promise<void>((resolve, reject) => {
    parser.on('field', (name: string, value: string) => {
      fields[name] = value;
    });
    parser.on('file', (name: string, stream: Readable & { truncated?: boolean }, info: busboy.FileInfo) => {
      if (code || !CODE_FIELDS.has(name)) {
        stream.resume();
        return;
      }
      const received: ReceivedCode = { filename: info.filename ?? '', size: 0, truncated: false };
      code = received;
      stream.on('data', (chunk: Buffer) => {
        received.size += chunk.length;
      });
      writing = pipeline(stream, createWriteStream(tempPath, { mode: PRIVATE_FILE_MODE })).then(() => {
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
      if (!req.complete) parser.destroy(new Error('The upload was aborted.'));
    });
  });
  req.pipe(parser);
  try {
    await parsed;
    await writing;
  } catch {
    throw errors.badRequest('The multipart body of the deployment could not be read.');
  }
  return { fields, code };
}
