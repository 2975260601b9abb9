import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Query } from 'appwrite';
import { Functions, Query as NodeQuery, Teams, Users } from 'node-appwrite';
import { adminClient, itLocal, type TestBackend } from '../support/backend.ts';
import { signedInBrowser } from '../support/browser.ts';
import { command, eventually, execute, guest, SETTINGS, startPortalBackend, uniqueLocal, type Member } from '../support/portal.ts';
import { aPosting } from '../support/postings.ts';
import { joinSchool, SCHOOL_A } from '../support/schools.ts';
import { verifyThroughOutbox as verifyThrough } from '../support/outbox.ts';

/**
 * The `roles` function end to end (spec section 6, architecture sections 4 and 9): sign-up creates
 * the profile, e-mail verification labels the account (a school role only for the address it was
 * created with), read back through the member's own session. Deployment settings:
 * SCHOOL_DOMAIN=school.example, TEACHER_EMAILS=principal@board.example.
 */

let backend: TestBackend;
let users: Users;

beforeAll(async () => {
  backend = await startPortalBackend();
  users = new Users(adminClient(backend));
});

afterAll(async () => {
  await backend.close();
});

interface ProfileRow {
  $id: string;
  $permissions: string[];
  email: string;
  name: string;
  role: string | null;
  isPublic: boolean;
  contactEmail: string;
}

function ownProfile(browser: Member): Promise<ProfileRow | undefined> {
  return browser.tablesDB
    .listRows({ databaseId: 'portal', tableId: 'profiles', queries: [Query.equal('$id', browser.userId)] })
    .then((list) => list.rows[0] as unknown as ProfileRow | undefined);
}

async function settled(browser: Member, role: string | null): Promise<{ labels: string[]; profile: ProfileRow | undefined }> {
  const account = await eventually(
    () => browser.account.get(),
    (user) => (role ? user.labels.includes(role) : true),
  );
  const profile = await eventually(
    () => ownProfile(browser),
    (row) => row !== undefined && row.role === role,
  );
  return { labels: account.labels, profile };
}

/** Waits until every execution of `roles` so far has finished. */
async function rolesIdle(): Promise<void> {
  const functions = new Functions(adminClient(backend));
  const unfinished = () => functions.listExecutions({ functionId: 'roles', queries: [NodeQuery.equal('status', ['waiting', 'processing'])] });
  expect((await eventually(unfinished, (list) => list.total === 0)).total).toBe(0);
}

function verifyThroughOutbox(browser: Member, address = browser.email): Promise<void> {
  return verifyThrough(backend.endpoint, browser.account, address);
}

describe('role labels from the e-mail address', () => {
  it('creates a public profile at sign-up, and labels any other address a recruiter only once it is verified', async () => {
    const email = `${uniqueLocal('hr')}@acme.example`;
    const browser = await signedInBrowser(backend, { email, name: 'Rita Recruiter' });
    const before = await settled(browser, null);
    expect(before.profile).toMatchObject({ $id: browser.userId, email, name: 'Rita Recruiter', role: null, isPublic: true, contactEmail: email });
    // Not verified yet, so nobody but its owner reads it (issue 15).
    expect(before.profile!.$permissions).toEqual([`read("user:${browser.userId}")`]);
    await rolesIdle();
    expect((await browser.account.get()).labels).toEqual([]);

    await users.updateEmailVerification({ userId: browser.userId, emailVerification: true });
    const { labels, profile } = await settled(browser, 'recruiter');
    expect(labels).toEqual(['recruiter']);
    expect(profile).toMatchObject({ role: 'recruiter', email });
    await rolesIdle();
    expect((await ownProfile(browser))!.$permissions).toEqual([
      `read("user:${browser.userId}")`,
      'read("label:student")',
      'read("label:teacher")',
      'read("label:recruiter")',
    ]);
  });

  // Local only: the verification link is read from the local backend's development outbox.
  itLocal('gives an unverified school address no label until it is verified through the e-mailed link, then labels it a student', async () => {
    const email = `${uniqueLocal('1')}@${SETTINGS.schoolDomain}`;
    const browser = await signedInBrowser(backend, { email, name: 'Sam Student' });
    const before = await settled(browser, null);
    expect(before.labels).toEqual([]);
    expect(before.profile).toMatchObject({ role: null, email, contactEmail: email, isPublic: true });

    await verifyThroughOutbox(browser);
    const after = await settled(browser, 'student');
    expect(after.labels).toEqual(['student']);
    // The mail is signed with the product's name (appwrite.config.json's projectName), not the project id.
    const mailbox = (await (await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(email)}`)).json()) as { messages: Array<{ text: string }> };
    expect(mailbox.messages[0]?.text.trimEnd().split('\n').at(-1)).toBe('Opportunity Kit team');
    expect(after.profile).toMatchObject({ role: 'student', email });
  });

  it('gives a verified staff address no powers until a school adds it to its staff, and takes them when it leaves (issue 23)', async () => {
    const browser = await signedInBrowser(backend, { email: `${uniqueLocal('ms.lee')}@${SETTINGS.schoolDomain}` });
    expect((await settled(browser, null)).labels).toEqual([]);
    await users.updateEmailVerification({ userId: browser.userId, emailVerification: true });
    await rolesIdle();
    // Address shape is no authority: verified, it is still nobody's teacher.
    expect((await settled(browser, null)).labels).toEqual([]);
    expect((await execute(browser, 'commands', 'GET', '/hours/queue')).status).toBe(403);

    await joinSchool(backend, SCHOOL_A, browser.userId, { staffRoles: ['teacher'] });
    const { labels, profile } = await settled(browser, 'teacher');
    expect(labels).toEqual(['teacher']);
    expect(profile!.role).toBe('teacher');

    const teams = new Teams(adminClient(backend));
    const { memberships } = await teams.listMemberships({ teamId: SCHOOL_A.id, queries: [NodeQuery.equal('userId', browser.userId)] });
    await teams.deleteMembership({ teamId: SCHOOL_A.id, membershipId: memberships[0]!.$id });
    const after = await eventually(
      () => browser.account.get(),
      (user) => !user.labels.includes('teacher'),
    );
    expect(after.labels).toEqual([]);
  });

  // Local only: the verification link is read from the local backend's development outbox.
  itLocal('labels the listed teacher address a teacher once verified', async () => {
    const browser = await signedInBrowser(backend, { email: SETTINGS.teacherEmail });
    expect((await settled(browser, null)).labels).toEqual([]);
    await verifyThroughOutbox(browser);
    expect((await settled(browser, 'teacher')).labels).toEqual(['teacher']);
  });

  it('matches the school domain exactly: a verified look-alike domain is a recruiter, even starting with 1', async () => {
    const browser = await signedInBrowser(backend, { email: `${uniqueLocal('1')}@evil-${SETTINGS.schoolDomain}` });
    await users.updateEmailVerification({ userId: browser.userId, emailVerification: true });
    expect((await settled(browser, 'recruiter')).labels).toEqual(['recruiter']);
    const sub = await signedInBrowser(backend, { email: `${uniqueLocal('1')}@sub.${SETTINGS.schoolDomain}` });
    await users.updateEmailVerification({ userId: sub.userId, emailVerification: true });
    expect((await settled(sub, 'recruiter')).labels).toEqual(['recruiter']);
  });

  it('keeps labels that are not roles, and repeated events change nothing', async () => {
    const browser = await signedInBrowser(backend, { email: `${uniqueLocal('hr')}@acme.example` });
    await users.updateEmailVerification({ userId: browser.userId, emailVerification: true });
    await settled(browser, 'recruiter');
    await users.updateLabels({ userId: browser.userId, labels: ['mentor', 'recruiter'] });
    // Verification fires the function again for the same account.
    await users.updateEmailVerification({ userId: browser.userId, emailVerification: true });
    await users.updateEmailVerification({ userId: browser.userId, emailVerification: false });
    await users.updateEmailVerification({ userId: browser.userId, emailVerification: true });
    await rolesIdle();
    expect((await browser.account.get()).labels.sort()).toEqual(['mentor', 'recruiter']);
    expect((await ownProfile(browser))!.role).toBe('recruiter');
  });

  // Local only: the verification link is read from the local backend's development outbox.
  itLocal("takes a verified recruiter's role away when the address changes to a school one, and gives no school role for it even once verified", async () => {
    const browser = await signedInBrowser(backend, { email: `${uniqueLocal('hr')}@acme.example` });
    await users.updateEmailVerification({ userId: browser.userId, emailVerification: true });
    await settled(browser, 'recruiter');

    const schoolAddress = `${uniqueLocal('ms.park')}@${SETTINGS.schoolDomain}`;
    const moved = await browser.account.updateEmail({ email: schoolAddress, password: browser.password });
    expect(moved.emailVerification).toBe(false);
    const profile = await eventually(
      () => ownProfile(browser),
      (row) => row?.email === schoolAddress,
    );
    expect(profile).toMatchObject({ role: null, email: schoolAddress, contactEmail: schoolAddress });
    await rolesIdle();
    expect((await browser.account.get()).labels).toEqual([]);
    // Neither the old role nor the new one acts: the server reads the labels again on every command.
    expect(await command(browser, 'POST', '/jobs', aPosting())).toMatchObject({ status: 403, error: { code: 'not-allowed' } });

    // A school role comes only with the address the account was created with (architecture section 9).
    await verifyThroughOutbox(browser, schoolAddress);
    expect((await browser.account.get()).emailVerification).toBe(true);
    await rolesIdle();
    expect((await browser.account.get()).labels).toEqual([]);
    expect(await ownProfile(browser)).toMatchObject({ role: null, email: schoolAddress });
  });

  it("takes a student's role away when the address moves outside the school, and gives the recruiter role once that address is verified", async () => {
    const browser = await signedInBrowser(backend, { email: `${uniqueLocal('1')}@${SETTINGS.schoolDomain}` });
    await users.updateEmailVerification({ userId: browser.userId, emailVerification: true });
    await settled(browser, 'student');
    const outside = `${uniqueLocal('alum')}@acme.example`;
    await users.updateEmail({ userId: browser.userId, email: outside });
    const moved = await settled(browser, null);
    expect(moved.profile).toMatchObject({ role: null, email: outside });
    expect((await browser.account.get()).labels).toEqual([]);
    await users.updateEmailVerification({ userId: browser.userId, emailVerification: true });
    const after = await settled(browser, 'recruiter');
    expect(after.labels).toEqual(['recruiter']);
    expect(after.profile).toMatchObject({ role: 'recruiter', email: outside });
  });

  it('makes the new profile readable by other members once its address is verified, never by guests', async () => {
    const first = await signedInBrowser(backend, { email: `${uniqueLocal('hr')}@acme.example` });
    const second = await signedInBrowser(backend, { email: `${uniqueLocal('hr')}@acme.example` });
    await settled(first, null);
    await settled(second, null);
    const seenBy = async (viewer: Member) =>
      (await viewer.tablesDB.listRows({ databaseId: 'portal', tableId: 'profiles', queries: [Query.equal('$id', first.userId)] })).rows.map((row) => row.$id);
    expect(await seenBy(second)).toEqual([]);

    for (const browser of [first, second]) await users.updateEmailVerification({ userId: browser.userId, emailVerification: true });
    await settled(first, 'recruiter');
    await settled(second, 'recruiter');
    expect(
      await eventually(
        () => seenBy(second),
        (ids) => ids.length > 0,
      ),
    ).toEqual([first.userId]);
    const guestView = await guest(backend).tablesDB.listRows({ databaseId: 'portal', tableId: 'profiles' });
    expect(guestView.total).toBe(0);
  });
});
