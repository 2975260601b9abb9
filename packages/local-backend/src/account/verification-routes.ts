import type { UserRecord } from '../auth/accounts.ts';
import { AccountTokens, tokenModel, VERIFICATION_TTL_SECONDS, type TokenRecord } from '../auth/verification-tokens.ts';
import { json, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import { redirectTargets } from '../platforms/redirect-targets.ts';
import type { Services } from '../services.ts';
import { mailLink, readMailLinkUrl } from './mail-links.ts';
import { signedIn } from './signed-in.ts';

/**
 * E-mail verification: `POST` mails a one-time link (to the development outbox) built from the
 * app's `url` plus `userId`, `secret` and `expire`; `PUT` with that pair marks the address verified,
 * if it is still the address the link was mailed to (see AccountTokens).
 */
export function registerVerificationRoutes(router: Router, services: Services): void {
  const tokens = new AccountTokens(services.store);
  const { outbox } = services;

  // `/account/verification` (POST and PUT) is the older path Appwrite 1.9 still serves.
  const create = (ctx: RequestContext) => {
    const { user } = signedIn(ctx.caller);
    const url = readMailLinkUrl(ctx.params, 'url', redirectTargets(services.platforms, ctx.origin));
    if (!user.email) throw errors.userEmailNotFound();
    if (user.emailVerification) throw errors.emailAlreadyVerified();
    const { token, secret } = tokens.create(user.id, 'verification', user.email, VERIFICATION_TTL_SECONDS);
    const link = mailLink(url, token, secret);
    outbox.send({
      to: user.email,
      subject: `Account Verification for ${services.projectName}`,
      text: verificationText(user, link, services.projectName),
      links: [link],
    });
    // Like Appwrite, the event carries the secret (functions may send their own mail); the reply does not.
    publishVerificationEvent(services, token, 'create', secret);
    return json(201, tokenModel(token, ''));
  };
  router.post('/v1/account/verifications/email', create);
  router.post('/v1/account/verification', create);

  // Public on Appwrite too: the link may be opened in a browser where the user is not signed in.
  const confirm = (ctx: RequestContext) => {
    const userId = ctx.params.string('userId', { max: 36 });
    const secret = ctx.params.string('secret', { max: 256 });
    const user = services.accounts.findUser(userId);
    if (!user) throw errors.userNotFound();
    const token = tokens.consume(user.id, 'verification', secret, user.email);
    if (!token) throw errors.invalidToken();
    services.accounts.updateUser(user.id, { emailVerification: true });
    publishVerificationEvent(services, token, 'update', '');
    return json(200, tokenModel(token, ''));
  };
  router.put('/v1/account/verifications/email', confirm);
  router.put('/v1/account/verification', confirm);
}

function verificationText(user: UserRecord, link: string, project: string): string {
  return [
    `Verify your email to activate your ${project} account.`,
    '',
    `Hello ${user.name || user.email},`,
    '',
    `Follow this link to verify your email address to your ${project} account.`,
    '',
    link,
    '',
    "If you didn't ask to verify this address, you can ignore this message.",
    '',
    'Thanks,',
    `${project} team`,
  ].join('\n');
}

function publishVerificationEvent(services: Services, token: TokenRecord, action: 'create' | 'update', secret: string): void {
  services.bus.publish({
    resource: 'verification',
    action,
    name: `users.${token.userId}.verification.${token.id}.${action}`,
    ids: { userId: token.userId, tokenId: token.id },
    payload: tokenModel(token, secret),
    readRoles: [`user:${token.userId}`],
  });
}
