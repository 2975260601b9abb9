import { randomBytes } from 'node:crypto';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { expect } from 'vitest';
import { signIn, signUp } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';
import { outboxLink } from './support/steps.ts';

/**
 * Password recovery (issue 21, item 25), end to end on a phone: a student who forgot their password
 * chooses "Forgot password?" beside the password field, gets the link in the development outbox,
 * chooses a new password and is signed in; the session left open on another device is ended, the
 * old password no longer works, and the used link says how to get a new one. The form says the same
 * for an address that has no account.
 */

useChromium();

const PHONE = { width: 390, height: 844 };

journey('a student who forgot their password gets a link by e-mail, chooses a new one on a phone and is signed in', async ({ portal, window, focus }) => {
  const tag = randomBytes(3).toString('hex');
  const student = { name: `Rae Reset ${tag}`, email: `1rae${tag}@${portal.schoolDomain}`, password: `first secret phrase ${tag}` };

  // The account exists and is signed in on a laptop.
  const laptop = await window('/signup');
  await signUp(laptop, student);

  // On the phone, signed out, the password is forgotten: "Forgot password?" sits beside the password field.
  const phone = await window('/signin');
  await phone.setViewportSize(PHONE);
  await phone.getByLabel('Email', { exact: true }).fill(student.email);
  await phone.getByRole('link', { name: 'Forgot password?' }).click();
  await phone.waitForURL('**/forgot-password');
  await phone.getByRole('heading', { level: 1, name: 'Reset your password' }).waitFor();
  // The address typed on the sign-in form came along.
  expect(await phone.getByLabel('Email', { exact: true }).inputValue()).toBe(student.email);

  // An address without an account reads exactly what a real one reads.
  await phone.getByLabel('Email', { exact: true }).fill(`1nobody${tag}@${portal.schoolDomain}`);
  await phone.getByRole('button', { name: 'Send reset link' }).click();
  const sent = phone.getByRole('status').filter({ hasText: MESSAGES.passwordResetSent });
  await sent.waitFor();
  await phone.getByLabel('Email', { exact: true }).fill(student.email);
  await phone.getByRole('button', { name: 'Send reset link' }).click();
  await sent.waitFor();
  expect(await phone.getByRole('status').filter({ hasText: 'If an account exists' }).count()).toBe(1);

  // The mail's link opens the reset page of this portal.
  const link = new URL(await outboxLink(portal, student.email));
  expect(link.origin).toBe(portal.url);
  expect(link.pathname).toBe('/reset-password');
  await phone.goto(`${link.pathname}${link.search}`);
  await phone.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
  const newPassword = `second secret phrase ${tag}`;
  await phone.getByLabel('New password', { exact: true }).fill(newPassword);
  await phone.getByLabel('Confirm new password').fill(newPassword);
  await phone.getByRole('button', { name: 'Set new password' }).click();

  // Signed in on the phone; the reset verified the school address, so the student's role arrives.
  await phone.waitForURL('**/landing');
  const nav = phone.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name: 'My applications' }).waitFor();

  // The laptop's session was ended by the reset.
  await laptop.reload();
  await laptop.waitForURL(/\/(welcome|signin)/);

  // The old password no longer signs in; the new one does.
  const another = await window('/signin');
  await another.getByLabel('Email', { exact: true }).fill(student.email);
  await another.getByLabel('Password', { exact: true }).fill(student.password);
  await another.getByRole('button', { name: 'Sign In', exact: true }).click();
  await another
    .getByRole('alert')
    .filter({ hasText: /invalid credentials/i })
    .waitFor();
  await signIn(another, { email: student.email, password: newPassword });

  // The used link says so and leads to a new one.
  const reused = await window(`${link.pathname}${link.search}`);
  await reused.setViewportSize(PHONE);
  await reused.getByLabel('New password', { exact: true }).fill(`third secret phrase ${tag}`);
  await reused.getByLabel('Confirm new password').fill(`third secret phrase ${tag}`);
  await reused.getByRole('button', { name: 'Set new password' }).click();
  await reused.getByRole('alert').filter({ hasText: MESSAGES.passwordResetLinkUsed }).waitFor();
  await reused.getByRole('link', { name: 'Get a new link' }).click();
  await reused.waitForURL('**/forgot-password');
  focus(phone);
});
