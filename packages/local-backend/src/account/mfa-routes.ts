import { randomInt } from 'node:crypto';
import { sessionModel, userModel } from '../auth/accounts.ts';
import { generateRecoveryCodes, provisioningUri, totpMatches } from '../auth/authenticators.ts';
import { recordAudit } from '../auth/session-cookies.ts';
import { publishUserEvent } from '../auth/user-events.ts';
import { json, noContent, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { uniqueId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { formatDate } from '../models/time.ts';
import type { Services } from '../services.ts';
import { signedIn, type SignedInCaller } from './signed-in.ts';

/** Appwrite's MFA_RECENT_DURATION: a challenge passed this recently lets the user change their factors. */
const RECENT_CHALLENGE_MS = 1800 * 1000;
/** Appwrite's TOKEN_EXPIRATION_CONFIRM for a challenge. */
const CHALLENGE_LIFETIME_MS = 3600 * 1000;
const FACTORS = ['totp', 'email', 'phone', 'recoveryCode'] as const;

interface Challenge {
  id: string;
  userId: string;
  /** As the client wrote it; only the exact names of FACTORS complete. */
  factor: string;
  /** The code mailed for an e-mail challenge; TOTP and recovery codes are checked against the user's. */
  code: string;
  expire: number;
}

/**
 * Multi-factor authentication (Appwrite 1.9's Account MFA): a TOTP authenticator, recovery codes,
 * e-mail codes, challenges that add a factor to the session, and `PATCH /account/mfa`. Once MFA is
 * on, a one-factor session reaches only these routes until a challenge completes it (Identity
 * enforces that). Phone challenges need an SMS provider, which the local backend has not.
 */
export function registerMfaRoutes(router: Router, services: Services): void {
  const { accounts } = services;
  const { authenticators } = accounts;
  // Challenges live for an hour and only in this process, like a short-lived cache entry.
  const challenges = new Map<string, Challenge>();

  router.patch('/v1/account/mfa', (ctx) => {
    const caller = signedIn(ctx.caller);
    const mfa = ctx.params.boolean('mfa', false);
    if (!ctx.params.has('mfa')) throw errors.argumentInvalid('Param "mfa" is not optional.');
    const updated = accounts.updateUser(caller.user.id, { mfa });
    if (mfa && caller.session) {
      // The factors this session's owner already has count for this session, as on Appwrite.
      const factors = new Set(caller.session.factors);
      if (authenticators.find(updated.id)?.verified) factors.add('totp');
      if (updated.email && updated.emailVerification) factors.add('email');
      if (updated.phone && updated.phoneVerification) factors.add('phone');
      accounts.updateSession(caller.session.id, { factors: [...factors] });
    }
    recordAudit(ctx, services, updated, 'user.update');
    publishUserEvent(services, updated, 'update.mfa');
    return json(200, userModel(updated));
  });

  router.get('/v1/account/mfa/factors', (ctx) => {
    const { user } = signedIn(ctx.caller);
    return json(200, {
      totp: authenticators.find(user.id)?.verified === true,
      phone: Boolean(user.phone) && user.phoneVerification,
      email: Boolean(user.email) && user.emailVerification,
      recoveryCode: authenticators.recoveryCodes(user.id).length > 0,
    });
  });

  router.post('/v1/account/mfa/authenticators/{type}', (ctx) => {
    const { user } = signedIn(ctx.caller);
    readType(ctx);
    if (authenticators.find(user.id)?.verified) throw errors.authenticatorAlreadyVerified();
    const { secret } = authenticators.create(user.id);
    return json(200, { secret, uri: provisioningUri(secret, user.email, services.projectName) });
  });

  router.put('/v1/account/mfa/authenticators/{type}', (ctx) => {
    const caller = signedIn(ctx.caller);
    readType(ctx);
    const otp = ctx.params.string('otp', { max: 256 });
    const authenticator = authenticators.find(caller.user.id);
    if (!authenticator) throw errors.authenticatorNotFound();
    if (authenticator.verified) throw errors.authenticatorAlreadyVerified();
    if (!totpMatches(authenticator.secret, otp)) throw errors.invalidToken();
    authenticators.markVerified(caller.user.id);
    if (caller.session) accounts.updateSession(caller.session.id, { factors: [...new Set([...caller.session.factors, 'totp'])] });
    return json(200, userModel(caller.user));
  });

  router.delete('/v1/account/mfa/authenticators/{type}', (ctx) => {
    const caller = signedIn(ctx.caller);
    readType(ctx);
    requireRecentChallenge(caller);
    if (!authenticators.find(caller.user.id)) throw errors.authenticatorNotFound();
    authenticators.delete(caller.user.id);
    return noContent;
  });

  router.post('/v1/account/mfa/recovery-codes', (ctx) => {
    const { user } = signedIn(ctx.caller);
    if (authenticators.recoveryCodes(user.id).length > 0) throw errors.recoveryCodesAlreadyExist();
    const recoveryCodes = generateRecoveryCodes();
    authenticators.setRecoveryCodes(user.id, recoveryCodes);
    return json(201, { recoveryCodes });
  });

  router.get('/v1/account/mfa/recovery-codes', (ctx) => {
    const caller = signedIn(ctx.caller);
    requireRecentChallenge(caller);
    const recoveryCodes = authenticators.recoveryCodes(caller.user.id);
    if (recoveryCodes.length === 0) throw errors.recoveryCodesNotFound();
    return json(200, { recoveryCodes });
  });

  router.patch('/v1/account/mfa/recovery-codes', (ctx) => {
    const caller = signedIn(ctx.caller);
    requireRecentChallenge(caller);
    if (authenticators.recoveryCodes(caller.user.id).length === 0) throw errors.recoveryCodesNotFound();
    const recoveryCodes = generateRecoveryCodes();
    authenticators.setRecoveryCodes(caller.user.id, recoveryCodes);
    return json(200, { recoveryCodes });
  });

  // `/account/mfa/challenge` is the older path Appwrite 1.9 still serves.
  const createChallenge = (ctx: RequestContext) => {
    const { user } = signedIn(ctx.caller);
    const factor = ctx.params.string('factor');
    // Appwrite's WhiteList is case-insensitive, but a challenge completes only under the exact name.
    if (!FACTORS.some((known) => known.toLowerCase() === factor.toLowerCase())) {
      throw errors.argumentInvalid(`Invalid \`factor\` param: Value must be one of (${FACTORS.join(', ')})`);
    }
    if (factor === 'phone') throw errors.phoneDisabled();
    const now = Date.now();
    for (const [id, pending] of challenges) if (pending.expire <= now) challenges.delete(id);
    const challenge: Challenge = { id: uniqueId(), userId: user.id, factor, code: '', expire: now + CHALLENGE_LIFETIME_MS };
    if (factor === 'email') {
      if (!user.email) throw errors.userEmailNotFound();
      if (!user.emailVerification) throw errors.badRequest('User email is not verified');
      challenge.code = String(randomInt(0, 1_000_000)).padStart(6, '0');
      services.outbox.send({
        to: user.email,
        subject: `Verification Code for ${services.projectName}`,
        text: `Use code ${challenge.code} for two-step verification in ${services.projectName}. Expires in 15 minutes.`,
        links: [],
      });
    }
    challenges.set(challenge.id, challenge);
    recordAudit(ctx, services, user, 'challenge.create');
    return json(201, { $id: challenge.id, $createdAt: formatDate(now), userId: user.id, expire: formatDate(challenge.expire) });
  };
  router.post('/v1/account/mfa/challenges', createChallenge);
  router.post('/v1/account/mfa/challenge', createChallenge);

  // A passed challenge adds its factor to the session and stamps `mfaUpdatedAt`; the answer is the Session model.
  const completeChallenge = (ctx: RequestContext) => {
    const caller = signedIn(ctx.caller);
    const challengeId = ctx.params.string('challengeId', { max: 256 });
    const otp = ctx.params.string('otp', { max: 256 });
    const challenge = challenges.get(challengeId);
    if (!challenge || challenge.userId !== caller.user.id || challenge.expire <= Date.now()) throw errors.invalidToken();
    if (!passes(challenge, otp)) throw errors.invalidToken();
    challenges.delete(challengeId);
    if (!caller.session) return json(200, {});
    const session = accounts.updateSession(caller.session.id, {
      factors: [...new Set([...caller.session.factors, challenge.factor])],
      mfaUpdatedAt: Date.now(),
    });
    return json(200, sessionAnswer(session.id, services));
  };
  router.put('/v1/account/mfa/challenges', completeChallenge);
  router.put('/v1/account/mfa/challenge', completeChallenge);

  function passes(challenge: Challenge, otp: string): boolean {
    switch (challenge.factor) {
      case 'totp': {
        const authenticator = authenticators.find(challenge.userId);
        return authenticator !== undefined && totpMatches(authenticator.secret, otp);
      }
      case 'email':
        return challenge.code !== '' && challenge.code === otp;
      case 'recoveryCode':
        return authenticators.consumeRecoveryCode(challenge.userId, otp);
      default:
        return false;
    }
  }
}

function readType(ctx: RequestContext): void {
  if (ctx.pathParams.type !== 'totp') throw errors.argumentInvalid('Invalid `type` param: Value must be one of (totp)');
}

/** Appwrite's `mfaProtected` routes: changing factors needs a challenge passed in the last 30 minutes. */
function requireRecentChallenge(caller: SignedInCaller): void {
  const updated = caller.session?.mfaUpdatedAt ?? 0;
  if (!updated || updated + RECENT_CHALLENGE_MS < Date.now()) throw errors.challengeRequired();
}

function sessionAnswer(sessionId: string, services: Services): Record<string, unknown> {
  const session = services.accounts.findSession(sessionId);
  if (!session) throw errors.sessionNotFound();
  return sessionModel(session, { current: true, secret: '' });
}
