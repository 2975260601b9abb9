import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '../auth/identity.ts';
import type { ParamReader, Params } from './params.ts';

export interface CookieOptions {
  expires: Date;
  sameSite?: 'None' | 'Lax' | 'Strict';
  httpOnly?: boolean;
  secure?: boolean;
  domain?: string;
}

/** One request as handlers see it: decoded params, the caller, and a place to add response headers. */
export interface RequestContext {
  readonly req: IncomingMessage;
  readonly res: ServerResponse;
  readonly method: string;
  readonly path: string;
  readonly pathParams: Readonly<Record<string, string>>;
  readonly query: Params;
  /** The decoded JSON body; empty for multipart and body-less requests. */
  readonly body: Params;
  /** Query and body params together (body wins), read with Appwrite's validation errors. */
  readonly params: ParamReader;
  readonly headers: IncomingHttpHeaders;
  readonly cookies: Readonly<Record<string, string>>;
  readonly caller: Caller;
  /** `X-Appwrite-Response-Format` (web 27 sends 2.0.0, node 27 sends 1.9.5). */
  readonly responseFormat: string;
  /** The request's own origin, e.g. `http://127.0.0.1:4000`, for building absolute URLs. */
  readonly origin: string;
  readonly secure: boolean;
  readonly hostname: string;
  /**
   * The client's address as Appwrite reads it: the first address of `X-Forwarded-For` when it holds a
   * valid one (Appwrite trusts that header by default), else the socket's peer. Sessions, logs and
   * function executions see this one.
   */
  readonly clientIp: string;
  /** The socket's peer address, which no request header can change (the abuse limits count by it). */
  readonly peerAddress: string;
  setHeader(name: string, value: string): void;
  setCookie(name: string, value: string, options: CookieOptions): void;
}

/** What a handler answers. `raw` means the handler wrote the response itself (streams, redirects). */
export type Reply =
  | { status: number; json: unknown; headers?: Record<string, string> }
  | { status: number; text: string; headers?: Record<string, string> }
  | { status: 204 }
  | { raw: true };

export const noContent: Reply = { status: 204 };
export const handled: Reply = { raw: true };

export function json(status: number, body: unknown, headers?: Record<string, string>): Reply {
  return headers ? { status, json: body, headers } : { status, json: body };
}

export type Handler = (ctx: RequestContext) => Reply | Promise<Reply>;

/** Compares response formats like Appwrite's version filters (`1.9.5` < `2.0.0`). */
export function formatAtLeast(format: string, version: string): boolean {
  const a = format.split('.').map(Number);
  const b = version.split('.').map(Number);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const diff = (a[i] ?? 0) - (b[i] ?? 0);
    if (diff !== 0) return diff > 0;
  }
  return true;
}
