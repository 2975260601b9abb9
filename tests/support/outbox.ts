import type { Account } from 'appwrite';

/**
 * The local backend's development outbox, where mails go instead of the internet (local only).
 * A test reads a verification link there as a person would read it in their mailbox.
 */

/** `userId` and `secret` of the newest mailed link to `address`. */
export async function mailedLink(endpoint: string, address: string): Promise<{ userId: string; secret: string }> {
  const response = await fetch(`${endpoint}/dev/outbox?to=${encodeURIComponent(address)}`);
  const { messages } = (await response.json()) as { messages: Array<{ links: string[] }> };
  const link = new URL(messages[0]?.links[0] ?? '');
  return { userId: link.searchParams.get('userId') ?? '', secret: link.searchParams.get('secret') ?? '' };
}

/** Asks for a verification mail to `address` and follows its link, as the account's owner would. */
export async function verifyThroughOutbox(endpoint: string, account: Account, address: string): Promise<void> {
  await account.createVerification({ url: 'http://localhost:5173/verify' });
  await account.updateVerification(await mailedLink(endpoint, address));
}
