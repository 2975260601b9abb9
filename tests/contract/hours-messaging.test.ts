import { afterAll, beforeAll, expect, it } from 'vitest';
import { AppwriteException, Client, ID, Messaging, MessagingProviderType, Users } from 'node-appwrite';
import { adminClient, describeLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';

/**
 * The slice of Appwrite Messaging the `commands` function mails supervisors with, in the local
 * backend, through node-appwrite: an e-mail target on a user, and an e-mail message to targets or
 * users, which lands in the development outbox. API key only. tests/contract/messaging*.test.ts
 * pin the rest of Messaging.
 */

let backend: TestBackend;
beforeAll(async () => {
  backend = await startTestBackend();
});
afterAll(() => backend?.close());

async function outboxFor(address: string): Promise<Array<{ subject: string; text: string; links: string[] }>> {
  const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(address)}`);
  return ((await response.json()) as { messages: Array<{ subject: string; text: string; links: string[] }> }).messages;
}

describeLocal('messaging (local outbox)', () => {
  it('mails a target that is not the user’s own address, and a user by id, answering the Message model', async () => {
    const users = new Users(adminClient(backend));
    const messaging = new Messaging(adminClient(backend));
    const owner = await users.create({ userId: ID.unique(), email: `owner.${uniqueSuffix()}@school.example` });
    const supervisor = `supervisor.${uniqueSuffix()}@foodbank.example`;
    const target = await users.createTarget({ userId: owner.$id, targetId: ID.unique(), providerType: MessagingProviderType.Email, identifier: supervisor });
    expect(target).toMatchObject({ userId: owner.$id, providerType: 'email', identifier: supervisor });

    const message = await messaging.createEmail({
      messageId: ID.unique(),
      subject: 'Please confirm',
      content: 'Open https://portal.example/x?token=abc.',
      targets: [target.$id],
    });
    // Appwrite answers before its worker sends; the message reads `sent` afterwards.
    expect(message).toMatchObject({ providerType: 'email', targets: [target.$id], status: 'processing', deliveredTotal: 0 });
    expect(await messaging.getMessage({ messageId: message.$id })).toMatchObject({ status: 'sent', deliveredTotal: 1, deliveryErrors: [] });
    expect(await outboxFor(supervisor)).toEqual([expect.objectContaining({ subject: 'Please confirm', links: ['https://portal.example/x?token=abc'] })]);
    expect(await outboxFor(owner.email)).toEqual([]);

    await messaging.createEmail({ messageId: ID.unique(), subject: 'Hello', content: 'To the user.', users: [owner.$id] });
    expect((await outboxFor(owner.email)).map((mail) => mail.subject)).toEqual(['Hello']);
  });

  it('refuses a message without recipients, an unknown or non-e-mail target, and callers without the API key', async () => {
    const messaging = new Messaging(adminClient(backend));
    await expect(messaging.createEmail({ messageId: ID.unique(), subject: 's', content: 'c' })).rejects.toMatchObject({
      code: 400,
      type: 'message_missing_target',
    });
    await expect(messaging.createEmail({ messageId: ID.unique(), subject: 's', content: 'c', targets: ['nope'] })).rejects.toMatchObject({
      code: 400,
      type: 'message_target_not_email',
    });
    const anonymous = new Messaging(new Client().setEndpoint(backend.endpoint).setProject(backend.projectId));
    const refused = await anonymous.createEmail({ messageId: ID.unique(), subject: 's', content: 'c', users: ['x'] }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppwriteException);
    expect((refused as AppwriteException).code).toBe(401);
  });
});
