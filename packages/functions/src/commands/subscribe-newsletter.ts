import { isEmailAddress, MESSAGES } from '@opportunity-kit/sdk/domain';
import { ID } from 'node-appwrite';
import { hasStatus } from '../platform/appwrite-errors.ts';
import type { NewsletterRow } from '../portal/rows.ts';
import { DATABASE_ID, TABLES } from '../portal/schema.ts';
import { invalidInput } from './command-error.ts';
import type { Command } from './router.ts';

/**
 * POST /newsletter — anyone, signed in or not, signs an address up. A repeat answers exactly the
 * same success, so the form never tells whether an address is on the list. Nobody reads the table.
 */
export const subscribeNewsletter: Command = async ({ body, api }) => {
  const email = (body.text('email') ?? '').trim().toLowerCase();
  body.done();
  if (!isEmailAddress(email)) throw invalidInput({ email: 'Please enter a valid email address' });
  try {
    await api.tables.createRow<NewsletterRow>({ databaseId: DATABASE_ID, tableId: TABLES.newsletter, rowId: ID.unique(), data: { email }, permissions: [] });
  } catch (thrown) {
    // Already on the list (the unique index on email said so): the same answer as a first sign-up.
    if (!hasStatus(thrown, 409)) throw thrown;
  }
  return { message: MESSAGES.newsletterThanks };
};
