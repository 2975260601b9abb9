import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { expect } from 'vitest';
import { journey, useChromium } from './support/journey.ts';
import { unique } from './support/steps.ts';

/** A visitor who is not signed in: the 404 and the redirect to /welcome (the newsletter's journey is `newsletter.test.ts`). */

useChromium();

journey('an unknown path shows the 404 message', async ({ window }) => {
  const page = await window('/no/such/page');
  await page.getByText(MESSAGES.notFoundRoute, { exact: true }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/no/such/page');
});

journey('a signed-out visitor of a signed-in page is sent to /welcome', async ({ window }) => {
  const page = await window('/blog');
  await page.waitForURL('**/welcome');
  await page.getByRole('heading', { level: 1, name: 'Find your first job, gig or volunteer role, close to home' }).waitFor();
  for (const path of ['/landing', '/job', '/profile', '/application-manager']) {
    await page.goto(path);
    await page.waitForURL('**/welcome');
  }
  // The page asked for is kept: signing in from there comes back to it.
  await page.goto('/network');
  await page.waitForURL('**/welcome');
  await page.getByRole('link', { name: 'Sign In', exact: true }).first().click();
  await page.waitForURL('**/signin');
});

journey('a refused sign-up moves the focus to the first field to fix, which says why', async ({ window }) => {
  const page = await window('/signup');
  await page.getByLabel('Full name').fill('Robin Visitor');
  await page.getByLabel('Password', { exact: true }).fill('e2e-visitor-pass');
  await page.getByLabel('Confirm password').fill('e2e-visitor-other');
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  const email = page.getByLabel('Email', { exact: true });
  const focused = (field: typeof email) => field.evaluate((element) => element === document.activeElement);
  // What a screen reader says after the field's name: the texts its aria-describedby points at.
  const description = (field: typeof email) =>
    field.evaluate((element) =>
      (element.getAttribute('aria-describedby') ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' '),
    );
  await expect.poll(() => focused(email)).toBe(true);
  expect(await email.getAttribute('aria-invalid')).toBe('true');
  expect(await description(email)).toBe('Please enter your email');
  expect(await description(page.getByLabel('Confirm password'))).toBe(MESSAGES.passwordsDoNotMatch);

  // Once the e-mail is given, the next refusal lands on the next field to fix.
  await email.fill(`${unique('visitor').replace(' ', '.')}@example.com`);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  const confirm = page.getByLabel('Confirm password');
  await expect.poll(() => focused(confirm)).toBe(true);
  expect(await email.getAttribute('aria-invalid')).toBeNull();
  expect(new URL(page.url()).pathname).toBe('/signup');
});
