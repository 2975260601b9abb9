import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { expect } from 'vitest';
import { signUp } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';
import { outboxLink, unique } from './support/steps.ts';

/** Signing up and verifying say where the member stands (issue 25). */

useChromium();

journey('signing up with an address that has an account says so, and "Sign in instead" keeps the address', async ({ portal, window }) => {
  const existing = portal.people.maya!.email;
  const page = await window('/signup');
  await page.getByLabel('Full name').fill('Maya Again');
  await page.getByLabel('Email', { exact: true }).fill(existing);
  await page.getByLabel('Password', { exact: true }).fill('e2e-another-pass');
  await page.getByLabel('Confirm password').fill('e2e-another-pass');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await page.getByRole('alert').filter({ hasText: MESSAGES.accountExists }).waitFor();
  expect(await page.getByText(/same id, email, or phone/i).count()).toBe(0);
  await page.getByRole('link', { name: 'Sign in instead' }).click();
  await page.waitForURL('**/signin');
  await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(existing);
});

journey('"Link sent." answers a click on resend only, and the verified page no longer asks to verify', async ({ portal, window }) => {
  const email = `${unique('e2e-signup').replace(' ', '-')}@recruiting.example`;
  const page = await window('/signup');
  await signUp(page, { name: unique('Sid Signup'), email, password: 'e2e-signup-pass' });

  // The first link goes out by itself: the notice does not claim a click that never happened.
  const notice = page.getByRole('region', { name: 'Verify your e-mail address' });
  await notice.waitFor();
  const first = await outboxLink(portal, email);
  await notice.getByRole('link', { name: 'development outbox' }).waitFor();
  expect(await notice.getByText('Link sent.').count()).toBe(0);
  await notice.getByRole('button', { name: 'Send the link again' }).click();
  await notice.getByRole('status').filter({ hasText: 'Link sent.' }).waitFor();

  let fresh = first;
  await expect.poll(async () => (fresh = await outboxLink(portal, email))).not.toBe(first);
  await page.goto(fresh);
  await page.getByText('Your e-mail address is verified.').waitFor();
  await page.getByRole('heading', { level: 1, name: 'E-mail address verified' }).waitFor();
  expect(await page.getByRole('heading', { name: 'Verify your e-mail address' }).count()).toBe(0);
});
