import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Users } from 'node-appwrite';
import { rosterResendMessage, type RosterResendAnswer } from '@opportunity-kit/sdk/domain';
import { adminClient, describeLocal, startTestBackend, type TestBackend } from '../support/backend.ts';
import { openBrowser } from '../support/browser.ts';
import { command, guest, hermeticProjectRoot, recruiter, SETTINGS, startPortalBackend, student, teacher, uniqueLocal, type Member } from '../support/portal.ts';
import { aTeacher, refusal } from '../support/portal-sdk.ts';

/**
 * A teacher sends a student of the roster a new way in (issue 21, items 24 and 25): `POST
 * /roster/resend` mails a new invitation while the account has no password yet, and a password reset
 * link (Appwrite's recovery mail, within Appwrite's abuse limits) once it has one. Teachers only, and
 * only to students' school addresses.
 */

let backend: TestBackend;
let teacherTom: Member;

beforeAll(async () => {
  backend = await startPortalBackend();
  teacherTom = await teacher(backend);
}, 60_000);
afterAll(() => backend?.close());

const schoolAddress = (): string => `${uniqueLocal('1s')}@${SETTINGS.schoolDomain}`;
const resend = (email: string, by: Member = teacherTom) => command<RosterResendAnswer>(by, 'POST', '/roster/resend', { email });
const importRoster = (csv: string) => command(teacherTom, 'POST', '/roster', { csv });

interface Mail {
  subject: string;
  text: string;
  links: string[];
}

async function mailsTo(endpoint: string, address: string): Promise<Mail[]> {
  const response = await fetch(`${endpoint}/dev/outbox?to=${encodeURIComponent(address)}`);
  return ((await response.json()) as { messages: Mail[] }).messages;
}

const secretOf = (link: string | undefined) => {
  const url = new URL(link ?? 'http://invalid.example/');
  return { userId: url.searchParams.get('userId') ?? '', secret: url.searchParams.get('secret') ?? '' };
};

describe('who may send which address a new link', () => {
  it('is for teachers only', async () => {
    const email = schoolAddress();
    await importRoster(`${email},Only Teachers`);
    const [asStudent, asRecruiter, asGuest] = await Promise.all([
      student(backend).then((member) => resend(email, member)),
      recruiter(backend).then((member) => resend(email, member)),
      command(guest(backend), 'POST', '/roster/resend', { email }),
    ]);
    expect(asStudent).toMatchObject({ status: 403, error: { code: 'not-allowed', message: 'Only teachers can send students a new link.' } });
    expect(asRecruiter).toMatchObject({ status: 403, error: { code: 'not-allowed' } });
    expect(asGuest).toMatchObject({ status: 401, error: { code: 'unauthenticated' } });
  });

  it("sends only to a student's school address that has an account", async () => {
    const [teacherAddress, elsewhere, malformed, unknown] = await Promise.all([
      resend(teacherTom.email),
      resend('1kid@elsewhere.example'),
      resend('not an address'),
      resend(schoolAddress()),
    ]);
    expect(teacherAddress).toMatchObject({ status: 400, error: { code: 'invalid-input', fields: { email: expect.stringContaining('school address') } } });
    expect(elsewhere).toMatchObject({ status: 400, error: { code: 'invalid-input' } });
    expect(malformed).toMatchObject({ status: 400, error: { code: 'invalid-input', fields: { email: 'Please enter a valid email address' } } });
    expect(unknown).toMatchObject({
      status: 404,
      error: { code: 'not-found', message: 'No account uses this address yet. Import it with the roster to create one.' },
    });
  });

  it('refuses a blocked account', async () => {
    const email = schoolAddress();
    await importRoster(`${email},Blocked Student`);
    const [user] = (await new Users(adminClient(backend)).list({ search: email })).users;
    await new Users(adminClient(backend)).updateStatus({ userId: user?.$id ?? '', status: false });
    expect(await resend(email)).toMatchObject({ status: 403, error: { code: 'not-allowed' } });
  });
});

// Local only: the mails are read in the development outbox.
describeLocal('what the student gets', () => {
  it('a new invitation while the account has no password: its link signs the student in once to set one', async () => {
    const email = schoolAddress();
    await importRoster(`${email},Una Used`);
    const [first] = await mailsTo(backend.endpoint, email);
    // The first invitation was used (signed in) but no password was set, and the session is gone.
    const firstLink = secretOf(first?.links[0]);
    await openBrowser(backend).account.createSession(firstLink);

    const answer = await resend(` ${email.toUpperCase()} `);

    expect(answer).toEqual({ status: 200, data: { email, sent: 'invitation' }, error: undefined });
    const [fresh, old] = await mailsTo(backend.endpoint, email);
    expect(old).toBeDefined();
    expect(fresh?.subject).toBe('Your school account on Opportunity Kit');
    expect(fresh?.text).toContain('Forgot password?');
    expect(new URL(fresh?.links[0] ?? 'http://invalid.example/').pathname).toBe('/set-password');
    const browser = openBrowser(backend);
    await browser.account.createSession(secretOf(fresh?.links[0]));
    await browser.account.updatePassword({ password: 'back in at last 21' });
    await openBrowser(backend).account.createEmailPasswordSession({ email, password: 'back in at last 21' });
  });

  it('a password reset link once the account has a password, leading to the portal with the address', async () => {
    const email = schoolAddress();
    await importRoster(`${email},Pat Forgot`);
    const invited = openBrowser(backend);
    await invited.account.createSession(secretOf((await mailsTo(backend.endpoint, email))[0]?.links[0]));
    await invited.account.updatePassword({ password: 'soon forgotten 22' });

    const answer = await resend(email);

    expect(answer.data).toEqual({ email, sent: 'reset-link' });
    const [reset] = await mailsTo(backend.endpoint, email);
    expect(reset?.subject).toBe('Password Reset for Opportunity Kit');
    const link = new URL(reset?.links[0] ?? 'http://invalid.example/');
    expect(`${link.origin}${link.pathname}`).toBe(`${backend.local?.url}/reset-password`);
    expect(link.searchParams.get('email')).toBe(email);
    await openBrowser(backend).account.updateRecovery({ ...secretOf(reset?.links[0]), password: 'remembered now 23' });
    await openBrowser(backend).account.createEmailPasswordSession({ email, password: 'remembered now 23' });
  });

  it('through the SDK, with the words the teacher reads', async () => {
    const email = schoolAddress();
    await importRoster(`${email},Sid Sdk`);
    const { portal } = await aTeacher(backend);
    const answer = await portal.roster.resend(email);
    expect(answer).toEqual({ email, sent: 'invitation' });
    expect(rosterResendMessage(answer)).toBe(`A new invitation was sent to ${email}. Its link works once, for 7 days.`);
    const typo = await refusal(portal.roster.resend('not an address'), 'invalid-input');
    expect(typo.fields).toEqual({ email: 'Please enter a valid email address' });
  });
});

// Local only: a backend of its own with Appwrite's abuse limits on, whose counters start at zero.
describeLocal("Appwrite's limit on reset mails", () => {
  it('refuses the 11th reset link for an address in an hour with rate-limited', async () => {
    const project = hermeticProjectRoot();
    const limited = await startTestBackend({ projectRoot: project.root, abuseLimits: true });
    try {
      const teacherTia = await teacher(limited);
      const pupil = await student(limited);
      const answers: number[] = [];
      for (let ask = 1; ask <= 10; ask++)
        answers.push((await command<RosterResendAnswer>(teacherTia, 'POST', '/roster/resend', { email: pupil.email })).status);
      expect(answers).toEqual(Array<number>(10).fill(200));
      const refused = await command(teacherTia, 'POST', '/roster/resend', { email: pupil.email });
      expect(refused).toMatchObject({ status: 429, error: { code: 'rate-limited', message: expect.stringContaining('Forgot password?') } });
      expect(await mailsTo(limited.endpoint, pupil.email)).toHaveLength(10);
    } finally {
      await limited.close();
      project.remove();
    }
  }, 60_000);
});
