import type { IncomingMessage } from 'node:http';
import { isMultipart, readMultipart } from '../../http/multipart.ts';
import type { Params } from '../../http/params.ts';

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
 * `activate`) and its `code` part, streamed to `tempPath` and cut beyond `maxBytes`. The caller
 * removes the temporary file.
 */
export async function readCodeForm(req: IncomingMessage, tempPath: string, maxBytes: number): Promise<CodeForm> {
  if (!isMultipart(req)) {
    req.resume();
    return { fields: {}, code: undefined };
  }
  let size = 0;
  const body = await readMultipart(req, {
    fileFields: CODE_FIELDS,
    tempPath,
    maxFileSize: maxBytes,
    limits: { fields: 50, fieldSize: 64 * 1024, parts: 60 },
    onChunk: (chunk) => {
      size += chunk.length;
    },
    what: 'deployment',
  });
  return { fields: body.fields, code: body.file && { filename: body.file.filename, truncated: body.file.truncated, size } };
}
