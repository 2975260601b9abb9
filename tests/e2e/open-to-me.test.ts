import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { noMatchingListingMessage } from '@opportunity-kit/sdk/domain';
import { Client, Query, Users } from 'node-appwrite';
import { aPosting } from '../support/postings.ts';
import { signIn } from './support/accounts.ts';
import { journey, useChromium } from './support/journey.ts';

/**
 * Issue 26: a student sees the postings their age allows ("Open to me", on by default), learns from
 * which age and why a posting is closed to them, and cannot apply to it, not even by calling the API
 * with their own session. The test makes both facts itself: Mia's teacher corrects her birth month to
 * make her 14, and posts a warehouse job (a factory under Reg. 851: open from 15), both through the API.
 */

useChromium();

const WAREHOUSE = 'Quillwort Warehouse Helper';

/** Runs one command as the page's signed-in member, as the portal's SDK does. */
async function commandIn(page: Page, projectId: string, method: string, path: string, body: unknown): Promise<{ status: number; body: string }> {
  return page.evaluate(
    async (call) => {
      const response = await fetch('/v1/functions/commands/executions', {
        method: 'POST',
        credentials: 'include',
        headers: { 'content-type': 'application/json', 'x-appwrite-project': call.projectId },
        body: JSON.stringify({ path: call.path, method: call.method, async: false, body: JSON.stringify(call.body) }),
      });
      const execution = (await response.json()) as { responseStatusCode: number; responseBody: string };
      return { status: execution.responseStatusCode, body: execution.responseBody };
    },
    { projectId, method, path, body },
  );
}

/** A June birth month that makes a student `age` today. */
const bornForAge = (age: number): string => `${new Date().getUTCFullYear() - age - (new Date().getUTCMonth() < 6 ? 1 : 0)}-06`;

const filters = (page: Page) => page.getByRole('search', { name: 'Filter opportunities' });
const status = (page: Page) => page.getByRole('main').getByRole('status').first();

journey('a 14-year-old does not see a warehouse job in "Open to me", sees why on its page, and cannot apply through the API', async ({ portal, window }) => {
  // Her teacher makes her 14 and posts a factory job, through the API with his own session. The key
  // only looks up her account id, which no page shows.
  const users = new Users(new Client().setEndpoint(`${portal.url}/v1`).setProject(portal.projectId).setKey(portal.apiKey));
  const [mia] = (await users.list({ queries: [Query.equal('email', [portal.people.mia!.email])] })).users;
  const teacherPage = await window('/signin');
  await signIn(teacherPage, portal.people.walsh!);
  expect((await commandIn(teacherPage, portal.projectId, 'PUT', `/students/${mia!.$id}/birth-month`, { birthMonth: bornForAge(14) })).status).toBe(200);
  const posted = await commandIn(
    teacherPage,
    portal.projectId,
    'POST',
    '/jobs',
    aPosting({ title: WAREHOUSE, workplace: 'factory', payRate: 17.6, tasks: [] }),
  );
  expect(posted.status).toBe(200);

  const page = await window('/signin');
  await signIn(page, portal.people.mia!);
  await page.goto('/job?q=quillwort');
  await expect.poll(() => status(page).textContent()).toBe(noMatchingListingMessage('Job'));
  expect(await page.getByRole('link', { name: WAREHOUSE }).count()).toBe(0);

  // "Open to me" off: the posting shows, marked with the age it is open from.
  const openToMe = filters(page).getByRole('switch', { name: 'Open to me' });
  expect(await openToMe.isChecked()).toBe(true);
  await filters(page).getByText('Open to me').click();
  const card = page.getByRole('article').filter({ has: page.getByRole('link', { name: WAREHOUSE }) });
  await card.getByText('From age 15').waitFor();
  expect(page.url()).toContain('ages=all');

  // Its page says from which age and why, with the rule's source, in place of Apply.
  await card.getByRole('link', { name: WAREHOUSE }).click();
  const note = page.getByRole('note').filter({ hasText: 'open from age 15' });
  await note.waitFor();
  expect(await note.textContent()).toMatch(/Factories, including restaurant kitchens, repair shops, garages and warehouses.*Reg\. 851/);
  expect(await page.getByRole('link', { name: 'Apply To Opportunity' }).count()).toBe(0);

  // The API refuses her with the same reason, whatever the page shows.
  const jobId = new URL(page.url()).pathname.split('/').pop()!;
  const answer = await commandIn(page, portal.projectId, 'POST', '/applications', {
    jobId,
    relevantExperiences: 'x',
    interestInRole: 'x',
    careerGoals: 'x',
    resumeFileId: 'none',
  });
  expect(answer.status).toBe(403);
  expect(answer.body).toContain('This opportunity is open from age 15');
  expect(JSON.parse(answer.body)).toMatchObject({ error: { code: 'not-open-to-age' } });
});
