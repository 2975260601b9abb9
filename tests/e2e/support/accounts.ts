import type { Page } from 'playwright-core';
import type { DemoPerson } from './demo-portal.ts';

/** Signing in and up through the portal's own forms (no test runner needed: `pnpm lighthouse` uses it too). */

/** Signs in on /signin and waits for the home screen. */
export async function signIn(page: Page, person: Pick<DemoPerson, 'email' | 'password'>): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email', { exact: true }).fill(person.email);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await page.waitForURL('**/landing');
}

/**
 * Fills in and sends the sign-up form (the page is on /signup, however it got there); the portal then
 * shows the home screen, asking a school address to verify itself first.
 */
export async function signUp(page: Page, account: { name: string; email: string; password: string }): Promise<void> {
  await page.waitForURL('**/signup');
  await page.getByLabel('Full name').fill(account.name);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByLabel('Confirm password').fill(account.password);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await page.waitForURL('**/landing');
}
