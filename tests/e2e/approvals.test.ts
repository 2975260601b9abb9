import { expect } from 'vitest';
import { signIn, signUp } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';
import { outboxLink, unique } from './support/steps.ts';

/**
 * Employer approval (issue 15, item 2), end to end: a new recruiter posts and is told the posting
 * waits for the school's approval; a student cannot open it; a teacher approves the employer from the
 * Approvals page, where the demo's waiting employer is queued too; the student then opens the posting.
 */

useChromium();

journey('a new recruiter posts, waits, is approved, and a student then sees the posting', async ({ portal, window, focus }) => {
  const { liam: student, nguyen: teacher } = portal.people;
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
  await teacherPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Approvals' }).click();
  await teacherPage.getByRole('heading', { level: 1, name: 'Approvals' }).waitFor();
  await teacherPage.getByRole('listitem', { name: 'Brightside Day Camps' }).waitFor();
  const waiting = teacherPage.getByRole('listitem', { name: organisation });
  await waiting.getByRole('link', { name: title }).waitFor();
  await waiting.getByRole('button', { name: 'Approve' }).click();
  await waiting.waitFor({ state: 'detached' });

  // The student now opens the posting, and the recruiter's mark is gone.
  focus(studentPage);
  await studentPage.reload();
  await studentPage.getByRole('heading', { level: 1, name: title }).waitFor();
  focus(page);
  await page.reload();
  await page.getByRole('heading', { level: 1, name: title }).waitFor();
  expect(await page.getByText("Waiting for the school's approval").count()).toBe(0);
});
