import { isEmailAddress, NEWSLETTER_MESSAGES, TABLES, type NewsletterAnswer, type NewsletterColumns } from '@opportunity-kit/sdk/domain';
import { hasStatus } from '../platform/appwrite-errors.ts';
import { CommandError, invalidInput } from '../platform/command-error.ts';
import { portalOrigin } from '../platform/portal-url.ts';
import type { Command } from '../platform/router.ts';
import { decideTogether } from '../portal/atomic-writes.ts';
import { unsubscribeLinkMail } from '../portal/newsletter-mails.ts';
import {
  confirmationExpired,
  mailNewsletterAddress,
  newsletterRow,
  newsletterRowOf,
  newToken,
  oneMoreMail,
  readToken,
  sameHash,
  subscribeToTopic,
  unsubscribeFromTopic,
} from '../portal/newsletter-subscriptions.ts';
import { admitNewsletterRequest } from './subscribe-newsletter.ts';

/**
 * The newsletter's links (issue 24). Their tokens travel in request bodies, never in a path, because
 * Appwrite logs execution paths; no sign-in is needed, the token alone names the address.
 */

const refused = (message: string) => new CommandError('invalid-input', message);

/**
 * POST /newsletter/confirm — spends the confirmation link: the row is marked confirmed in a
 * compare-and-set (two clicks at the same instant confirm once; the other hears the link was used),
 * then the address joins the newsletter's topic. A link that was never mailed, or that a newer
 * sign-up replaced, answers the same refusal whether or not the address is on the list.
 */
export const confirmNewsletter: Command = async ({ body, api }) => {
  const token = readToken(body.text('token'));
  body.done();
  if (!token) throw refused(NEWSLETTER_MESSAGES.confirmationInvalid);
  const now = new Date();
  const row = await decideTogether(api, [{ tableId: TABLES.newsletter, rowId: token.rowId }], async () => {
    const current = await newsletterRow(api, token.rowId);
    if (!current || !sameHash(current.confirmationHash, token.hash)) throw refused(NEWSLETTER_MESSAGES.confirmationInvalid);
    if (current.confirmedAt) throw refused(NEWSLETTER_MESSAGES.confirmationUsed);
    if (confirmationExpired(current, now)) throw refused(NEWSLETTER_MESSAGES.confirmationExpired);
    // The hash stays, so a second click of the same link hears "already used" rather than "not valid".
    const data: Partial<NewsletterColumns> = { confirmedAt: now.toISOString() };
    return { writes: [{ action: 'update', tableId: TABLES.newsletter, rowId: token.rowId, data }], answer: current };
  });
  // After the commit: a crash here leaves a confirmed row outside the topic (no mail, never a mail to
  // the unconfirmed), which the next sign-up of the address mends.
  await subscribeToTopic(api, row);
  return { message: NEWSLETTER_MESSAGES.confirmed } satisfies NewsletterAnswer;
};

/**
 * POST /newsletter/unsubscribe — the one-click link of a personal mail: takes the address out of the
 * topic, then off the list. Only the token of the address's latest personal mail does it.
 */
export const unsubscribeNewsletter: Command = async ({ body, api }) => {
  const token = readToken(body.text('token'));
  body.done();
  const invalid = refused(NEWSLETTER_MESSAGES.unsubscribeInvalid);
  if (!token) throw invalid;
  const row = await newsletterRow(api, token.rowId);
  if (!row || !sameHash(row.unsubscribeHash, token.hash)) throw invalid;
  // Out of the topic first: a crash between the two leaves a row that no longer receives the weekly
  // mail and still answers its link, never a reader the list has forgotten.
  await unsubscribeFromTopic(api, row);
  await decideTogether(api, [{ tableId: TABLES.newsletter, rowId: token.rowId }], async () => {
    const current = await newsletterRow(api, token.rowId);
    if (!current || !sameHash(current.unsubscribeHash, token.hash)) throw invalid;
    return { writes: [{ action: 'delete', tableId: TABLES.newsletter, rowId: token.rowId }], answer: undefined };
  });
  return { message: NEWSLETTER_MESSAGES.unsubscribed } satisfies NewsletterAnswer;
};

/**
 * POST /newsletter/unsubscribe-link — where the weekly mail's way out leads: the reader enters their
 * address and is mailed a one-click link. The answer is the same for every address.
 */
export const requestNewsletterUnsubscribeLink: Command = async ({ body, api, clientIp }) => {
  admitNewsletterRequest(clientIp);
  const email = (body.text('email') ?? '').trim().toLowerCase();
  body.done();
  if (!isEmailAddress(email)) throw invalidInput({ email: 'Please enter a valid email address' });
  const found = await newsletterRowOf(api, email);
  if (found) {
    const now = new Date();
    const unsubscribe = await decideTogether(api, [{ tableId: TABLES.newsletter, rowId: found.$id }], async () => {
      const row = await newsletterRow(api, found.$id);
      const counted = row && oneMoreMail(row, now);
      if (!counted) return { writes: [], answer: undefined };
      const issued = newToken(found.$id);
      const data: Partial<NewsletterColumns> = { ...counted, unsubscribeHash: issued.hash };
      return { writes: [{ action: 'update', tableId: TABLES.newsletter, rowId: found.$id, data }], answer: issued };
    }).catch((thrown: unknown) => {
      // Unsubscribed meanwhile (the row is gone): there is nothing left to leave.
      if (hasStatus(thrown, 404)) return undefined;
      throw thrown;
    });
    if (unsubscribe) await mailNewsletterAddress(api, email, unsubscribeLinkMail(portalOrigin(), unsubscribe.token));
  }
  return { message: NEWSLETTER_MESSAGES.unsubscribeLinkSent } satisfies NewsletterAnswer;
};
