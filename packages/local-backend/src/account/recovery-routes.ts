import type { UserRecord } from '../auth/accounts.ts';
import { hashPassword } from '../auth/password-hashes.ts';
import { checkPasswordHistory, checkPersonalData } from '../auth/password-rules.ts';
import { readNewPassword } from '../auth/user-input.ts';
import { AccountTokens, RECOVERY_TTL_SECONDS, tokenModel, type TokenRecord } from '../auth/verification-tokens.ts';
import { json } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import { redirectTargets } from '../platforms/redirect-targets.ts';
import type { Services } from '../services.ts';
import { mailLink, readMailLinkUrl } from './mail-links.ts';

/**
 * Password recovery, as Appwrite's `account.createRecovery` and `account.updateRecovery` do it
 * (scope `sessions.write`: guests, members and API keys alike). `POST` mails the account of an
 * address a one-hour, one-time link to the app's `url` (a registered web platform) plus `userId`,
 * `secret` and `expire`; an unknown address is 404 `user_not_found` and a blocked account 403, as on
 * Appwrite (a page that must not tell which addresses have an account says the same for all). `PUT`
 * trades the secret for a new password under the rules of a password change, ends every session of
 * the account (the project's "invalidate sessions", always on here) and counts the address as
 * verified, since only its mailbox could have read the link.
 */
export function registerRecoveryRoutes(router: Router, services: Services): void {
  const tokens = new AccountTokens(services.store);
  const { accounts, outbox } = services;

  router.post('/v1/account/recovery', (ctx) => {
    const email = ctx.params.email('email');
    const url = readMailLinkUrl(ctx.params, 'url', redirectTargets(services.platforms, ctx.origin));
    const user = accounts.findUserByEmail(email);
    if (!user) throw errors.userNotFound();
    if (!user.status) throw errors.userBlocked();
    const { token, secret } = tokens.create(user.id, 'recovery', user.email, RECOVERY_TTL_SECONDS);
    const link = mailLink(url, token, secret);
    outbox.send({
      to: user.email,
      subject: `Password Reset for ${services.projectName}`,
      text: recoveryText(user, link, services.projectName),
      links: [link],
    });
    // Like Appwrite, the event carries the secret (functions may send their own mail), and so does
    // the answer to an API key, which may read token secrets; a browser's answer does not.
    publishRecoveryEvent(services, token, 'create', secret);
    return json(201, tokenModel(token, ctx.caller.kind === 'key' ? secret : ''));
  });

  // Every parameter is checked before the secret is looked at, so a refused password leaves the link usable.
  router.put('/v1/account/recovery', async (ctx) => {
    const userId = ctx.params.string('userId', { max: 36 });
    const secret = ctx.params.string('secret', { max: 256 });
    const password = readNewPassword(ctx.params, 'password', services.authSettings);
    const user = accounts.findUser(userId);
    if (!user) throw errors.userNotFound();
    // The project's password rules run before the link is used up, so a refused password leaves it usable.
    await checkPasswordHistory(password, user, services.authSettings);
    checkPersonalData(password, user, services.authSettings);
    const hashed = await hashPassword(password);
    const token = tokens.consume(user.id, 'recovery', secret, user.email);
    if (!token) throw errors.invalidToken();
    accounts.updateUser(user.id, { password: hashed, keepHistory: services.authSettings.passwordHistory, emailVerification: true });
    // With the project's session invalidation on (Appwrite's default), as Appwrite does it: the
    // sessions go without an event of their own.
    if (services.authSettings.invalidateSessions) accounts.deleteSessions(user.id);
    publishRecoveryEvent(services, token, 'update', '');
    return json(200, tokenModel(token, ''));
  });
}

/** Appwrite's recovery mail (`emails.recovery.*` of its English locale), as plain text. */
function recoveryText(user: UserRecord, link: string, project: string): string {
  return [
    `Reset your ${project} password using the link.`,
    '',
    `Hello ${user.name || user.email},`,
    '',
    `Follow this link to reset your ${project} password.`,
    '',
    link,
    '',
    "If you didn't ask to reset your password, you can ignore this message.",
    '',
    'Thanks,',
    `${project} team`,
  ].join('\n');
}

function publishRecoveryEvent(services: Services, token: TokenRecord, action: 'create' | 'update', secret: string): void {
  services.bus.publish({
    resource: 'recovery',
    action,
    name: `users.${token.userId}.recovery.${token.id}.${action}`,
    ids: { userId: token.userId, tokenId: token.id },
    payload: tokenModel(token, secret),
    readRoles: [`user:${token.userId}`],
  });
}
