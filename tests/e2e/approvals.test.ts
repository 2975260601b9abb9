import { expect } from 'vitest';
import { DEMO_SCHOOLS } from '../../scripts/demo/demo-data.ts';
import { signIn, signUp } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';
import { followNav, outboxLink, unique } from './support/steps.ts';

/**
 * Employer approval (issue 15, item 2), end to end: a new recruiter posts and is told the posting
 * waits for the school's approval; a student cannot open it; a teacher approves the employer from the
 * Approvals page for their school, where the demo's waiting employer is queued too; the student of
 * that school then opens the posting, and a student of the other school still cannot.
 */

useChromium();

journey('a new recruiter posts, waits, is approved, and a student then sees the posting', async ({ portal, window, focus }) => {
  const { liam: student, noah: otherSchoolStudent, nguyen: teacher } = portal.people;
  const organisation = unique('Riverbend Bike Shop');
  const title = unique('Bike Repair Helper');
  const email = `${unique('e2e-new-employer').replace(' ', '-')}@riverbend.example`;

  // A new recruiter signs up, verifies and posts a gig.
  const page = await window('/signup');
  await signUp(page, { name: unique('Rita Rivers'), email, password: 'e2e-employer-pass' });
  await page.goto(await outboxLink(portal, email));
  await page.getByText('Your e-mail address is verified.').waitFor();
  await page.goto('/post-job');
  const form = page.getByRole('form', { name: 'Post a New Opportunity' });
  await form.getByLabel('Posting type').selectOption('Gig');
  await form.getByLabel('Title').fill(title);
  await form.getByLabel('Company or organization').fill(organisation);
  await form.getByLabel('Description').fill('Help fix flats and tune bikes on Saturday mornings.');
  await form.getByLabel('Location').selectOption('Milton');
  await form.getByRole('button', { name: 'Post Opportunity' }).click();
  await page.waitForURL(/\/job\/[^/]+$/);
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  await page.getByText("Waiting for the school's approval").waitFor();
  const postingPath = new URL(page.url()).pathname;

  // A student cannot open it yet.
  const studentPage = await window();
  await signIn(studentPage, student!);
  await studentPage.goto(postingPath);
  await studentPage.getByText('Job not found').waitFor();

  // A teacher finds the new employer (and the demo's waiting one) on Approvals, and approves it.
  const teacherPage = await window();
  await signIn(teacherPage, teacher!);
  await followNav(teacherPage, 'Approvals');
  await teacherPage.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
  const waitingList = teacherPage.getByRole('list', { name: 'Employers waiting for approval' });
  await waitingList.getByRole('listitem', { name: `Brightside Day Camps, ${DEMO_SCHOOLS.escarpment}` }).waitFor();
  const waiting = waitingList.getByRole('listitem', { name: `${organisation}, ${DEMO_SCHOOLS.escarpment}` });
  await waiting.getByRole('link', { name: title }).waitFor();
  const today = new Date().toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  await waiting.getByText(`Asked on ${today}`).waitFor();
  // The teacher decides for their own school (issue 23): each school approves an employer for itself.
  await waiting.getByRole('button', { name: `Approve for ${DEMO_SCHOOLS.escarpment}` }).click();
  await waiting.waitFor({ state: 'detached' });
  await teacherPage
    .getByRole('status')
    .filter({ hasText: `Approved ${organisation} for ${DEMO_SCHOOLS.escarpment}. The employer was e-mailed.` })
    .waitFor();
  const decided = teacherPage.getByRole('list', { name: 'Employers decided' }).getByRole('listitem', { name: `${organisation}, ${DEMO_SCHOOLS.escarpment}` });
  await decided.getByRole('button', { name: `Decline for ${DEMO_SCHOOLS.escarpment}` }).waitFor();
  // Declining asks for the reason in place, then confirms in a dialog; Cancel changes nothing.
  await decided.getByRole('button', { name: `Decline for ${DEMO_SCHOOLS.escarpment}` }).click();
  await decided.getByText('Please give the employer a reason for declining').waitFor();
  await decided.getByLabel('Reason for declining (mailed to the employer)').fill('Changed our mind');
  await decided.getByRole('button', { name: `Decline for ${DEMO_SCHOOLS.escarpment}` }).click();
  const confirmDecline = teacherPage.getByRole('alertdialog', { name: `Decline ${organisation}?` });
  await confirmDecline.getByRole('button', { name: 'Cancel' }).click();
  await confirmDecline.waitFor({ state: 'detached' });
  // Nothing was decided: read again from the server, the employer is still approved (Decline is still offered).
  await teacherPage.reload();
  await decided.getByRole('button', { name: `Decline for ${DEMO_SCHOOLS.escarpment}` }).waitFor();
  expect(await decided.getByRole('button', { name: `Approve for ${DEMO_SCHOOLS.escarpment}` }).count()).toBe(0);

  // The student now opens the posting, and the recruiter's mark is gone; the other school has not decided yet.
  focus(studentPage);
  await studentPage.reload();
  await studentPage.getByRole('heading', { level: 1, name: title }).waitFor();
  const otherPage = await window();
  await signIn(otherPage, otherSchoolStudent!);
  await otherPage.goto(postingPath);
  await otherPage.getByText('Job not found').waitFor();
  focus(page);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  expect(await page.getByText("Waiting for the school's approval").count()).toBe(0);

  // The teacher declines after all: confirmed in the dialog, the page says what happened, with focus on it.
  focus(teacherPage);
  await decided.getByRole('button', { name: `Decline for ${DEMO_SCHOOLS.escarpment}` }).click();
  await decided.getByLabel('Reason for declining (mailed to the employer)').fill('Changed our mind');
  await decided.getByRole('button', { name: `Decline for ${DEMO_SCHOOLS.escarpment}` }).click();
  await confirmDecline.getByRole('button', { name: `Decline for ${DEMO_SCHOOLS.escarpment}` }).click();
  const declined = teacherPage.getByRole('status').filter({ hasText: `Declined ${organisation} for ${DEMO_SCHOOLS.escarpment}. The employer was e-mailed.` });
  await declined.waitFor();
  await expect.poll(() => declined.evaluate((element) => element === document.activeElement)).toBe(true);
});
