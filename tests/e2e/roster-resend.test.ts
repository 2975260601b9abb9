import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { signIn } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';
import { outboxLink } from './support/steps.ts';

/**
 * A teacher sends a student a new link from the roster page (issue 21, items 24 and 25): the student's
 * invitation was spent without a password being set, so a new invitation goes out, and the student
 * sets a password with it on a phone. Once the student has a password, the same form sends a
 * password reset link instead.
 */

useChromium();

const PHONE = { width: 390, height: 844 };

journey('a teacher sends a student a new invitation, then a reset link, from the roster page', async ({ portal, window, focus }) => {
  const tag = randomBytes(3).toString('hex');
  const kim = { email: `1kim${tag}@${portal.schoolDomain}`, name: `Kim Lost ${tag}` };

  const teacherPage = await window();
  await signIn(teacherPage, portal.people.nguyen!);
  await teacherPage.goto('/roster');
  await teacherPage.getByLabel('Or paste the lines').fill(`${kim.email},${kim.name}`);
  await teacherPage.getByRole('button', { name: 'Preview import' }).click();
  await teacherPage.getByRole('status').filter({ hasText: 'Preview:' }).waitFor();
  await teacherPage.getByRole('button', { name: 'Confirm import' }).click();
  await teacherPage.getByRole('status').filter({ hasText: 'Import finished' }).waitFor();
  const firstInvitation = await outboxLink(portal, kim.email);

  // Kim lost the mail: the teacher sends a new link; the account has no password, so it is an invitation.
  const resend = teacherPage.getByRole('region', { name: 'Send a student a new link' });
  await resend.getByLabel("Student's school email").fill(kim.email);
  await resend.getByRole('button', { name: 'Send new link' }).click();
  await resend
    .getByRole('status')
    .filter({ hasText: `A new invitation was sent to ${kim.email}.` })
    .waitFor();
  let invitation = await outboxLink(portal, kim.email);
  await expect.poll(async () => (invitation = await outboxLink(portal, kim.email))).not.toBe(firstInvitation);

  const kimPage = await window(new URL(invitation).pathname + new URL(invitation).search);
  await kimPage.setViewportSize(PHONE);
  await kimPage.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor();
  const password = `found my way ${tag}`;
  await kimPage.getByLabel('Password', { exact: true }).fill(password);
  await kimPage.getByLabel('Confirm password').fill(password);
  await kimPage.getByRole('button', { name: 'Set password' }).click();
  await kimPage.waitForURL('**/landing');

  // The invitation, used up now, says how to get a new link, and leads there.
  const spent = await window(new URL(invitation).pathname + new URL(invitation).search);
  await spent.setViewportSize(PHONE);
  await spent.getByLabel('Password', { exact: true }).fill(`not needed now ${tag}`);
  await spent.getByLabel('Confirm password').fill(`not needed now ${tag}`);
  await spent.getByRole('button', { name: 'Set password' }).click();
  await spent.getByRole('alert').filter({ hasText: '"Forgot password?" on the sign-in page' }).waitFor();
  await spent.getByRole('link', { name: 'Get a new link' }).click();
  await spent.waitForURL('**/forgot-password');

  // Now Kim has a password: the same form sends a reset link.
  await resend.getByRole('button', { name: 'Send new link' }).click();
  await resend.getByRole('status').filter({ hasText: 'so a link to reset it was sent' }).waitFor();
  const reset = new URL(await outboxLink(portal, kim.email));
  expect(reset.pathname).toBe('/reset-password');
  expect(reset.searchParams.get('email')).toBe(kim.email);
  focus(teacherPage);
});
