import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, MessagingProviderType, Users } from 'node-appwrite';
import { alertsSettled, mailsTo, tickDigest } from '../support/alerts.ts';
import { adminClient, describeLocal, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { anHoursEntry, supervisorMails } from '../support/hours.ts';
import { command, startPortalBackend, student, teacher } from '../support/portal.ts';
import { aPosting } from '../support/postings.ts';

/**
 * Mail to addresses without an account (issue 22's fidelity finding): Appwrite keeps a target's
 * address unique in a project, so a supervisor named twice, or a supervisor who has an account, must be
 * mailed without a second target; and a student's own mails must never reach their supervisors. Each
 * case failed on Appwrite before: the second `createTarget` answered 409 `user_target_already_exists`.
 */

let backend: TestBackend;
beforeAll(async () => {
  backend = await startPortalBackend();
});
afterAll(() => backend.close());

describe('a target per address', () => {
  it('is refused a second time for the same address, also when the address is an account’s own', async () => {
    const users = new Users(adminClient(backend));
    const address = `once.${uniqueSuffix()}@outside.example`;
    const [a, b] = await Promise.all([users.create({ userId: ID.unique(), name: 'A' }), users.create({ userId: ID.unique(), name: 'B' })]);
    await users.createTarget({ userId: a.$id, targetId: ID.unique(), providerType: MessagingProviderType.Email, identifier: address });
    await expect(
      users.createTarget({ userId: b.$id, targetId: ID.unique(), providerType: MessagingProviderType.Email, identifier: address }),
    ).rejects.toMatchObject({ code: 409, type: 'user_target_already_exists' });
    const member = await users.create({ userId: ID.unique(), email: `member.${uniqueSuffix()}@outside.example`, password: 'correct horse battery' });
    await expect(
      users.createTarget({ userId: a.$id, targetId: ID.unique(), providerType: MessagingProviderType.Email, identifier: member.email }),
    ).rejects.toMatchObject({ code: 409, type: 'user_target_already_exists' });
  });
});

// Local only: the mails are read from the development outbox.
describeLocal('supervisors', () => {
  it('get every mail when two students name the same supervisor, and when the supervisor has an account', async () => {
    const [sam, ana, mrsLee] = await Promise.all([student(backend), student(backend), teacher(backend)]);
    const shared = `shared.${uniqueSuffix()}@foodbank.example`;
    for (const who of [sam, ana, sam]) {
      expect((await command(who, 'POST', '/hours', anHoursEntry({ supervisorEmail: shared }))).status).toBe(200);
    }
    expect(await supervisorMails(backend, shared)).toHaveLength(3);
    expect((await command(sam, 'POST', '/hours', anHoursEntry({ supervisorEmail: mrsLee.email }))).status).toBe(200);
    expect(await supervisorMails(backend, mrsLee.email)).toHaveLength(1);
  });

  it('never receive the student’s own mails (the digest goes to the student alone)', async () => {
    const sam = await student(backend);
    const supervisor = `supervisor.${uniqueSuffix()}@foodbank.example`;
    await command(sam, 'POST', '/hours', anHoursEntry({ supervisorEmail: supervisor }));
    await command(sam, 'POST', '/alerts', { search: 'lifeguard' });
    await command(await teacher(backend), 'POST', '/jobs', aPosting({ title: 'Lifeguard at the lake' }));
    await alertsSettled(backend);
    await tickDigest(backend);
    expect((await mailsTo(backend, sam.email)).some((mail) => mail.subject.startsWith('Your daily digest'))).toBe(true);
    expect((await mailsTo(backend, supervisor)).map((mail) => mail.subject)).toEqual([expect.stringContaining('community involvement hours')]);
  });
});
