import { afterAll, beforeAll, expect, it } from 'vitest';
import { Messaging, Query, TablesDB } from 'node-appwrite';
import { DATABASE_ID, NEWSLETTER_MESSAGES, TABLES } from '@opportunity-kit/sdk/domain';
import { sendWeeklyNewsletter } from '../../packages/functions/src/alerts/newsletter.ts';
import { serverApiOf } from '../../packages/functions/src/platform/server-client.ts';
import { alertsSettled, mailsTo, tickDigest } from '../support/alerts.ts';
import { adminClient, describeLocal, type TestBackend } from '../support/backend.ts';
import { command, guest, startPortalBackend, uniqueLocal } from '../support/portal.ts';
import { aNewPosting, aRecruiter, aTeacher, installRealtimeGlobals, type PortalMember } from '../support/portal-sdk.ts';

/**
 * The newsletter for real (issue 24, item 5), through the `commands` function, the `alerts` schedule
 * and the development outbox: double opt-in (nothing but the confirmation reaches an address before
 * it confirms), one weekly mail of the new public postings to the Messaging topic, and the way out.
 * One story in order, since the week's mail is sent once per backend. Local only: the outbox and the
 * schedule-tick route are the local backend's.
 */

type Mail = Awaited<ReturnType<typeof mailsTo>>[number];

let backend: TestBackend;
let teacherTia: PortalMember;
let recruiterRay: PortalMember;
const reader = `${uniqueLocal('reader')}@home.example`;
const secondReader = `${uniqueLocal('neighbour')}@home.example`;

beforeAll(async () => {
  installRealtimeGlobals();
  // Employer approval on, so a new recruiter's posting waits: the newsletter must not name it.
  backend = await startPortalBackend({ env: { EMPLOYER_APPROVAL: '' } });
  [teacherTia, recruiterRay] = await Promise.all([aTeacher(backend), aRecruiter(backend)]);
}, 60_000);
afterAll(async () => {
  await Promise.all([teacherTia, recruiterRay].map((member) => member?.portal.close()));
  await backend?.close();
});

const signUp = (email: string) => command(guest(backend), 'POST', '/newsletter', { email });
const confirm = (token: string) => command(guest(backend), 'POST', '/newsletter/confirm', { token });
const unsubscribe = (token: string) => command(guest(backend), 'POST', '/newsletter/unsubscribe', { token });

const mailsWithSubject = async (address: string, subject: string | RegExp): Promise<Mail[]> =>
  (await mailsTo(backend, address)).filter((mail) => (typeof subject === 'string' ? mail.subject === subject : subject.test(mail.subject)));
const weeklyMails = (address: string) => mailsWithSubject(address, /^This week on Opportunity Kit/);

/** The token of the mail's link to a portal page (`/newsletter/confirm`, `/newsletter/unsubscribe`). */
function tokenOf(mail: Mail | undefined, path: string): string {
  const link = mail?.links.map((candidate) => new URL(candidate)).find((url) => url.pathname === path && url.searchParams.has('token'));
  if (!link) throw new Error(`no ${path} link in ${mail?.text ?? 'no mail'}`);
  return link.searchParams.get('token') ?? '';
}

async function signUpAndConfirm(address: string): Promise<void> {
  expect((await signUp(address)).data).toEqual({ message: NEWSLETTER_MESSAGES.signedUp });
  const [mail] = await mailsWithSubject(address, NEWSLETTER_MESSAGES.confirmSubject);
  expect(await confirm(tokenOf(mail, '/newsletter/confirm'))).toMatchObject({ status: 200, data: { message: NEWSLETTER_MESSAGES.confirmed } });
}

describeLocal('the newsletter', () => {
  let confirmationToken = '';

  it('answers a sign-up with what happens next, mails a confirmation and nothing else, and mails nobody unconfirmed on the weekly tick', async () => {
    await teacherTia.portal.jobs.create(aNewPosting({ title: 'Community garden helper', company: 'Green Thumbs' }));
    await alertsSettled(backend);

    expect(await signUp(reader)).toEqual({ status: 200, data: { message: NEWSLETTER_MESSAGES.signedUp }, error: undefined });
    const mails = await mailsTo(backend, reader);
    expect(mails.map((mail) => mail.subject)).toEqual([NEWSLETTER_MESSAGES.confirmSubject]);
    confirmationToken = tokenOf(mails[0], '/newsletter/confirm');
    // The personal mail carries its one-click way out too.
    expect(tokenOf(mails[0], '/newsletter/unsubscribe')).not.toBe('');

    await tickDigest(backend);
    expect(await mailsTo(backend, reader)).toHaveLength(1);
  });

  it('confirms with the mailed token once; a replayed or forged token is refused', async () => {
    expect(await confirm(confirmationToken)).toEqual({ status: 200, data: { message: NEWSLETTER_MESSAGES.confirmed }, error: undefined });
    expect(await confirm(confirmationToken)).toMatchObject({ status: 400, error: { code: 'invalid-input', message: NEWSLETTER_MESSAGES.confirmationUsed } });
    const [rowId, secret] = confirmationToken.split('.');
    const forged = `${rowId}.${(secret ?? '').replace(/^./, (first) => (first === 'A' ? 'B' : 'A'))}`;
    for (const token of [forged, `${rowId}`, 'not-a-token', `unknownrow123.${secret}`]) {
      expect(await confirm(token)).toMatchObject({ status: 400, error: { code: 'invalid-input', message: NEWSLETTER_MESSAGES.confirmationInvalid } });
    }
  });

  it('mails the confirmed reader the new public postings on the weekly tick, never a private or unapproved one, and once a week', async () => {
    await teacherTia.portal.jobs.create(aNewPosting({ title: 'Private lab assistant', visible: false }));
    const waiting = await recruiterRay.portal.jobs.create(aNewPosting({ title: 'Unvetted warehouse shift' }));
    expect(waiting.waitingForApproval).toBe(true);
    await alertsSettled(backend);

    await tickDigest(backend);
    const weekly = await weeklyMails(reader);
    expect(weekly).toHaveLength(1);
    expect(weekly[0]?.text).toContain('Community garden helper, Green Thumbs');
    expect(weekly[0]?.text).not.toContain('Private lab assistant');
    expect(weekly[0]?.text).not.toContain('Unvetted warehouse shift');
    // The same mail reaches every reader, so its way out is the page that mails a personal link.
    expect(weekly[0]?.links.map((link) => new URL(link)).some((url) => url.pathname === '/newsletter/unsubscribe' && !url.search)).toBe(true);

    await teacherTia.portal.jobs.create(aNewPosting({ title: 'Museum guide' }));
    await alertsSettled(backend);
    await tickDigest(backend);
    expect(await weeklyMails(reader)).toHaveLength(1);
  });

  it('unsubscribes with the mailed one-click token only, and the next week’s mail no longer reaches the address', async () => {
    await signUpAndConfirm(secondReader);

    // The weekly mail's way out: the reader asks for their link on the page.
    expect(await command(guest(backend), 'POST', '/newsletter/unsubscribe-link', { email: reader })).toMatchObject({
      status: 200,
      data: { message: NEWSLETTER_MESSAGES.unsubscribeLinkSent },
    });
    const [linkMail] = await mailsWithSubject(reader, NEWSLETTER_MESSAGES.unsubscribeSubject);
    const token = tokenOf(linkMail, '/newsletter/unsubscribe');
    // The link of an earlier mail was replaced by the newer one.
    const [confirmationMail] = await mailsWithSubject(reader, NEWSLETTER_MESSAGES.confirmSubject);
    expect(await unsubscribe(tokenOf(confirmationMail, '/newsletter/unsubscribe'))).toMatchObject({
      status: 400,
      error: { message: NEWSLETTER_MESSAGES.unsubscribeInvalid },
    });
    expect(await unsubscribe(`${token}x`)).toMatchObject({ status: 400, error: { message: NEWSLETTER_MESSAGES.unsubscribeInvalid } });
    expect(await unsubscribe(token)).toEqual({ status: 200, data: { message: NEWSLETTER_MESSAGES.unsubscribed }, error: undefined });
    expect(await unsubscribe(token)).toMatchObject({ status: 400, error: { message: NEWSLETTER_MESSAGES.unsubscribeInvalid } });
    const rows = await new TablesDB(adminClient(backend)).listRows({
      databaseId: DATABASE_ID,
      tableId: TABLES.newsletter,
      queries: [Query.equal('email', reader)],
    });
    expect(rows.total).toBe(0);

    // A week later (the run is given its time: the backend's clock is the machine's), a new posting goes to the readers left.
    await teacherTia.portal.jobs.create(aNewPosting({ title: 'Library volunteer' }));
    await alertsSettled(backend);
    const nextWeek = new Date(Date.now() + 7 * 86_400_000);
    const outcome = await sendWeeklyNewsletter(serverApiOf(adminClient(backend)), new URL(backend.endpoint).origin, nextWeek);
    expect(outcome).toMatchObject({ sent: true, postings: 2 });
    const secondReaders = await weeklyMails(secondReader);
    expect(secondReaders).toHaveLength(1);
    expect(secondReaders[0]?.text).toContain('Library volunteer');
    expect(secondReaders[0]?.text).toContain('Museum guide');
    expect(secondReaders[0]?.text).not.toContain('Community garden helper');
    expect(await weeklyMails(reader)).toHaveLength(1);
    // And only once that week too.
    expect(await sendWeeklyNewsletter(serverApiOf(adminClient(backend)), new URL(backend.endpoint).origin, nextWeek)).toMatchObject({
      sent: false,
      skipped: 'already-sent',
    });
    const { subscribers } = await new Messaging(adminClient(backend)).listSubscribers({ topicId: 'newsletter' });
    expect(subscribers.map((subscriber) => subscriber.target.identifier)).toEqual([secondReader]);
  });
});
