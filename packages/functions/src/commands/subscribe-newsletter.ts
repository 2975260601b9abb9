import { DATABASE_ID, isEmailAddress, MESSAGES, TABLES, type NewsletterAnswer } from '@opportunity-kit/sdk/domain';
import { ID } from 'node-appwrite';
import { hasStatus } from '../platform/appwrite-errors.ts';
import { CommandError, invalidInput } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import type { NewsletterRow } from '../portal/rows.ts';

/** Sign-ups one client address may make per clock hour: as many as Appwrite allows account sign-ups. */
const NEWSLETTER_SIGNUPS_PER_HOUR = 10;
const TOO_MANY_SIGNUPS = 'Too many newsletter sign-ups from your network. Please try again in an hour.';

/**
 * POST /newsletter — anyone, signed in or not, signs an address up. A repeat answers exactly the
 * same success, so the form never tells whether an address is on the list. Nobody reads the table.
 * A client address gets NEWSLETTER_SIGNUPS_PER_HOUR tries an hour: Appwrite limits no function
 * execution, so this command caps itself.
 */
export const subscribeNewsletter: Command = async ({ body, api, clientIp }) => {
  if (!signUps.admit(clientIp, Date.now())) throw new CommandError('rate-limited', TOO_MANY_SIGNUPS);
  const email = (body.text('email') ?? '').trim().toLowerCase();
  body.done();
  if (!isEmailAddress(email)) throw invalidInput({ email: 'Please enter a valid email address' });
  try {
    await api.tables.createRow<NewsletterRow>({ databaseId: DATABASE_ID, tableId: TABLES.newsletter, rowId: ID.unique(), data: { email }, permissions: [] });
  } catch (thrown) {
    // Already on the list (the unique index on email said so): the same answer as a first sign-up.
    if (!hasStatus(thrown, 409)) throw thrown;
  }
  return { message: MESSAGES.newsletterThanks } satisfies NewsletterAnswer;
};

/**
 * Tries per client address in the current clock hour. Keyed by address, not by e-mail (each e-mail
 * is on the list once anyway; the abuse is many addresses sent from one place) and not by account
 * (visitors sign up without one). Kept in the runtime's memory, which lives as long as the function
 * stays warm: that stops a burst, and needs no table; a cold start forgets the counts.
 */
class SignUpWindow {
  private hour = -1;
  private readonly tries = new Map<string, number>();

  admit(clientIp: string, now: number): boolean {
    const hour = Math.floor(now / 3_600_000);
    if (hour !== this.hour) {
      this.hour = hour;
      this.tries.clear();
    }
    const used = this.tries.get(clientIp) ?? 0;
    if (used >= NEWSLETTER_SIGNUPS_PER_HOUR) return false;
    this.tries.set(clientIp, used + 1);
    return true;
  }
}

const signUps = new SignUpWindow();
