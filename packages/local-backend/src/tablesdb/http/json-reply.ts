import type { Reply } from '../../http/context.ts';

const BIGINT_MARK = '\u0000bigint:';
const MARKED = /"\\u0000bigint:(-?\d+)"/g;

/**
 * A JSON reply that may carry bigints (64-bit column bounds) as exact JSON integers, as Appwrite
 * sends them; the SDKs parse responses with json-bigint and keep them exact.
 */
export function jsonReply(status: number, body: unknown): Reply {
  const text = JSON.stringify(body, (_key, value: unknown) => (typeof value === 'bigint' ? `${BIGINT_MARK}${value.toString()}` : value));
  return { status, text: text.replace(MARKED, '$1'), headers: { 'Content-Type': 'application/json' } };
}
