import { randomBytes } from 'node:crypto';
import { json, type Reply, type RequestContext } from '../../http/context.ts';
import { corsHeaders } from '../../http/cors.ts';
import { AppwriteError } from '../../http/errors.ts';

/**
 * The reply to a synchronous execution in the type the caller accepts, as Appwrite negotiates it: the
 * first of `application/json` (or `application/*`) and `multipart/form-data` (or `multipart/*`) in its
 * Accept header wins, JSON when neither is named. JSON cannot carry a body that is not UTF-8 text
 * (400, "Failed to parse response"); multipart sends each model field as a part and the body as its bytes.
 */
export function executionReply(ctx: RequestContext, model: Record<string, unknown>, responseBytes: Buffer): Reply {
  if (acceptsMultipart(headerLine(ctx, 'accept'))) return multipartReply(ctx, { ...model, responseBody: responseBytes });
  if (!isUtf8(responseBytes)) {
    throw new AppwriteError(400, 'general_bad_request', 'Failed to parse response: Malformed UTF-8 characters, possibly incorrectly encoded');
  }
  return json(201, model);
}

function headerLine(ctx: RequestContext, name: string): string {
  const value = ctx.headers[name];
  return (Array.isArray(value) ? value.join(', ') : value) ?? '';
}

function acceptsMultipart(accept: string): boolean {
  for (const type of accept.split(', ')) {
    if (type.startsWith('application/json') || type.startsWith('application/*')) return false;
    if (type.startsWith('multipart/form-data') || type.startsWith('multipart/*')) return true;
  }
  return false;
}

function isUtf8(bytes: Buffer): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** Appwrite's multipart answer: one part per field, arrays and objects as JSON parts, `false` as 0. */
function multipartReply(ctx: RequestContext, fields: Record<string, unknown>): Reply {
  const boundary = `----${randomBytes(16).toString('hex')}`;
  const parts: Buffer[] = [Buffer.from(`--${boundary}`)];
  for (const [name, value] of Object.entries(fields)) {
    const structured = typeof value === 'object' && value !== null && !Buffer.isBuffer(value);
    const head = `\r\nContent-Disposition: form-data; name="${name}"${structured ? '\r\nContent-Type: application/json' : ''}\r\n\r\n`;
    const content = Buffer.isBuffer(value) ? value : Buffer.from(structured ? JSON.stringify(value) : value === false ? '0' : String(value));
    parts.push(Buffer.from(head), content, Buffer.from(`\r\n--${boundary}`));
  }
  parts.push(Buffer.from('--\r\n'));
  const body = Buffer.concat(parts);
  ctx.res
    .writeHead(201, { ...corsHeaders(ctx.req), 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': String(body.length) })
    .end(body);
  return { raw: true };
}
