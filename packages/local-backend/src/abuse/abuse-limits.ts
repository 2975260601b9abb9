import type { Caller } from '../auth/identity.ts';
import type { Reply, RequestContext } from '../http/context.ts';
import { AppwriteError } from '../http/errors.ts';
import { ruleFor, type AbuseRule } from './abuse-rules.ts';
import { FixedWindowCounter } from './fixed-window-counter.ts';

/** Appwrite's answer to a request over its route's limit (app/config/errors.php). */
export function rateLimitExceeded(): AppwriteError {
  return new AppwriteError(429, 'general_rate_limit_exceeded', 'Rate limit for the current endpoint has been exceeded. Please try again after some time.');
}

export interface AbuseLimitsOptions {
  /** Off is Appwrite's `_APP_OPTIONS_ABUSE=disabled`: nothing is counted or refused; the headers stay. */
  enabled: boolean;
}

/**
 * Appwrite's abuse limits in front of the route handlers: each request of a limited route counts
 * against its keys in the current window, a request over the limit is refused with 429
 * `general_rate_limit_exceeded` before its handler runs, and every answer of a limited route carries
 * `X-RateLimit-Limit`, `X-RateLimit-Remaining` and `X-RateLimit-Reset` of its closest key.
 */
export class AbuseLimits {
  private readonly enabled: boolean;
  private readonly counter: FixedWindowCounter;

  constructor(options: AbuseLimitsOptions) {
    this.enabled = options.enabled;
    this.counter = new FixedWindowCounter();
  }

  /** Runs the route's handler if the request is within its limits. */
  async guard(ctx: RequestContext, handler: () => Reply | Promise<Reply>): Promise<Reply> {
    const rule = ruleFor(ctx.method, ctx.path);
    if (!rule) return handler();
    const keys = rule.keys.map((template) => fillKey(template, rule, ctx));
    this.admit(rule, keys, ctx);
    const reply = await handler();
    if (this.enabled && rule.resetOn?.includes('raw' in reply ? ctx.res.statusCode : reply.status)) {
      for (const key of keys) this.counter.reset(key, rule.period);
    }
    return reply;
  }

  private admit(rule: AbuseRule, keys: readonly string[], ctx: RequestContext): void {
    const counted = this.enabled && !isExempt(ctx.caller);
    let closest: number | undefined;
    for (const key of keys) {
      const used = this.counter.count(key, rule.period);
      // What is left after this request, as Appwrite reports it.
      const remaining = Math.max(0, rule.limit - (used + 1));
      if (closest === undefined || remaining < closest) {
        closest = remaining;
        // On the response itself, so that answers a handler writes on its own (redirects) carry them too.
        ctx.res.setHeader('X-RateLimit-Limit', String(rule.limit));
        ctx.res.setHeader('X-RateLimit-Remaining', String(remaining));
        ctx.res.setHeader('X-RateLimit-Reset', String(this.counter.windowStart(rule.period) + rule.period));
      }
      if (!counted) continue;
      if (used >= rule.limit) throw rateLimitExceeded();
      this.counter.hit(key, rule.period);
    }
  }
}

/**
 * API keys (the project's and the per-execution keys functions get) are never limited, as on Appwrite,
 * which also exempts its console's owners and developers (there are none here).
 */
function isExempt(caller: Caller): boolean {
  return caller.kind === 'key';
}

/**
 * A key template with the request's values in. Deliberately stricter than Appwrite in two places, so
 * that no one gets more tries by rewriting a request: `{url}` is the route alone (Appwrite prefixes
 * the Host header, which any client can vary), and an e-mail parameter counts trimmed and lower-cased,
 * as sign-in reads it (Appwrite counts each spelling of an address apart).
 */
function fillKey(template: string, rule: AbuseRule, ctx: RequestContext): string {
  const known: Readonly<Record<string, string>> = {
    // The socket's peer, never X-Forwarded-For: a client could otherwise name a new address per try.
    '{ip}': ctx.peerAddress,
    '{url}': rule.countsAs ?? rule.route,
    '{method}': ctx.method,
    '{userId}': ctx.caller.kind === 'user' ? ctx.caller.user.id : '',
    '{chunkId}': String(chunkIndex(ctx.headers['content-range'])),
  };
  return template.replace(/\{[^{}]+\}/g, (placeholder) => {
    const value = known[placeholder];
    if (value !== undefined) return value;
    if (!placeholder.startsWith('{param-')) return placeholder;
    const name = placeholder.slice('{param-'.length, -1);
    return paramText(name, ctx.body[name] ?? ctx.query[name]) ?? placeholder;
  });
}

/** A parameter as a key part; undefined when the request has no value for it (Appwrite's `empty()`). */
function paramText(name: string, value: unknown): string | undefined {
  if (value === undefined || value === null || value === '' || value === false || value === 0 || value === '0') return undefined;
  if (Array.isArray(value) && value.length === 0) return undefined;
  if (typeof value === 'string') return name === 'email' ? value.trim().toLowerCase() : value;
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/** Which chunk of an upload a `Content-Range: bytes start-end/size` names; 0 for a whole file. */
function chunkIndex(contentRange: string | undefined): number {
  const range = /^bytes (\d+)-(\d+)\/(?:\d+|\*)$/.exec(contentRange?.trim() ?? '');
  if (!range) return 0;
  const start = Number(range[1]);
  const size = Number(range[2]) + 1 - start;
  return size > 0 ? Math.floor(start / size) : 0;
}
