import { afterAll, beforeAll, expect, it } from 'vitest';
import { ID, Messaging, MessagingProviderType, Query, Users } from 'node-appwrite';
import { adminClient, describeLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { ManualClock } from '../support/manual-clock.ts';
import { expectModel, type ModelShape } from '../support/models.ts';

/**
 * Appwrite Messaging's messages through node-appwrite, delivered by the local backend: e-mail to
 * topics, users and targets lands in the development outbox, each address once; a message to send
 * is answered `processing` and then reads `sent` with `deliveredTotal`; drafts wait, scheduled
 * messages go at `scheduledAt` (a manual server clock here), and sent ones can no longer change.
 *
 * Local only: the outbox, the server log and the manual clock are the local backend's.
 */

const MESSAGE: ModelShape = {
  $id: 'string',
  $createdAt: 'date',
  $updatedAt: 'date',
  providerType: 'string',
  topics: 'array',
  users: 'array',
  targets: 'array',
  scheduledAt: 'any',
  deliveredAt: 'any',
  deliveryErrors: 'array',
  deliveredTotal: 'number',
  data: 'object',
  status: 'string',
};

async function failure(promise: Promise<unknown>): Promise<{ code: number; type: string }> {
  const error = (await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  )) as { code: number; type: string } | undefined;
  expect(error).toBeDefined();
  return { code: error?.code ?? 0, type: error?.type ?? '' };
}

async function outbox(backend: TestBackend, address: string): Promise<string[]> {
  const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(address)}`);
  return ((await response.json()) as { messages: Array<{ subject: string }> }).messages.map((mail) => mail.subject);
}

describeLocal('messaging messages', () => {
  let backend: TestBackend;
  let messaging: Messaging;
  let users: Users;
  beforeAll(async () => {
    backend = await startTestBackend();
    messaging = new Messaging(adminClient(backend));
    users = new Users(adminClient(backend));
  });
  afterAll(() => backend?.close());

  const newUser = (name: string) => users.create({ userId: ID.unique(), email: `${name}.${uniqueSuffix()}@school.example`, name });

  it('mails a topic’s subscribers, users and targets once each, answering processing and then sent', async () => {
    const [ana, ben, cho] = await Promise.all([newUser('ana'), newUser('ben'), newUser('cho')]);
    const topic = await messaging.createTopic({ topicId: ID.unique(), name: 'newsletter' });
    for (const user of [ana, ben]) await messaging.createSubscriber({ topicId: topic.$id, subscriberId: ID.unique(), targetId: user.targets[0]?.$id ?? '' });
    const extra = await users.createTarget({
      userId: cho.$id,
      targetId: ID.unique(),
      providerType: MessagingProviderType.Email,
      identifier: `parent.${uniqueSuffix()}@home.example`,
    });

    const created = await messaging.createEmail({
      messageId: ID.unique(),
      subject: 'Spring newsletter',
      content: 'Hello',
      topics: [topic.$id],
      users: [ana.$id, cho.$id],
      targets: [extra.$id],
    });
    expectModel(created, MESSAGE);
    expect(created).toMatchObject({
      status: 'processing',
      deliveredTotal: 0,
      scheduledAt: null,
      deliveredAt: null,
      data: { subject: 'Spring newsletter', html: false },
    });
    const sent = await messaging.getMessage({ messageId: created.$id });
    expect(sent).toMatchObject({ status: 'sent', deliveredTotal: 4, deliveryErrors: [] });
    expect(sent.deliveredAt).toEqual(expect.any(String));
    for (const address of [ana.email, ben.email, cho.email, extra.identifier]) expect(await outbox(backend, address)).toEqual(['Spring newsletter']);

    const listed = await messaging.listTargets({ messageId: created.$id });
    expect(listed.targets.map((target) => target.$id)).toEqual([extra.$id]);
    const logs = (await (
      await fetch(`${backend.endpoint}/messaging/messages/${created.$id}/logs`, {
        headers: { 'x-appwrite-project': backend.projectId, 'x-appwrite-key': backend.apiKey },
      })
    ).json()) as { total: number; logs: Array<{ event: string }> };
    expect(logs).toMatchObject({ total: 1, logs: [{ event: 'message.create' }] });
  });

  it('keeps drafts until they are sent, and refuses to change or send a sent message again', async () => {
    const ana = await newUser('drafty');
    const draft = await messaging.createEmail({ messageId: ID.unique(), subject: 'Draft', content: 'Not yet', draft: true });
    expect(draft).toMatchObject({ status: 'draft', targets: [] });
    expect(await messaging.listTargets({ messageId: draft.$id })).toEqual({ total: 0, targets: [] });
    expect(await failure(messaging.updateEmail({ messageId: draft.$id, draft: false }))).toEqual({ code: 400, type: 'message_missing_target' });

    const updated = await messaging.updateEmail({ messageId: draft.$id, users: [ana.$id], subject: 'Final', draft: false });
    expect(updated).toMatchObject({ status: 'processing', users: [ana.$id], data: { subject: 'Final', content: 'Not yet' } });
    expect(await outbox(backend, ana.email)).toEqual(['Final']);
    expect(await failure(messaging.updateEmail({ messageId: draft.$id, subject: 'Again' }))).toEqual({ code: 400, type: 'message_already_sent' });

    const drafts = await messaging.listMessages({ queries: [Query.equal('status', ['draft'])] });
    expect(drafts.messages.map((message) => message.$id)).not.toContain(draft.$id);
    expect((await messaging.listMessages({ search: 'Final' })).messages.map((message) => message.$id)).toEqual([draft.$id]);
    await messaging.delete({ messageId: draft.$id });
    expect(await failure(messaging.getMessage({ messageId: draft.$id }))).toEqual({ code: 404, type: 'message_not_found' });
  });

  it('refuses targets of another type, and a message without recipients', async () => {
    const user = await users.create({ userId: ID.unique(), email: `typed.${uniqueSuffix()}@school.example`, phone: '+14155550199' });
    const sms = await users.createTarget({ userId: user.$id, targetId: ID.unique(), providerType: MessagingProviderType.Sms, identifier: '+14155550199' });
    expect(await failure(messaging.createEmail({ messageId: ID.unique(), subject: 's', content: 'c', targets: [sms.$id] }))).toEqual({
      code: 400,
      type: 'message_target_not_email',
    });
    expect(await failure(messaging.createSMS({ messageId: ID.unique(), content: 'c', targets: [user.targets[0]?.$id ?? ''] }))).toEqual({
      code: 400,
      type: 'message_target_not_sms',
    });
    expect(await failure(messaging.createPush({ messageId: ID.unique(), title: 't' }))).toEqual({ code: 400, type: 'message_missing_target' });
    // SMS needs an enabled provider, as on Appwrite.
    const failed = await messaging.createSMS({ messageId: ID.unique(), content: 'Your code is 123', targets: [sms.$id] });
    expect(await messaging.getMessage({ messageId: failed.$id })).toMatchObject({ status: 'failed', deliveryErrors: ['No enabled provider found.'] });
  });
});

describeLocal('messaging schedules and providers', () => {
  const clock = new ManualClock(Date.parse('2030-03-01T09:00:00Z'));
  let backend: TestBackend;
  let messaging: Messaging;
  let users: Users;
  beforeAll(async () => {
    backend = await startTestBackend({ clock, persistent: true });
    messaging = new Messaging(adminClient(backend));
    users = new Users(adminClient(backend));
  });
  afterAll(() => backend?.close());

  it('sends a scheduled message at its time, also after a restart, and never one turned back into a draft', async () => {
    const ana = await users.create({ userId: ID.unique(), email: `sched.${uniqueSuffix()}@school.example` });
    const at = '2030-03-01T10:00:00.000+00:00';
    const scheduled = await messaging.createEmail({ messageId: ID.unique(), subject: 'At ten', content: 'c', users: [ana.$id], scheduledAt: at });
    expect(scheduled).toMatchObject({ status: 'scheduled', scheduledAt: at });
    const parked = await messaging.createEmail({ messageId: ID.unique(), subject: 'Parked', content: 'c', users: [ana.$id], scheduledAt: at });
    expect(await messaging.updateEmail({ messageId: parked.$id, draft: true })).toMatchObject({ status: 'draft', scheduledAt: at });

    await clock.advanceTo('2030-03-01T09:59:59.999Z');
    expect(await outbox(backend, ana.email)).toEqual([]);
    await clock.advanceTo('2030-03-01T10:00:00.000Z');
    expect(await messaging.getMessage({ messageId: scheduled.$id })).toMatchObject({ status: 'sent', deliveredTotal: 1 });
    expect(await messaging.getMessage({ messageId: parked.$id })).toMatchObject({ status: 'draft' });
    expect(await outbox(backend, ana.email)).toEqual(['At ten']);

    expect(
      await failure(messaging.createEmail({ messageId: ID.unique(), subject: 's', content: 'c', users: [ana.$id], scheduledAt: '2030-03-01T08:00:00Z' })),
    ).toEqual({
      code: 400,
      type: 'general_argument_invalid',
    });
    const later = await messaging.createEmail({
      messageId: ID.unique(),
      subject: 'Later',
      content: 'c',
      users: [ana.$id],
      scheduledAt: '2030-03-01T11:00:00Z',
    });
    const moved = await messaging.updateEmail({ messageId: later.$id, scheduledAt: '2030-03-01T12:00:00Z' });
    expect(moved).toMatchObject({ status: 'scheduled', scheduledAt: '2030-03-01T12:00:00.000+00:00' });
    await clock.advanceTo('2030-03-01T11:30:00Z');
    expect((await messaging.getMessage({ messageId: later.$id })).status).toBe('scheduled');
    await messaging.delete({ messageId: later.$id });
    await clock.advanceTo('2030-03-01T12:30:00Z');
    expect(await outbox(backend, ana.email)).toEqual(['At ten']);

    const kept = await messaging.createEmail({
      messageId: ID.unique(),
      subject: 'After restart',
      content: 'c',
      users: [ana.$id],
      scheduledAt: '2030-03-01T13:00:00Z',
    });
    await backend.restart();
    await clock.advanceTo('2030-03-01T13:00:00Z');
    expect(await messaging.getMessage({ messageId: kept.$id })).toMatchObject({ status: 'sent', deliveredTotal: 1 });
    expect(await outbox(backend, ana.email)).toEqual(['After restart', 'At ten']);
  });

  it('sends through an enabled provider, and fails when the project’s providers of the type are all disabled', async () => {
    const user = await users.create({ userId: ID.unique(), email: `prov.${uniqueSuffix()}@school.example`, phone: '+14155550177' });
    const smtp = await messaging.createSMTPProvider({
      providerId: ID.unique(),
      name: 'SMTP',
      host: 'smtp.example',
      fromEmail: 'noreply@school.example',
      enabled: true,
    });
    const viaSmtp = await messaging.createEmail({ messageId: ID.unique(), subject: 'Via SMTP', content: 'c', users: [user.$id] });
    expect((await messaging.getMessage({ messageId: viaSmtp.$id })).status).toBe('sent');
    expect(await outbox(backend, user.email)).toEqual(['Via SMTP']);

    await messaging.updateSMTPProvider({ providerId: smtp.$id, enabled: false });
    const failed = await messaging.createEmail({ messageId: ID.unique(), subject: 'No provider', content: 'c', users: [user.$id] });
    expect(await messaging.getMessage({ messageId: failed.$id })).toMatchObject({
      status: 'failed',
      deliveredTotal: 0,
      deliveryErrors: ['No enabled provider found.'],
    });
    expect(await outbox(backend, user.email)).toEqual(['Via SMTP']);

    await messaging.createTwilioProvider({ providerId: ID.unique(), name: 'Twilio', from: '+14155550100', accountSid: 's', authToken: 't', enabled: true });
    const sms = await users.createTarget({ userId: user.$id, targetId: ID.unique(), providerType: MessagingProviderType.Sms, identifier: '+14155550177' });
    const text = await messaging.createSMS({ messageId: ID.unique(), content: 'Code 42', targets: [sms.$id] });
    expect(await messaging.getMessage({ messageId: text.$id })).toMatchObject({ status: 'sent', deliveredTotal: 1 });
  });
});
