import { isEmailAddress, NEWSLETTER_MESSAGES, TABLES, type NewsletterAnswer, type NewsletterColumns } from '@opportunity-kit/sdk/domain';
import { hasStatus } from '../platform/appwrite-errors.ts';
import { CommandError, invalidInput } from '../platform/command-error.ts';
import { portalOrigin } from '../platform/portal-url.ts';
import type { Command } from '../platform/router.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { decideTogether } from '../portal/atomic-writes.ts';
import { alreadySubscribedMail, confirmationMail, type NewsletterMail } from '../portal/newsletter-mails.ts';
import { ensureNewsletterRow, mailNewsletterAddress, newsletterRow, newToken, oneMoreMail, subscribeToTopic } from '../portal/newsletter-subscriptions.ts';

/** Requests (sign-ups and unsubscribe links) one client address may make per clock hour: as many as Appwrite allows account sign-ups. */
const NEWSLETTER_REQUESTS_PER_HOUR = 10;
const TOO_MANY_SIGNUPS = 'Too many newsletter sign-ups from your network. Please try again in an hour.';

/**
 * POST /newsletter — anyone, signed in or not, signs an address up (issue 24: double opt-in). The
 * answer is the same whatever the address's state, so the form never tells who is on the list; the
 * MAIL says what happened: a new or unconfirmed address gets a fresh confirmation link (the older one
 * stops working), a confirmed one "You're already subscribed" with its unsubscribe link, and stays
 * confirmed. An address gets at most `NEWSLETTER_LIMITS.mailsPerAddressPerDay` such mails a day.
 */
export const subscribeNewsletter: Command = async ({ body, api, clientIp }) => {
  admitNewsletterRequest(clientIp);
  const email = (body.text('email') ?? '').trim().toLowerCase();
  body.done();
  if (!isEmailAddress(email)) throw invalidInput({ email: 'Please enter a valid email address' });
  const portal = portalOrigin();
  const now = new Date();
  const decided = await decideSignUp(api, email, portal, now).catch((thrown: unknown) => {
    // The row was deleted between its read and the decision (its unsubscribe link at the same moment): sign up afresh.
    if (!hasStatus(thrown, 404)) throw thrown;
    return decideSignUp(api, email, portal, now);
  });
  if (decided) {
    // A confirmed address is put in the topic again (no change when it is there): this mends a
    // confirmation whose subscription a crash cut off.
    if (decided.confirmed) await subscribeToTopic(api, decided.row);
    await mailNewsletterAddress(api, email, decided.mail);
  }
  return { message: NEWSLETTER_MESSAGES.signedUp } satisfies NewsletterAnswer;
};

/**
 * What one sign-up mails, decided on the address's row, so two sign-ups at once count two mails
 * against the day's limit and only the confirmation link mailed last works; nothing once the day's
 * mails are spent.
 */
async function decideSignUp(api: ServerApi, email: string, portal: string, now: Date) {
  const { $id: rowId } = await ensureNewsletterRow(api, email);
  return decideTogether(api, [{ tableId: TABLES.newsletter, rowId }], async () => {
    const row = await newsletterRow(api, rowId);
    const counted = row && oneMoreMail(row, now);
    if (!row || !counted) return { writes: [], answer: undefined };
    const unsubscribe = newToken(rowId);
    const confirmed = Boolean(row.confirmedAt);
    const confirmation = confirmed ? undefined : newToken(rowId);
    const data: Partial<NewsletterColumns> = confirmation
      ? { ...counted, unsubscribeHash: unsubscribe.hash, confirmationHash: confirmation.hash, confirmationIssuedAt: now.toISOString() }
      : { ...counted, unsubscribeHash: unsubscribe.hash };
    const mail: NewsletterMail = confirmation
      ? confirmationMail(portal, confirmation.token, unsubscribe.token)
      : alreadySubscribedMail(portal, unsubscribe.token);
    return { writes: [{ action: 'update', tableId: TABLES.newsletter, rowId, data }], answer: { row, mail, confirmed } };
  });
}

/** Refuses a client address past its requests this hour (sign-ups and unsubscribe links count together). */
export function admitNewsletterRequest(clientIp: string): void {
  if (!requests.admit(clientIp, Date.now())) throw new CommandError('rate-limited', TOO_MANY_SIGNUPS);
}

/**
 * Tries per client address in the current clock hour. Keyed by address, not by e-mail (each e-mail
 * is limited by its own daily mail count) and not by account (visitors sign up without one). Kept in
 * the runtime's memory, which lives as long as the function stays warm: that stops a burst, and needs
 * no table; a cold start forgets the counts.
 */
class RequestWindow {
  private hour = -1;
  private readonly tries = new Map<string, number>();

  admit(clientIp: string, now: number): boolean {
    const hour = Math.floor(now / 3_600_000);
    if (hour !== this.hour) {
      this.hour = hour;
      this.tries.clear();
    }
    const used = this.tries.get(clientIp) ?? 0;
    if (used >= NEWSLETTER_REQUESTS_PER_HOUR) return false;
    this.tries.set(clientIp, used + 1);
    return true;
  }
}

const requests = new RequestWindow();
