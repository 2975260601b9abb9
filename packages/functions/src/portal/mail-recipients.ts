import { MessagingProviderType, Query } from 'node-appwrite';
import { hasStatus, orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { derivedRowId } from './alert-rows.ts';

/**
 * Whom a `createEmail` names to reach one address. Appwrite Messaging sends only to users, targets and
 * topics, and an address may be the identifier of one target in the whole project (409
 * `user_target_already_exists`; every account's own address is its e-mail target). So:
 * - an address that belongs to an account is reached as that user;
 * - any other address (a supervisor, a newsletter reader) through the one target kept for it on the
 *   project's outside-recipients user: never on a student's own user, which the student's mails (the
 *   digest, invitations) also reach, and never a second time for the same address.
 */
export type MailRecipient = { users: [string] } | { targets: [string] };

/** The user that holds the targets of addresses with no account; it has no address or password, so nobody signs in as it. */
export const OUTSIDE_RECIPIENTS_USER = 'outside-mail-recipients';

/** Rounds of looking again when another request made the same address's target (or its account) at the same moment. */
const ATTEMPTS = 3;

export async function mailRecipient(api: ServerApi, address: string): Promise<MailRecipient> {
  const identifier = address.trim().toLowerCase();
  const targetId = `m${derivedRowId('mail-target', identifier).slice(0, 31)}`;
  for (let attempt = 1; attempt <= ATTEMPTS; attempt += 1) {
    const { users } = await api.users.list({ queries: [Query.equal('email', [identifier]), Query.limit(1)] });
    const account = users[0];
    if (account) return { users: [account.$id] };
    if (await orUndefined(api.users.getTarget({ userId: OUTSIDE_RECIPIENTS_USER, targetId }))) return { targets: [targetId] };
    await ensureOutsideRecipientsUser(api);
    try {
      await api.users.createTarget({ userId: OUTSIDE_RECIPIENTS_USER, targetId, providerType: MessagingProviderType.Email, identifier });
      return { targets: [targetId] };
    } catch (thrown) {
      // The same address's target, or an account with it, appeared meanwhile: look again.
      if (!hasStatus(thrown, 409)) throw thrown;
    }
  }
  throw new Error('The address kept changing owner while a mail was addressed to it.');
}

/**
 * The one e-mail target that reaches the address, for what names targets rather than users (a topic's
 * subscriber): the outside-recipients target, or the account's own e-mail target for its address.
 */
export async function mailTargetOf(api: ServerApi, address: string): Promise<string> {
  const recipient = await mailRecipient(api, address);
  if ('targets' in recipient) return recipient.targets[0];
  const identifier = address.trim().toLowerCase();
  const { targets } = await api.users.listTargets({ userId: recipient.users[0], queries: [Query.limit(100)] });
  const own = targets.find((target) => target.providerType === MessagingProviderType.Email && target.identifier.toLowerCase() === identifier);
  if (!own) throw new Error('The account of the address has no e-mail target for it.');
  return own.$id;
}

async function ensureOutsideRecipientsUser(api: ServerApi): Promise<void> {
  try {
    await api.users.create({ userId: OUTSIDE_RECIPIENTS_USER, name: 'Outside mail recipients' });
  } catch (thrown) {
    if (!hasStatus(thrown, 409)) throw thrown;
  }
}
