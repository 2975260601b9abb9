import { errors } from '../../http/errors.ts';
import type { Header } from './execution-store.ts';

/** Headers an execution keeps after it ran (Appwrite's FUNCTION_ALLOWLIST_HEADERS_*). */
const STORED_REQUEST_HEADERS = new Set(['content-type', 'agent', 'content-length', 'host', 'x-appwrite-client-ip']);
const STORED_RESPONSE_HEADERS = new Set(['content-type', 'content-length']);

const MAX_KEYS = 100;
const MAX_SIZE = 16_384;
const HEADER_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?$/;

/**
 * The `headers` param of an execution: alphanumerics and hyphens, at most 100 keys and 16 KiB, and
 * none starting with `x-appwrite-`, so a caller can never pose as another user to the function.
 * (Appwrite compares that prefix case-sensitively; here any casing is refused, because the runtime
 * lower-cases names and the injected headers must win.)
 */
export function readUserHeaders(input: Record<string, unknown> | undefined): Record<string, string> {
  const headers: Record<string, string> = {};
  if (!input) return headers;
  const entries = Object.entries(input);
  let size = 0;
  const valid =
    entries.length <= MAX_KEYS &&
    entries.every(([name, value]) => {
      size += name.length + String(value).length;
      return size < MAX_SIZE && HEADER_NAME.test(name) && !name.toLowerCase().startsWith('x-appwrite-');
    });
  if (!valid) {
    throw errors.argumentInvalid(
      `Invalid headers: Alphanumeric characters or hyphens only, cannot start with "x-appwrite", maximum ${MAX_KEYS} keys, and total size ${MAX_SIZE}.`,
    );
  }
  for (const [name, value] of entries) headers[name.toLowerCase()] = String(value);
  return headers;
}

export function toHeaderList(headers: Record<string, string>, keep?: Set<string>): Header[] {
  return Object.entries(headers)
    .filter(([name]) => !keep || keep.has(name.toLowerCase()))
    .map(([name, value]) => ({ name, value }));
}

export const storedRequestHeaders = (headers: Record<string, string>): Header[] => toHeaderList(headers, STORED_REQUEST_HEADERS);
export const storedResponseHeaders = (headers: Record<string, string>): Header[] => toHeaderList(headers, STORED_RESPONSE_HEADERS);
