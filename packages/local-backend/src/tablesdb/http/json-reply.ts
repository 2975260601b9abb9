import type { Reply } from '../../http/context.ts';

const BIGINT_MARK = '\u0000bigint:';
const MARKED = /"\\u0000bigint:(-?\d+)"/g;
/** The value each JSON reply was made from, so a wording layer can rename its keys before it is sent. */
const sources = new WeakMap<Reply, unknown>();

/**
 * A JSON reply that may carry bigints (64-bit column bounds) as exact JSON integers, as Appwrite
 * sends them; the SDKs parse responses with json-bigint and keep them exact.
 */
export function jsonReply(status: number, body: unknown): Reply {
  const text = JSON.stringify(body, (_key, value: unknown) => (typeof value === 'bigint' ? `${BIGINT_MARK}${value.toString()}` : value));
  const reply: Reply = { status, text: text.replace(MARKED, '$1'), headers: { 'Content-Type': 'application/json' } };
  sources.set(reply, body);
  return reply;
}

/** The JSON value a reply carries (from `json()` or `jsonReply()`), or undefined for other replies. */
export function replyBody(reply: Reply): unknown {
  if ('json' in reply) return reply.json;
  return sources.get(reply);
}
