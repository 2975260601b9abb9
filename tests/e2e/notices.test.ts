import { expect } from 'vitest';
import { Client, Query, TablesDB } from 'node-appwrite';
import type { Page } from 'playwright-core';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { DEMO_SCHOOLS } from '../../scripts/demo/demo-data.ts';
import { signIn, signUp } from './support/accounts.ts';
import { runDigestNow, type OutboxMessage } from './support/digest.ts';
import type { E2eContext } from './support/global-setup.ts';
import { journey, useChromium } from './support/journey.ts';
import { files, outboxLink, unique, waitingOn } from './support/steps.ts';

/**
 * Every role is told what needs them (issue 24), end to end in Chromium with several people at once:
 * a new recruiter posts and the teacher's bell and Approvals count change live, with an e-mail in the
 * outbox; the teacher approves from the bell and the recruiter is told; a student applies and the
 * recruiter is told; the application, made 8 days old, reminds the recruiter on the daily run; closing
 * the posting tells the student "not selected this time".
 */

useChromium();

const bell = (page: Page) => page.getByRole('button', { name: /^Notifications, \d+ unread$/ });
const unreadOf = async (page: Page): Promise<number> => Number((await bell(page).getAttribute('aria-label'))?.match(/(\d+) unread/)?.[1] ?? NaN);
async function mailsTo(portal: E2eContext, email: string): Promise<OutboxMessage[]> {
  const answer = await fetch(`${portal.url}/v1/dev/outbox?to=${encodeURIComponent(email)}`);
  return ((await answer.json()) as { messages: OutboxMessage[] }).messages;
}

/** Makes the student's application to the posting `days` old: the one thing no page can do. */
async function ageApplication(portal: E2eContext, jobTitle: string, days: number): Promise<void> {
  const tables = new TablesDB(new Client().setEndpoint(`${portal.url}/v1`).setProject(portal.projectId).setKey(portal.apiKey));
  const { rows } = await tables.listRows({ databaseId: 'portal', tableId: 'applications', queries: [Query.equal('jobTitle', jobTitle)] });
  expect(rows).toHaveLength(1);
  const createdAt = new Date(Date.now() - days * 86_400_000).toISOString();
  await tables.updateRow({ databaseId: 'portal', tableId: 'applications', rowId: rows[0]!.$id, data: { $createdAt: createdAt } });
}

journey(
  'a recruiter posts, the teacher is told live and approves, a student applies, the recruiter is reminded and closes',
  async ({ portal, window, focus }) => {
    const { liam: student, nguyen: teacher } = portal.people;
    const organisation = unique('Harbourfront Kayaks');
    const title = unique('Kayak Rental Helper');
    const email = `${unique('e2e-kayaks').replace(' ', '-')}@harbourfront.example`;

    // The teacher is on their home page, which says what needs them.
    const teacherPage = await window();
    await signIn(teacherPage, teacher!);
    await teacherPage.getByRole('heading', { name: 'What needs you' }).waitFor();
    await bell(teacherPage).waitFor();
    const unreadBefore = await unreadOf(teacherPage);
    const approvalsBefore = await waitingOn(teacherPage, 'Approvals');

    // A new recruiter signs up and posts: they are told it waits, not that it is live.
    const page = await window('/signup');
    await signUp(page, { name: unique('Kai Harbour'), email, password: 'e2e-employer-pass' });
    await page.goto(await outboxLink(portal, email));
    await page.getByText('Your e-mail address is verified.').waitFor();
    await page.goto('/post-job');
    const form = page.getByRole('form', { name: 'Post a New Opportunity' });
    await form.getByLabel('Posting type').selectOption('Gig');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Company or organization').fill(organisation);
    await form.getByLabel('Description').fill('Hand out paddles and life jackets on summer weekends.');
    await form.getByLabel('Location').selectOption('Milton');
    await form.getByRole('button', { name: 'Post Opportunity' }).click();
    await page.waitForURL(/\/job\/[^/]+$/);
    await page.getByRole('status').filter({ hasText: 'Students will see it once a school approves your organisation' }).waitFor();
    const postingPath = new URL(page.url()).pathname;

    // The teacher's bell and Approvals count change without a reload, and a mail is in the outbox.
    focus(teacherPage);
    await expect.poll(() => unreadOf(teacherPage)).toBeGreaterThan(unreadBefore);
    await expect.poll(() => waitingOn(teacherPage, 'Approvals')).toBe(approvalsBefore + 1);
    await expect
      .poll(async () =>
        (await mailsTo(portal, teacher!.email)).some(
          (mail) => mail.subject === "An employer is waiting for your school's approval" && mail.text.includes(title),
        ),
      )
      .toBe(true);

    // The teacher follows the notice to Approvals and approves for their school.
    await bell(teacherPage).click();
    await teacherPage.getByRole('link', { name: new RegExp(`${organisation} is waiting`) }).click();
    await teacherPage.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
    const waiting = teacherPage
      .getByRole('list', { name: 'Employers waiting for approval' })
      .getByRole('listitem', { name: `${organisation}, ${DEMO_SCHOOLS.escarpment}` });
    await waiting.getByRole('button', { name: `Approve for ${DEMO_SCHOOLS.escarpment}` }).click();
    await waiting.waitFor({ state: 'detached' });
    await expect.poll(() => waitingOn(teacherPage, 'Approvals')).toBe(approvalsBefore);

    // The recruiter is told, in their bell.
    focus(page);
    await expect.poll(() => unreadOf(page)).toBeGreaterThan(0);
    await bell(page).click();
    await page
      .getByRole('link', { name: `${DEMO_SCHOOLS.escarpment} approved ${organisation}: your postings meant for it are now visible to students.` })
      .waitFor();
    await bell(page).click();

    // A student applies; the recruiter's bell and Applications count say so.
    const applicant = await window();
    await signIn(applicant, student!);
    await applicant.goto(postingPath);
    await applicant.getByRole('link', { name: 'Apply To Opportunity' }).click();
    await applicant.getByLabel('Relevant experiences').fill('Canoe camp counsellor.');
    await applicant.getByLabel('Why are you interested in this role?').fill('I love the water.');
    await applicant.getByLabel('What are your career goals?').fill('Outdoor education.');
    await applicant.getByLabel('Resume (PDF)').setInputFiles(files.pdf());
    await applicant.getByRole('button', { name: 'Submit application' }).click();
    await applicant.getByText(MESSAGES.applicationSubmitted).waitFor();
    focus(page);
    await expect.poll(() => waitingOn(page, 'Applications')).toBe(1);
    await bell(page).click();
    await page.getByRole('link', { name: `${student!.name} applied to ${title}.` }).waitFor();
    await bell(page).click();

    // Eight days later (the application back-dated), the daily run reminds the recruiter.
    await ageApplication(portal, title, 8);
    await runDigestNow(portal);
    await bell(page).click();
    await page.getByRole('link', { name: `${student!.name} has waited 8 days for an answer about ${title}.` }).waitFor();
    await bell(page).click();

    // The recruiter closes the posting without answering: the student is told, never left in silence.
    await page.goto(postingPath);
    await page.getByRole('button', { name: 'Close Opportunity' }).click();
    focus(applicant);
    await bell(applicant).click();
    await applicant.getByRole('link', { name: new RegExp(`Your application for ${title} was not selected this time`) }).waitFor();
    await expect.poll(async () => (await mailsTo(portal, student!.email)).some((mail) => mail.text.includes(`${title} was not selected this time`))).toBe(true);
  },
);

journey('each role lands on a home that says what waits for them', async ({ portal, window }) => {
  const { jordan: recruiter, nguyen: teacher } = portal.people;
  const teacherPage = await window();
  await signIn(teacherPage, teacher!);
  await teacherPage.getByRole('heading', { name: 'What needs you' }).waitFor();
  await teacherPage.getByRole('heading', { name: `Your students at ${DEMO_SCHOOLS.escarpment}` }).waitFor();
  await teacherPage.getByRole('table', { name: 'Furthest behind on hours' }).waitFor();

  const recruiterPage = await window();
  await signIn(recruiterPage, recruiter!);
  await recruiterPage.getByRole('heading', { name: 'Your postings' }).waitFor();
  await recruiterPage.getByRole('table', { name: 'Applicants per posting' }).waitFor();
});
