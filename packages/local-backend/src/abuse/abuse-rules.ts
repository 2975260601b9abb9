/**
 * Appwrite's abuse limits for the routes this server has, as Appwrite labels them (`abuse-limit`,
 * `abuse-time`, `abuse-key`, `abuse-reset` on each route of appwrite/appwrite
 * `app/controllers/api/account.php` and `src/Appwrite/Platform/Modules/{Databases,Storage,Teams}`).
 * A route that is not listed has no limit, as on Appwrite (its `abuse-limit` defaults to 0). Function
 * executions are not limited on Appwrite, so they are not here either.
 *
 * Key templates use Appwrite's placeholders: `{ip}` the client address, `{url}` the route, `{method}`,
 * `{userId}` the signed-in caller (empty for guests), `{chunkId}` the upload chunk, and `{param-x}` the
 * request parameter `x` (left as written when the request has no such value).
 */
export interface AbuseRule {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The route template, as the router registers it. */
  readonly route: string;
  /** Requests allowed per key and window. */
  readonly limit: number;
  /** Window length in seconds. */
  readonly period: number;
  /** Every key is counted separately; the request is refused when any of them is used up. */
  readonly keys: readonly string[];
  /** Answer statuses that start the keys' count over (a successful sign-in forgives the failed ones before it). */
  readonly resetOn?: readonly number[];
  /**
   * The route whose counters an older alias path shares (`{url}` is filled with it), so that
   * alternating between the two paths gives no extra tries.
   */
  readonly countsAs?: string;
}

const HOUR = 3600;
/** APP_LIMIT_WRITE_RATE_DEFAULT and APP_LIMIT_WRITE_RATE_PERIOD_DEFAULT (app/init/constants.php). */
const WRITE_RATE = 60;
const WRITE_RATE_PERIOD = 60;

/** Appwrite's default key when a route names none. */
const BY_ROUTE_AND_IP = 'url:{url},ip:{ip}';
const WRITE_KEY = 'ip:{ip},method:{method},url:{url},userId:{userId}';
const ROWS = '/v1/tablesdb/{databaseId}/tables/{tableId}/rows';
const FILES = '/v1/storage/buckets/{bucketId}/files';

export const ABUSE_RULES: readonly AbuseRule[] = [
  // Sign-up: ten accounts an hour from one address.
  { method: 'POST', route: '/v1/account', limit: 10, period: HOUR, keys: [BY_ROUTE_AND_IP] },
  // Password sign-in: ten tries an hour per e-mail address, whoever tries (also on the older path).
  { method: 'POST', route: '/v1/account/sessions/email', limit: 10, period: HOUR, keys: ['url:{url},email:{param-email}'], resetOn: [201] },
  {
    method: 'POST',
    route: '/v1/account/sessions',
    limit: 10,
    period: HOUR,
    keys: ['url:{url},email:{param-email}'],
    resetOn: [201],
    countsAs: '/v1/account/sessions/email',
  },
  // Token sign-in: ten tries an hour per client address and account (a six-digit code cannot be guessed in ten).
  { method: 'POST', route: '/v1/account/sessions/token', limit: 10, period: HOUR, keys: ['ip:{ip},userId:{param-userId}'], resetOn: [201] },
  {
    method: 'PUT',
    route: '/v1/account/sessions/magic-url',
    limit: 10,
    period: HOUR,
    keys: ['ip:{ip},userId:{param-userId}'],
    resetOn: [201],
    countsAs: '/v1/account/sessions/token',
  },
  { method: 'POST', route: '/v1/account/sessions/anonymous', limit: 50, period: HOUR, keys: ['ip:{ip}'] },
  { method: 'PATCH', route: '/v1/account/sessions/{sessionId}', limit: 10, period: HOUR, keys: [BY_ROUTE_AND_IP] },
  // Mailed codes and links: per address and per client address.
  { method: 'POST', route: '/v1/account/tokens/email', limit: 10, period: HOUR, keys: ['url:{url},email:{param-email}', BY_ROUTE_AND_IP] },
  { method: 'POST', route: '/v1/account/tokens/magic-url', limit: 60, period: HOUR, keys: ['url:{url},email:{param-email}', BY_ROUTE_AND_IP] },
  {
    method: 'POST',
    route: '/v1/account/sessions/magic-url',
    limit: 60,
    period: HOUR,
    keys: ['url:{url},email:{param-email}', BY_ROUTE_AND_IP],
    countsAs: '/v1/account/tokens/magic-url',
  },
  // MFA challenges: ten an hour per account, ten answers per challenge.
  { method: 'POST', route: '/v1/account/mfa/challenges', limit: 10, period: HOUR, keys: ['url:{url},userId:{userId}'] },
  { method: 'POST', route: '/v1/account/mfa/challenge', limit: 10, period: HOUR, keys: ['url:{url},userId:{userId}'], countsAs: '/v1/account/mfa/challenges' },
  { method: 'PUT', route: '/v1/account/mfa/challenges', limit: 10, period: HOUR, keys: ['url:{url},challengeId:{param-challengeId}'] },
  {
    method: 'PUT',
    route: '/v1/account/mfa/challenge',
    limit: 10,
    period: HOUR,
    keys: ['url:{url},challengeId:{param-challengeId}'],
    countsAs: '/v1/account/mfa/challenges',
  },
  { method: 'GET', route: '/v1/account/sessions/oauth2/{provider}', limit: 50, period: HOUR, keys: ['ip:{ip}'] },
  { method: 'GET', route: '/v1/account/tokens/oauth2/{provider}', limit: 50, period: HOUR, keys: ['ip:{ip}'] },
  { method: 'DELETE', route: '/v1/account/sessions', limit: 100, period: HOUR, keys: [BY_ROUTE_AND_IP] },
  { method: 'DELETE', route: '/v1/account/sessions/{sessionId}', limit: 100, period: HOUR, keys: [BY_ROUTE_AND_IP] },
  { method: 'POST', route: '/v1/account/jwts', limit: WRITE_RATE * 2, period: WRITE_RATE_PERIOD, keys: ['url:{url},userId:{userId}'] },
  {
    method: 'POST',
    route: '/v1/account/jwt',
    limit: WRITE_RATE * 2,
    period: WRITE_RATE_PERIOD,
    keys: ['url:{url},userId:{userId}'],
    countsAs: '/v1/account/jwts',
  },
  { method: 'PATCH', route: '/v1/account/password', limit: 10, period: HOUR, keys: [BY_ROUTE_AND_IP] },
  // Verification mails: ten an hour per account; confirming: ten tries an hour per account.
  { method: 'POST', route: '/v1/account/verifications/email', limit: 10, period: HOUR, keys: ['url:{url},userId:{userId}'] },
  { method: 'PUT', route: '/v1/account/verifications/email', limit: 10, period: HOUR, keys: ['url:{url},userId:{param-userId}'] },
  {
    method: 'POST',
    route: '/v1/account/verification',
    limit: 10,
    period: HOUR,
    keys: ['url:{url},userId:{userId}'],
    countsAs: '/v1/account/verifications/email',
  },
  {
    method: 'PUT',
    route: '/v1/account/verification',
    limit: 10,
    period: HOUR,
    keys: ['url:{url},userId:{param-userId}'],
    countsAs: '/v1/account/verifications/email',
  },
  // Reset mails: ten an hour per address and ten per client address; resetting: ten tries an hour per account.
  { method: 'POST', route: '/v1/account/recovery', limit: 10, period: HOUR, keys: ['url:{url},email:{param-email}', BY_ROUTE_AND_IP] },
  { method: 'PUT', route: '/v1/account/recovery', limit: 10, period: HOUR, keys: ['url:{url},userId:{param-userId}'] },
  // Team invitations: ten an hour from one address (Teams/Memberships/Create).
  { method: 'POST', route: '/v1/teams/{teamId}/memberships', limit: 10, period: HOUR, keys: [BY_ROUTE_AND_IP] },

  { method: 'POST', route: ROWS, limit: WRITE_RATE * 2, period: WRITE_RATE_PERIOD, keys: [WRITE_KEY] },
  { method: 'PUT', route: `${ROWS}/{rowId}`, limit: WRITE_RATE * 2, period: WRITE_RATE_PERIOD, keys: [WRITE_KEY] },
  { method: 'PATCH', route: `${ROWS}/{rowId}`, limit: WRITE_RATE * 2, period: WRITE_RATE_PERIOD, keys: [WRITE_KEY] },
  { method: 'DELETE', route: `${ROWS}/{rowId}`, limit: WRITE_RATE, period: WRITE_RATE_PERIOD, keys: [WRITE_KEY] },
  { method: 'PATCH', route: `${ROWS}/{rowId}/{column}/increment`, limit: WRITE_RATE * 2, period: WRITE_RATE_PERIOD, keys: [WRITE_KEY] },
  { method: 'PATCH', route: `${ROWS}/{rowId}/{column}/decrement`, limit: WRITE_RATE * 2, period: WRITE_RATE_PERIOD, keys: [WRITE_KEY] },

  // Uploads count per chunk, so a large chunked upload is not refused half-way.
  { method: 'POST', route: FILES, limit: WRITE_RATE, period: WRITE_RATE_PERIOD, keys: [`${WRITE_KEY},chunkId:{chunkId}`] },
  { method: 'DELETE', route: `${FILES}/{fileId}`, limit: WRITE_RATE, period: WRITE_RATE_PERIOD, keys: [WRITE_KEY] },
];

/**
 * The rule for a request path, matched like the router matches routes: `{name}` segments match any
 * segment, and of several matching templates the one with the most literal segments wins.
 */
export function ruleFor(method: string, path: string): AbuseRule | undefined {
  const segments = path.split('/').filter(Boolean);
  let best: { rule: AbuseRule; literals: number } | undefined;
  for (const rule of ABUSE_RULES) {
    if (rule.method !== method) continue;
    const template = rule.route.split('/').filter(Boolean);
    if (template.length !== segments.length) continue;
    let literals = 0;
    const matches = template.every((part, index) => {
      if (part.startsWith('{') && part.endsWith('}')) return true;
      literals += 1;
      return part === decodeSegment(segments[index] as string);
    });
    if (matches && (!best || literals > best.literals)) best = { rule, literals };
  }
  return best?.rule;
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
