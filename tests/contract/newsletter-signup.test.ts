import { afterAll, beforeAll, expect, it } from 'vitest';
import { Messaging, Query, TablesDB } from 'node-appwrite';
import { DATABASE_ID, NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES, TABLES } from '@opportunity-kit/sdk/domain';
import { mailsTo } from '../support/alerts.ts';
import { adminClient, describeLocal, type TestBackend } from '../support/backend.ts';
import { command, guest, startPortalBackend, uniqueLocal } from '../support/portal.ts';

/**
 * The newsletter's sign-up (issue 24, item 5) as someone clicking twice, signing up twice or bombing an
 * inbox would: two confirmations at one instant confirm once, a repeat sign-up says in the MAIL what
 * happened (never in the answer, which reveals nobody), and one address gets at most three mails a
 * day. Its own file and backend: the commands function allows ten newsletter requests an hour per
 * client address, and the weekly story (`newsletter.test.ts`) uses some. Local only (the outbox).
 */

type Mail = Awaited<ReturnType<typeof mailsTo>>[number];

let backend: TestBackend;
beforeAll(async () => {
  backend = await startPortalBackend();
}, 60_000);
afterAll(async () => {
  await backend?.close();
});

const signUp = (email: string) => command(guest(backend), 'POST', '/newsletter', { email });
const confirm = (token: string) => command(guest(backend), 'POST', '/newsletter/confirm', { token });
const anAddress = () => `${uniqueLocal('reader')}@home.example`;

function tokenOf(mail: Mail | undefined, path: string): string {
  const link = mail?.links.map((candidate) => new URL(candidate)).find((url) => url.pathname === path && url.searchParams.has('token'));
  if (!link) throw new Error(`no ${path} link in ${mail?.text ?? 'no mail'}`);
  return link.searchParams.get('token') ?? '';
}

/** The newest mail to the address (the outbox lists the newest first). */
const newestMail = async (address: string): Promise<Mail | undefined> => (await mailsTo(backend, address))[0];

async function rowOf(address: string) {
  const { rows } = await new TablesDB(adminClient(backend)).listRows({
    databaseId: DATABASE_ID,
    tableId: TABLES.newsletter,
    queries: [Query.equal('email', address)],
  });
  return rows[0] as (Record<string, unknown> & { confirmedAt?: string | null }) | undefined;
}

async function topicSubscribersOf(address: string): Promise<number> {
  const { subscribers } = await new Messaging(adminClient(backend)).listSubscribers({ topicId: 'newsletter', queries: [Query.limit(100)] });
  return subscribers.filter((subscriber) => subscriber.target.identifier === address).length;
}

describeLocal('newsletter sign-ups', () => {
  it('confirms once when the link is used twice at the same instant', async () => {
    const address = anAddress();
    await signUp(address);
    const token = tokenOf(await newestMail(address), '/newsletter/confirm');

    const answers = await Promise.all([confirm(token), confirm(token)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.status === 400)?.error).toEqual({ code: 'invalid-input', message: NEWSLETTER_MESSAGES.confirmationUsed });
    expect((await rowOf(address))?.confirmedAt).toEqual(expect.any(String));
    expect(await topicSubscribersOf(address)).toBe(1);
  });

  it('mails a confirmed address "already subscribed" with its unsubscribe link on a repeat sign-up, and keeps it confirmed', async () => {
    const address = anAddress();
    await signUp(address);
    expect((await confirm(tokenOf(await newestMail(address), '/newsletter/confirm'))).status).toBe(200);
    const confirmedAt = (await rowOf(address))?.confirmedAt;

    expect(await signUp(address)).toEqual({ status: 200, data: { message: NEWSLETTER_MESSAGES.signedUp }, error: undefined });
    const repeat = await newestMail(address);
    expect(repeat?.subject).toBe(NEWSLETTER_MESSAGES.alreadySubscribedSubject);
    expect(repeat?.text).toContain("You're already subscribed");
    expect(repeat?.links.some((link) => new URL(link).pathname === '/newsletter/confirm')).toBe(false);
    expect(tokenOf(repeat, '/newsletter/unsubscribe')).not.toBe('');
    expect((await rowOf(address))?.confirmedAt).toBe(confirmedAt);
    expect(await topicSubscribersOf(address)).toBe(1);
  });

  it('mails an unconfirmed address a fresh link on a repeat sign-up, and the older link stops working', async () => {
    const address = anAddress();
    await signUp(address);
    const first = tokenOf(await newestMail(address), '/newsletter/confirm');
    await signUp(address);
    const second = tokenOf(await newestMail(address), '/newsletter/confirm');
    expect(second).not.toBe(first);

    expect(await confirm(first)).toMatchObject({ status: 400, error: { code: 'invalid-input', message: NEWSLETTER_MESSAGES.confirmationInvalid } });
    expect((await rowOf(address))?.confirmedAt ?? null).toBeNull();
    expect(await topicSubscribersOf(address)).toBe(0);
    expect(await confirm(second)).toMatchObject({ status: 200, data: { message: NEWSLETTER_MESSAGES.confirmed } });
  });

  it(`mails one address at most ${NEWSLETTER_LIMITS.mailsPerAddressPerDay} times a day, with the same answer after`, async () => {
    const address = anAddress();
    const answers = [];
    for (let n = 0; n <= NEWSLETTER_LIMITS.mailsPerAddressPerDay; n += 1) answers.push(await signUp(address));
    expect(new Set(answers.map((answer) => JSON.stringify(answer)))).toEqual(
      new Set([JSON.stringify({ status: 200, data: { message: NEWSLETTER_MESSAGES.signedUp } })]),
    );
    expect(await mailsTo(backend, address)).toHaveLength(NEWSLETTER_LIMITS.mailsPerAddressPerDay);
  });
});
