import type { Locator } from 'playwright-core';
import { expect } from 'vitest';
import { NEWSLETTER_MESSAGES } from '@opportunity-kit/sdk/domain';
import type { OutboxMessage } from './support/digest.ts';
import type { E2eContext } from './support/global-setup.ts';
import { journey, useChromium } from './support/journey.ts';
import { outboxLink, unique } from './support/steps.ts';

/**
 * A visitor and the newsletter (issue 24): signs up on /welcome, is asked to confirm by mail, opens
 * the confirmation link from the outbox and is subscribed; later leaves through the page the weekly
 * mail links to, which mails a one-click link.
 */

useChromium();

/** The newest mail to `email` with this subject, once the outbox holds one. */
async function mailWithSubject(portal: E2eContext, email: string, subject: string): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`${portal.url}/v1/dev/outbox?to=${encodeURIComponent(email)}`);
      found = ((await response.json()) as { messages: OutboxMessage[] }).messages.find((message) => message.subject === subject);
      return found;
    })
    .toBeTruthy();
  return found!;
}

/** How a confirmation looks: its mark and its ground (issue 25: one look for every "done"). */
const lookOf = (locator: Locator) =>
  locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return { mark: `${style.borderLeftWidth} ${style.borderLeftStyle} ${style.borderLeftColor}`, ground: style.backgroundColor };
  });

journey('a visitor signs up for the newsletter on the welcome page, confirms from the mail, and leaves it again', async ({ portal, window }) => {
  const email = `${unique('news').replace(' ', '.')}@example.com`;
  const page = await window('/');
  await page.waitForURL('**/welcome');
  await page.getByRole('link', { name: 'Sign Up Now' }).waitFor();
  const form = page.getByRole('form', { name: 'Get new opportunities by e-mail' });
  await form.getByLabel('Email').fill(email);
  await form.getByRole('button', { name: 'Subscribe' }).click();
  await form.getByRole('status').getByText(NEWSLETTER_MESSAGES.signedUp, { exact: true }).waitFor();
  // The widget's confirmation looks as the portal's pages' do (checked on each below).
  const look = await lookOf(form.getByRole('status'));
  expect(look.mark).toMatch(/^4px solid /);

  // The confirmation mail's first link is the confirmation page.
  await page.goto(await outboxLink(portal, email));
  expect(new URL(page.url()).pathname).toBe('/newsletter/confirm');
  await page.getByRole('button', { name: 'Confirm my subscription' }).click();
  await page.getByRole('status').getByText("You're subscribed", { exact: false }).waitFor();
  expect(await lookOf(page.getByRole('status').filter({ hasText: "You're subscribed" }))).toEqual(look);

  // The weekly mail's way out: the page mails a one-click link to the address entered.
  await page.goto('/newsletter/unsubscribe');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send me the link' }).click();
  await page.getByText(NEWSLETTER_MESSAGES.unsubscribeLinkSent, { exact: true }).waitFor();
  expect(await lookOf(page.getByText(NEWSLETTER_MESSAGES.unsubscribeLinkSent, { exact: true }))).toEqual(look);
  const linkMail = await mailWithSubject(portal, email, NEWSLETTER_MESSAGES.unsubscribeSubject);
  await page.goto(linkMail.links.find((link) => new URL(link).searchParams.has('token')) ?? '');
  await page.getByRole('button', { name: 'Unsubscribe from the newsletter' }).click();
  await page.getByRole('status').getByText(NEWSLETTER_MESSAGES.unsubscribed, { exact: true }).waitFor();
});
