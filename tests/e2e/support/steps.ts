import { randomBytes } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { banner } from '../../../scripts/demo/images/banners.ts';
import { resumePdf } from '../../../scripts/demo/resume-pdf.ts';
import type { E2eContext } from './global-setup.ts';

/** What several journeys share: unique names, the development outbox, numbers on the screen, files to upload. */

/** A name no other journey (or earlier run) uses: journeys share one server and run side by side. */
export function unique(label: string): string {
  return `${label} ${randomBytes(3).toString('hex')}`;
}

/** The first link of the newest message the development outbox holds for `email`, once one arrived. */
export async function outboxLink(portal: E2eContext, email: string): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`${portal.url}/v1/dev/outbox?to=${encodeURIComponent(email)}`);
      const body = (await response.json()) as { messages: Array<{ links: string[] }> };
      link = body.messages[0]?.links[0];
      return link;
    })
    .toBeTruthy();
  return link!;
}

/** The first number in a text such as "12 views". */
export function countIn(text: string | null): number {
  const match = /\d+/.exec(text ?? '');
  if (!match) throw new Error(`No number in "${text}"`);
  return Number(match[0]);
}

/** Files to upload, made the way the demo seed makes its own (a real PDF, real PNGs). */
export const files = {
  pdf: (name = 'resume.pdf') => ({
    name,
    mimeType: 'application/pdf',
    buffer: resumePdf({ name: 'Test Student', email: 'student@example.com', headline: 'Grade 11', sections: [{ title: 'Skills', lines: ['Teamwork'] }] }),
  }),
  png: (name: string, headline = name) => ({ name, mimeType: 'image/png', buffer: banner({ headline, palette: 'ocean' }) }),
  text: (name = 'resume.txt') => ({ name, mimeType: 'text/plain', buffer: Buffer.from('Not a PDF, just text.\n') }),
};

/**
 * Follows a page of the main navigation by its name. A school tool (Hours review, Roster, Moderation,
 * Approvals, School, Board) sits in the "School tools" menu on a wide screen: that menu is opened first.
 */
export async function followNav(page: Page, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Main' });
  const link = nav.getByRole('link', { name, exact: true });
  const tools = nav.getByRole('button', { name: 'School tools', exact: true });
  await link.or(tools).first().waitFor();
  if (!(await link.isVisible())) await tools.click();
  await link.click();
}

/**
 * The count of work waiting on a navigation item ("3 waiting"), 0 when it shows none. A school tool's
 * link may sit in the closed "School tools" menu (or the closed phone menu), where no role query finds
 * it (a hidden element has no accessible name): it is found by its text, its count read all the same.
 */
export async function waitingOn(page: Page, label: string): Promise<number> {
  const link = page.getByRole('navigation', { name: 'Main' }).locator('a', { hasText: new RegExp(`^${label}\\d*$`) });
  const described = await link.getAttribute('aria-describedby');
  if (!described) return 0;
  return Number((await page.locator(`#${described}`).textContent())?.match(/\d+/)?.[0] ?? 0);
}
