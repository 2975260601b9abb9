import { randomInt } from 'node:crypto';
import type { UserRecord } from '../auth/accounts.ts';
import { LoginTokens, type LoginToken } from '../auth/login-tokens.ts';
import { recordAudit } from '../auth/session-cookies.ts';
import { publishUserEvent } from '../auth/user-events.ts';
import { detectAgent } from '../auth/user-agent.ts';
import { json, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { readCustomId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { formatDate } from '../models/time.ts';
import { redirectTargets } from '../platforms/redirect-targets.ts';
import type { Services } from '../services.ts';
import { randomSecret } from '../store/store.ts';
import { readMailLinkUrl } from './mail-links.ts';

/** Appwrite's TOKEN_EXPIRATION_OTP and TOKEN_EXPIRATION_CONFIRM. */
const OTP_LIFETIME_SECONDS = 15 * 60;
const MAGIC_URL_LIFETIME_SECONDS = 60 * 60;

/**
 * Passwordless sign-in by mail, as Appwrite does it: `POST /account/tokens/email` mails a six-digit
 * code, `POST /account/tokens/magic-url` (and its older path `POST /account/sessions/magic-url`) a
 * link; either is traded for a session through `POST /account/sessions/token` (the oauth module's
 * token exchange, which also serves `PUT /account/sessions/magic-url`). An address with no account
 * gets one under the given `userId`; an existing account keeps its id. The secret is answered only
 * to an API key; `phrase: true` adds a security phrase to the mail and the answer.
 */
export function registerTokenRoutes(router: Router, services: Services): void {
  const tokens = new LoginTokens(services.store);

  router.post('/v1/account/tokens/email', (ctx) => {
    const { user, phrase } = readTokenRequest(ctx, services);
    const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
    const { token } = tokens.mint({ userId: user.id, type: 'email', lifetimeSeconds: OTP_LIFETIME_SECONDS, secret: code });
    const project = services.projectName;
    services.outbox.send({
      to: user.email,
      subject: `OTP for ${project} Login`,
      text: [
        `Use OTP ${code} to sign in to ${project}. Expires in 15 minutes.`,
        '',
        `Hello ${user.name || user.email},`,
        '',
        `Enter the following verification code when prompted to securely sign in to your ${project} account. This code will expire in 15 minutes.`,
        '',
        code,
        '',
        ...clientInfo(ctx, 'sign in'),
        ...securityPhrase(phrase),
        'Thanks,',
        `${project} team`,
      ].join('\n'),
      links: [],
    });
    recordAudit(ctx, services, user, 'session.create');
    return json(201, tokenModel(token, ctx.caller.kind === 'key' ? code : '', phrase));
  });

  const magicUrl = (ctx: RequestContext) => {
    const { user, phrase } = readTokenRequest(ctx, services);
    const url =
      ctx.params.has('url') && ctx.params.raw('url') !== '' ? readMailLinkUrl(ctx.params, 'url', redirectTargets(services.platforms, ctx.origin)) : undefined;
    // 64 characters, Appwrite's TOKEN_LENGTH_MAGIC_URL.
    const secret = randomSecret(32);
    const { token } = tokens.mint({ userId: user.id, type: 'magic-url', lifetimeSeconds: MAGIC_URL_LIFETIME_SECONDS, secret });
    // Without a url Appwrite links to its console's magic-URL page; here, to this server's.
    const link = new URL(url ?? `${ctx.origin}/console/auth/magic-url`);
    link.searchParams.set('userId', user.id);
    link.searchParams.set('secret', secret);
    link.searchParams.set('expire', formatDate(token.expire));
    link.searchParams.set('project', services.projectId);
    const project = services.projectName;
    services.outbox.send({
      to: user.email,
      subject: `${project} Login`,
      text: [
        `Sign in to ${project} with your secure link. Expires in 1 hour.`,
        '',
        `Hello ${user.name || user.email},`,
        '',
        `Click the button below to securely sign in to your ${project} account. This link will expire in 1 hour.`,
        '',
        link.toString(),
        '',
        ...clientInfo(ctx, 'sign in'),
        ...securityPhrase(phrase),
        'Thanks,',
        `${project} team`,
      ].join('\n'),
      links: [link.toString()],
    });
    recordAudit(ctx, services, user, 'session.create');
    return json(201, tokenModel(token, ctx.caller.kind === 'key' ? secret : '', phrase));
  };
  router.post('/v1/account/tokens/magic-url', magicUrl);
  router.post('/v1/account/sessions/magic-url', magicUrl);
}

/** `userId`, `email` and `phrase`, then the account of that address, created (without a password) when there is none. */
function readTokenRequest(ctx: RequestContext, services: Services): { user: UserRecord; phrase: string } {
  const userId = readCustomId(ctx.params, 'userId');
  const email = ctx.params.email('email');
  const phrase = ctx.params.boolean('phrase', false) ? securityPhraseText() : '';
  const existing = services.accounts.findUserByEmail(email);
  if (existing) {
    if (!existing.status) throw errors.userBlocked();
    return { user: existing, phrase };
  }
  const { authSettings, accounts } = services;
  if (authSettings.limit > 0 && accounts.countUsers() >= authSettings.limit) throw errors.userCountExceeded();
  if (accounts.findUser(userId)) throw errors.userAlreadyExists();
  const user = accounts.createUser({ id: userId, email });
  recordAudit(ctx, services, user, 'user.create');
  publishUserEvent(services, user, 'create');
  return { user, phrase };
}

function tokenModel(token: LoginToken, secret: string, phrase: string): Record<string, unknown> {
  return { $id: token.id, $createdAt: formatDate(token.createdAt), userId: token.userId, secret, expire: formatDate(token.expire), phrase };
}

/** The line of Appwrite's mail that says which browser asked. */
function clientInfo(ctx: RequestContext, action: string): string[] {
  const agent = detectAgent(String(ctx.headers['user-agent'] ?? ''));
  const client = agent.clientName || 'UNKNOWN';
  const device = agent.deviceBrand || 'UNKNOWN';
  const os = agent.osName || 'UNKNOWN';
  return [`This ${action} was requested using ${client} on ${device} ${os}. If you didn't request the ${action}, you can safely ignore this email.`, ''];
}

function securityPhrase(phrase: string): string[] {
  return phrase ? [`Security phrase for this email is ${phrase}. You can trust this email if this phrase matches the phrase shown during sign in.`, ''] : [];
}

const ADJECTIVES = [
  'Brave',
  'Calm',
  'Clever',
  'Curious',
  'Friendly',
  'Gentle',
  'Happy',
  'Honest',
  'Kind',
  'Lively',
  'Loyal',
  'Patient',
  'Playful',
  'Radiant',
  'Serene',
  'Witty',
];
const NOUNS = [
  'apple',
  'cat',
  'cloud',
  'dolphin',
  'eagle',
  'guitar',
  'island',
  'kite',
  'lighthouse',
  'moon',
  'ocean',
  'owl',
  'piano',
  'rainbow',
  'turtle',
  'zebra',
];

/** Appwrite's security phrase: an adjective and a noun the person compares with what the app shows. */
function securityPhraseText(): string {
  return `${ADJECTIVES[randomInt(ADJECTIVES.length)]} ${NOUNS[randomInt(NOUNS.length)]}`;
}
