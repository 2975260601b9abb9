import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID, Query, Users } from 'node-appwrite';
import { openBrowser } from '../support/browser.ts';
import { INVITATION_LINK_USED } from '@opportunity-kit/sdk';
import { MESSAGES, ROSTER_OUTCOME_LABELS, ROSTER_REQUEST_ROWS, type RosterResult } from '@opportunity-kit/sdk/domain';
import { adminClient, describeLocal, type TestBackend } from '../support/backend.ts';
import { aStudent, aTeacher, guestPortal, refusal } from '../support/portal-sdk.ts';
import { command, eventually, guest, recruiter, SETTINGS, startPortalBackend, student, teacher, uniqueLocal, type Member } from '../support/portal.ts';

/**
 * Roster import (issue 15, item 1): a teacher sends a CSV of students to `POST /roster`; each
 * school address gets a verified student account and an invitation mail whose link signs the student
 * in once to choose a password. Every row answers its outcome; a file that cannot be read changes nothing.
 */

let backend: TestBackend;
let teacherTia: Member;

beforeAll(async () => {
  backend = await startPortalBackend();
  teacherTia = await teacher(backend);
}, 60_000);
afterAll(() => backend?.close());

interface RosterAnswer {
  results: RosterResult[];
  created: number;
}

const schoolAddress = (): string => `${uniqueLocal('1r')}@${SETTINGS.schoolDomain}`;
const importRoster = (csv: string, by: Member = teacherTia) => command<RosterAnswer>(by, 'POST', '/roster', { csv });
const usersWith = async (email: string) => (await new Users(adminClient(backend)).list({ queries: [Query.equal('email', [email])] })).users;

async function mailsTo(address: string): Promise<Array<{ subject: string; text: string; links: string[] }>> {
  const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(address)}`);
  return ((await response.json()) as { messages: Array<{ subject: string; text: string; links: string[] }> }).messages;
}

describe('importing a roster', () => {
  it('answers every row of a mixed file, creates verified students and mails each an invitation', async () => {
    const [ana, ben, known] = [schoolAddress(), schoolAddress(), schoolAddress()];
    await student(backend, known.split('@')[0]);
    const csv = ['email,name', `${ana},"Lee, Ana"`, 'not-an-address,Nobody', `${ben},Ben Ray`, `1kid@elsewhere.example,Kid`, `${known},Known Kim`].join('\r\n');

    const answer = await importRoster(csv);

    expect(answer.error).toBeUndefined();
    expect(answer.data?.results.map(({ line, email, outcome }) => ({ line, email, outcome }))).toEqual([
      { line: 2, email: ana, outcome: 'created' },
      { line: 3, email: 'not-an-address', outcome: 'invalid-address' },
      { line: 4, email: ben, outcome: 'created' },
      { line: 5, email: '1kid@elsewhere.example', outcome: 'not-school-address' },
      { line: 6, email: known, outcome: 'already-member' },
    ]);
    expect(answer.data?.created).toBe(2);
    const [anaUser] = await usersWith(ana);
    expect(anaUser).toMatchObject({ name: 'Lee, Ana', emailVerification: true });
    const labelled = await eventually(
      async () => (await usersWith(ana))[0]?.labels ?? [],
      (labels) => labels.includes('student'),
    );
    expect(labelled).toContain('student');
    const [invitation] = await mailsTo(ana);
    expect(invitation?.text).toContain('Hello Lee, Ana');
    expect(new URL(invitation?.links[0] ?? 'http://invalid.example/').pathname).toBe('/set-password');
    expect(await usersWith('1kid@elsewhere.example')).toEqual([]);
    expect(await mailsTo(known)).toEqual([]);
  });

  it('creates no second account when the same file is imported again, and invites again those who set no password yet', async () => {
    const [cy, di] = [schoolAddress(), schoolAddress()];
    const csv = `${cy},Cy\n${di},Di\n`;
    expect((await importRoster(csv)).data?.created).toBe(2);

    const again = await importRoster(csv);

    expect(again.data).toEqual({
      created: 0,
      results: [
        { line: 1, email: cy, name: 'Cy', outcome: 'invited-again' },
        { line: 2, email: di, name: 'Di', outcome: 'invited-again' },
      ],
    });
    expect(await usersWith(cy)).toHaveLength(1);
    expect(await mailsTo(cy)).toHaveLength(2);
  });

  it('reads a file with a UTF-8 byte order mark and a header', async () => {
    const eve = schoolAddress();
    const answer = await importRoster(`\uFEFFemail,name\n${eve},Ève Dupré\n`);
    expect(answer.data?.results).toEqual([{ line: 2, email: eve, name: 'Ève Dupré', outcome: 'created' }]);
    expect((await usersWith(eve))[0]?.name).toBe('Ève Dupré');
  });

  it('refuses 2,001 rows, more rows than one request holds and a malformed file with a clear message, creating nobody', async () => {
    const first = schoolAddress();
    const rows = [`${first},First`, ...Array.from({ length: 2000 }, (_, index) => `1bulk${index}x@${SETTINGS.schoolDomain},Student ${index}`)];
    const tooMany = await importRoster(rows.join('\n'));
    expect(tooMany).toMatchObject({
      status: 400,
      error: { code: 'invalid-input', message: 'A roster holds at most 2,000 students; this one has 2,001. Please split it into smaller files.' },
    });

    // One request holds one part of a file (the SDK sends a longer one in parts), so that it ends in time.
    const onePartTooMany = await importRoster(rows.slice(0, ROSTER_REQUEST_ROWS + 1).join('\n'));
    expect(onePartTooMany).toMatchObject({
      status: 400,
      error: {
        code: 'invalid-input',
        message: `A request holds at most ${ROSTER_REQUEST_ROWS} students; send a longer file in parts (the SDK's roster.import does).`,
      },
    });

    const malformed = await importRoster(`${first},First\n${schoolAddress()},"Unclosed`);
    expect(malformed).toMatchObject({ status: 400, error: { code: 'invalid-input', message: 'Line 2: a quoted value is never closed.' } });
    expect(await usersWith(first)).toEqual([]);
  });

  it('keeps the record of the accounts it made from every client', async () => {
    const read = teacherTia.tablesDB.listRows({ databaseId: 'portal', tableId: 'roster_accounts' });
    await expect(read).rejects.toMatchObject({ code: 401 });
  });

  it('is for teachers only', async () => {
    const frank = schoolAddress();
    const csv = `${frank},Frank`;
    const [asStudent, asRecruiter, asGuest] = await Promise.all([
      student(backend).then((member) => importRoster(csv, member)),
      recruiter(backend).then((member) => importRoster(csv, member)),
      command(guest(backend), 'POST', '/roster', { csv }),
    ]);
    expect(asStudent).toMatchObject({ status: 403, error: { code: 'not-allowed', message: 'Only teachers can import a roster.' } });
    expect(asRecruiter).toMatchObject({ status: 403, error: { code: 'not-allowed' } });
    expect(asGuest).toMatchObject({ status: 401, error: { code: 'unauthenticated' } });
    expect(await usersWith(frank)).toEqual([]);
  });
});

describeLocal('the invitation', () => {
  it('signs the student in once from the mailed link to set a password, then they sign in with it', async () => {
    const gil = schoolAddress();
    await importRoster(`${gil},Gil Moss`);
    const [invitation] = await mailsTo(gil);
    const link = new URL(invitation?.links[0] ?? 'http://invalid.example/');
    const userId = link.searchParams.get('userId') ?? '';
    const secret = link.searchParams.get('secret') ?? '';

    const invited = openBrowser(backend);
    await invited.account.createSession({ userId, secret });
    await invited.account.updatePassword({ password: 'maple syrup pancakes 42' });
    await invited.account.deleteSession({ sessionId: 'current' });

    const reused = openBrowser(backend);
    await expect(reused.account.createSession({ userId, secret })).rejects.toMatchObject({ code: 401 });

    const later = openBrowser(backend);
    await later.account.createEmailPasswordSession({ email: gil, password: 'maple syrup pancakes 42' });
    expect(await later.account.get()).toMatchObject({ email: gil, name: 'Gil Moss', labels: ['student'] });
  });
});

describeLocal('through the SDK', () => {
  it('imports a roster as a teacher and refuses anyone else', async () => {
    const [hal, ivy] = [schoolAddress(), schoolAddress()];
    const { portal } = await aTeacher(backend);

    const answer = await portal.roster.import(`email,name\n${hal},Hal Ito\n${ivy},\n`);

    expect(answer).toEqual({
      created: 1,
      results: [
        { line: 2, email: hal, name: 'Hal Ito', outcome: 'created' },
        { line: 3, email: ivy, name: '', outcome: 'missing-name' },
      ],
    });
    const unreadable = await refusal(portal.roster.import(`${ivy},"Ivy`), 'invalid-input');
    expect(unreadable.message).toBe('Line 1: a quoted value is never closed.');
    const byStudent = await refusal((await aStudent(backend)).portal.roster.import(`${ivy},Ivy`), 'not-allowed');
    expect(byStudent.message).toBe('Only teachers can import a roster.');
    await refusal(guestPortal(backend).portal.roster.import(`${ivy},Ivy`), 'unauthenticated');
    expect(await usersWith(ivy)).toEqual([]);
  });

  it('accepts an invitation: sets the password, signs the student in, and the link then says it was used', async () => {
    const jo = schoolAddress();
    await importRoster(`${jo},Jo Park`);
    const link = new URL((await mailsTo(jo))[0]?.links[0] ?? 'http://invalid.example/');
    const secret = { userId: link.searchParams.get('userId') ?? '', secret: link.searchParams.get('secret') ?? '' };
    const { portal, storage } = guestPortal(backend);

    const short = await refusal(portal.auth.acceptInvitation({ ...secret, password: 'short' }), 'invalid-input');
    expect(short.fields).toEqual({ password: 'Password must be at least 8 characters' });
    const common = await refusal(portal.auth.acceptInvitation({ ...secret, password: 'password1' }), 'weak-password');
    expect(common.message).toBe(MESSAGES.commonPassword);
    // The common password did not spend the invitation for good: the same browser tries again.
    const user = await portal.auth.acceptInvitation({ ...secret, password: 'walnut orchard lantern 7' });

    expect(user).toMatchObject({ email: jo, displayName: 'Jo Park', role: 'student', emailVerified: true });
    expect(storage.values.get('isAuthenticated')).toBe('true');
    await portal.auth.signOut();
    expect(await guestPortal(backend).portal.auth.signIn({ email: jo, password: 'walnut orchard lantern 7' })).toMatchObject({ email: jo });
    const reused = await refusal(guestPortal(backend).portal.auth.acceptInvitation({ ...secret, password: 'another good phrase 8' }), 'invalid-input');
    expect(reused.message).toBe(INVITATION_LINK_USED);
  });
});

/** Follows the newest invitation mailed to `address`: a guest browser trades its link for a session and sets a password. */
async function acceptNewestInvitation(address: string, password: string): Promise<void> {
  const link = new URL((await mailsTo(address))[0]?.links[0] ?? 'http://invalid.example/');
  const invited = openBrowser(backend);
  await invited.account.createSession({ userId: link.searchParams.get('userId') ?? '', secret: link.searchParams.get('secret') ?? '' });
  await invited.account.updatePassword({ password });
}

// These read the development outbox, which only the local backend has.
describeLocal('importing again after an import stopped half-way (issue 21, item 9)', () => {
  it('invites again every account that never set a password, and says so apart from members who did', async () => {
    const [kim, lou, max] = [schoolAddress(), schoolAddress(), schoolAddress()];
    const users = new Users(adminClient(backend));
    // What a crash between the account's verification and its invitation leaves: a verified account, no password, no mail.
    const stranded = await users.create({ userId: ID.unique(), email: kim, name: 'Kim Stranded' });
    await users.updateEmailVerification({ userId: stranded.$id, emailVerification: true });
    // Lou was invited but never chose a password; Max did.
    await importRoster(`${lou},Lou\n${max},Max\n`);
    await acceptNewestInvitation(max, 'cedar kettle morning 5');

    const again = await importRoster(`email,name\n${kim},Kim Stranded\n${lou},Lou\n${max},Max\n`);

    expect(again.data?.results.map(({ email, outcome }) => ({ email, outcome }))).toEqual([
      { email: kim, outcome: 'invited-again' },
      { email: lou, outcome: 'invited-again' },
      { email: max, outcome: 'already-member' },
    ]);
    expect(ROSTER_OUTCOME_LABELS['invited-again']).not.toBe(ROSTER_OUTCOME_LABELS['already-member']);
    expect(ROSTER_OUTCOME_LABELS['invited-again']).toMatch(/invited again/i);
    expect(await mailsTo(kim)).toHaveLength(1);
    expect(await mailsTo(lou)).toHaveLength(2);
    expect(await mailsTo(max)).toHaveLength(1);
    expect(await usersWith(kim)).toHaveLength(1);
    // The new link works: Kim chooses a password and signs in with it.
    await acceptNewestInvitation(kim, 'harbour lantern spruce 3');
    const kimLater = openBrowser(backend);
    await kimLater.account.createEmailPasswordSession({ email: kim, password: 'harbour lantern spruce 3' });
    expect(await kimLater.account.get()).toMatchObject({ email: kim, emailVerification: true });
  });
});

describeLocal('imports of the same address at the same moment', () => {
  it('make one account each: one import creates it, the others invite again and never take it away mid-way', async () => {
    const classOf = Array.from({ length: 8 }, () => schoolAddress());
    const csv = classOf.map((email, n) => `${email},Student ${n}`).join('\n');

    const answers = await Promise.all(Array.from({ length: 6 }, () => importRoster(csv)));

    expect(answers.map((answer) => answer.error)).toEqual(answers.map(() => undefined));
    for (const [n, email] of classOf.entries()) {
      const outcomes = answers.map((answer) => answer.data?.results[n]?.outcome).sort();
      expect({ email, outcomes }).toEqual({
        email,
        outcomes: ['created', 'invited-again', 'invited-again', 'invited-again', 'invited-again', 'invited-again'],
      });
      const accounts = await usersWith(email);
      expect(accounts.map(({ name, emailVerification }) => ({ name, emailVerification }))).toEqual([{ name: `Student ${n}`, emailVerification: true }]);
      expect(await mailsTo(email)).toHaveLength(6);
    }
    await acceptNewestInvitation(classOf[0] as string, 'juniper sailboat ember 1');
  });
});

describeLocal('an unverified sign-up with a student’s address before the import (issue 21, item 10)', () => {
  it('is reclaimed by the import: the squatter’s session and password end, and the student gets a normal invitation', async () => {
    const nia = schoolAddress();
    const squatter = openBrowser(backend);
    await squatter.account.create({ userId: ID.unique(), email: nia, password: 'squatter password 99', name: 'Not Nia' });
    await squatter.account.createEmailPasswordSession({ email: nia, password: 'squatter password 99' });
    const squatterId = (await squatter.account.get()).$id;

    const answer = await importRoster(`${nia},Nia Roe`);

    expect(answer.data?.results.map(({ outcome }) => outcome)).toEqual(['created']);
    expect(answer.data?.created).toBe(1);
    await expect(squatter.account.get()).rejects.toMatchObject({ code: 401 });
    await expect(openBrowser(backend).account.createEmailPasswordSession({ email: nia, password: 'squatter password 99' })).rejects.toMatchObject({
      code: 401,
    });
    const [nowNia] = await usersWith(nia);
    expect(nowNia).toMatchObject({ name: 'Nia Roe', emailVerification: true });
    expect(nowNia?.$id).not.toBe(squatterId);
    const [invitation] = await mailsTo(nia);
    expect(invitation?.text).toContain('Hello Nia Roe');
    await acceptNewestInvitation(nia, 'meadow violin copper 4');
    const labelled = await eventually(
      async () => (await usersWith(nia))[0]?.labels ?? [],
      (labels) => labels.includes('student'),
    );
    expect(labelled).toContain('student');
  });
});

describeLocal('the invitation mail (issue 21, item 24)', () => {
  it('says what to do when the link was used or has expired', async () => {
    const ola = schoolAddress();
    await importRoster(`${ola},Ola Berg`);
    const [invitation] = await mailsTo(ola);
    expect(invitation?.text).toContain('use Forgot password? on the sign-in page with your school address, or ask your teacher to send a new invitation');
    const [setPassword, forgotPassword] = (invitation?.links ?? []).map((link) => new URL(link).pathname);
    expect({ setPassword, forgotPassword }).toEqual({ setPassword: '/set-password', forgotPassword: '/forgot-password' });
  });
});

describe('custom login tokens (users.createToken), which the invitation relies on', () => {
  it('answers a secret of the asked length to the key only, within Appwrite’s bounds', async () => {
    const users = new Users(adminClient(backend));
    const created = await users.create({ userId: 'unique()', email: schoolAddress(), name: 'Token Taker' });
    const token = await users.createToken({ userId: created.$id, length: 64, expire: 3600 });
    expect(token).toMatchObject({ userId: created.$id });
    expect(token.secret).toHaveLength(64);
    expect(Date.parse(token.expire) - Date.parse(token.$createdAt)).toBeCloseTo(3_600_000, -4);
    expect((await users.createToken({ userId: created.$id })).secret).toHaveLength(6);
    await expect(users.createToken({ userId: created.$id, length: 3 })).rejects.toMatchObject({ code: 400 });
    await expect(users.createToken({ userId: created.$id, expire: 59 })).rejects.toMatchObject({ code: 400 });
    await expect(users.createToken({ userId: 'nobody' })).rejects.toMatchObject({ code: 404, type: 'user_not_found' });
  });
});
