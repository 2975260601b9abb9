import type { RequestContext } from './context.ts';
import { errors } from './errors.ts';

/** One chunk of a chunked upload (files, function deployments): bytes `start`–`end` of `total`. */
export interface ContentRange {
  start: number;
  end: number;
  total: number;
}

/**
 * `Content-Range: bytes start-end/total`, refused as Appwrite refuses it: malformed, or ending past the
 * total. The callers then check the chunk against the 5 MiB grid, after the upload id.
 */
export function parseContentRange(value: string): ContentRange {
  const match = /^bytes (\d+)-(\d+)\/(\d+)$/.exec(value.trim());
  if (!match) throw errors.storageInvalidContentRange();
  const [start, end, total] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (end > total) throw errors.storageInvalidContentRange();
  return { start, end, total };
}

/** A request header's first value, or undefined when absent or empty. */
export function header(ctx: RequestContext, name: string): string | undefined {
  const value = ctx.headers[name];
  return (Array.isArray(value) ? value[0] : value) || undefined;
}
