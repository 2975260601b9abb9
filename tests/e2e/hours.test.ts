import { randomBytes } from 'node:crypto';
import { HOURS_MESSAGES, MESSAGES } from '@opportunity-kit/sdk/domain';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { pdfText } from '../../packages/functions/src/ai/local/pdf-text.ts';
import { signIn } from './support/accounts.ts';
import { download } from './support/downloads.ts';
import { journey, useChromium } from './support/journey.ts';
import { countIn, files, followNav, outboxLink, unique, waitingOn } from './support/steps.ts';
import { postVolunteering } from './support/postings.ts';
import { daysAgo } from '../support/hours.ts';

/**
 * Community involvement hours (issue 16), end to end: a student logs hours from an accepted
 * Volunteering application, the supervisor confirms from the mailed link on a phone with no account,
 * a teacher approves in the review queue, and the student's progress bar and PDF record follow.
 */

useChromium();

const PHONE = { width: 390, height: 844 };

/** The hours the progress bar says are approved, once the page shows it. */
async function approvedHours(page: Page): Promise<number> {
  const bar = page.getByRole('progressbar', { name: 'Approved hours' });
  await bar.waitFor();
  return Number(await bar.getAttribute('aria-valuenow'));
}

/** A calendar day a few days back, as the date field takes it. */
journey(
  'a student logs hours from an accepted application, the supervisor confirms on a phone, a teacher approves, and the record shows them',
  async ({ portal, window, focus }) => {
    const { nguyen: teacher, ethan: student } = portal.people;
    const title = unique('Hamper Packing Volunteer');
    const organisation = unique('Bayfront Food Bank');
    const supervisorEmail = `dana.${randomBytes(3).toString('hex')}@foodbank.example`;

    // A teacher posts a Volunteering opportunity; the student applies; the teacher accepts.
    const teacherPage = await window();
    await signIn(teacherPage, teacher!);
    const postingPath = await postVolunteering(teacherPage, title, organisation);

    const page = await window();
    await signIn(page, student!);
    await page.goto(postingPath);
    await page.getByRole('link', { name: 'Apply To Opportunity' }).click();
    await page.getByLabel('Relevant experiences').fill('I packed hampers at my church last winter.');
    await page.getByLabel('Why are you interested in this role?').fill('I need my community involvement hours.');
    await page.getByLabel('What are your career goals?').fill('Social work.');
    await page.getByLabel('Resume (PDF)').setInputFiles(files.pdf());
    await page.getByRole('button', { name: 'Submit application' }).click();
    await page.getByText(MESSAGES.applicationSubmitted).waitFor();

    focus(teacherPage);
    await teacherPage.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Applications', exact: true }).click();
    const manager = teacherPage.getByRole('region', { name: 'Applications' });
    await manager.getByRole('group', { name: 'Show applications' }).getByRole('button', { name: 'Pending', exact: true }).click();
    await manager.getByRole('button').filter({ hasText: title }).filter({ hasText: student!.email }).click();
    await manager.getByRole('region', { name: title }).getByRole('button', { name: 'Accept' }).click();
    await manager.getByRole('status').filter({ hasText: MESSAGES.statusUpdatedAccepted }).waitFor();

    // The student logs hours from the accepted application: the form comes filled in from the posting.
    focus(page);
    await page.goto('/hours');
    const before = await approvedHours(page);
    await page.goto('/my-applications');
    await page.getByRole('link', { name: new RegExp(`Log hours for (this|${title})`) }).click();
    await page.waitForURL(/\/hours\?jobId=/);
    const form = page.getByRole('form', { name: 'Log hours' });
    await expect.poll(() => form.getByLabel('Organisation').inputValue()).toBe(organisation);
    if (!(await form.getByLabel('What you did').inputValue())) await form.getByLabel('What you did').fill('Packed hampers.');
    await form.getByLabel('Date').fill(daysAgo(2));
    await form.getByLabel('Hours').fill('3.5');
    await form.getByLabel('Supervisor name').fill('Dana Lee');
    await form.getByLabel('Supervisor email').fill(supervisorEmail);
    await form.getByRole('button', { name: 'Submit hours' }).click();
    await page.getByRole('list', { name: 'Your entries' }).getByText(organisation).waitFor();

    // The supervisor opens the mailed link on a phone, in a browser that never signed in.
    const link = new URL(await outboxLink(portal, supervisorEmail));
    expect(link.pathname).toMatch(/^\/hours\/confirm\/[^/]+$/);
    const phone = await window('about:blank');
    await phone.setViewportSize(PHONE);
    await phone.goto(`${link.pathname}${link.search}`);
    await phone.getByRole('heading', { level: 1, name: 'Confirm community involvement hours' }).waitFor();
    const facts = phone.getByRole('region', { name: 'The hours logged' });
    await facts.getByText(organisation).waitFor();
    expect(await facts.getByText('3.5 h', { exact: true }).count()).toBe(1);
    expect(await facts.getByText(student!.name).count()).toBeGreaterThan(0);
    // Usable on a phone: nothing is wider than the screen.
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await phone.getByRole('button', { name: 'Confirm', exact: true }).click();
    await phone
      .getByRole('status')
      .filter({ hasText: HOURS_MESSAGES.supervisorThanks('confirmed') })
      .waitFor();
    expect(new URL(phone.url()).pathname).toBe(link.pathname);
    // The link works once: opened again, it says so in plain words.
    await phone.reload();
    await phone.getByRole('alert').filter({ hasText: HOURS_MESSAGES.linkUsed }).waitFor();
    expect(await phone.getByRole('button', { name: 'Confirm', exact: true }).count()).toBe(0);

    // The teacher finds the confirmed entry in the review table (searched by its organisation), opens its
    // detail and approves it; its row leaves the table.
    focus(teacherPage);
    await followNav(teacherPage, 'Hours review');
    const review = teacherPage.getByRole('region', { name: 'Hours review' });
    await review.getByRole('searchbox', { name: 'Search' }).fill(organisation);
    const row = review.getByRole('row').filter({ hasText: organisation });
    await row.getByText('Confirmed', { exact: true }).waitFor();
    await row.getByRole('button', { name: /^Details: / }).click();
    const entry = review.getByRole('article').filter({ hasText: organisation });
    await entry.getByText(/^Confirmed on /).waitFor();

    // A teacher of the board's other school (issue 23) finds none of this school's entries in their queue.
    const otherSchool = await window();
    await signIn(otherSchool, portal.people.walsh!);
    await followNav(otherSchool, 'Hours review');
    const otherReview = otherSchool.getByRole('region', { name: 'Hours review' });
    // Their queue may hold their own school's entries (another journey's): it is whole once it shows.
    await otherReview.getByText('No hours are waiting for review.').or(otherReview.getByRole('table')).first().waitFor();
    await expect.poll(() => otherReview.getByText(/^Loading \d/).count()).toBe(0);
    expect(await otherReview.getByRole('row').filter({ hasText: organisation }).count()).toBe(0);
    await otherSchool.close();
    focus(teacherPage);

    await entry.getByRole('radio', { name: 'Approve', exact: true }).check();
    await entry.getByRole('button', { name: 'Save decision' }).click();
    await review
      .getByRole('status')
      .filter({ hasText: `Approved: 3.5 h count for ${student!.name}.` })
      .waitFor();
    expect(await row.count()).toBe(0);

    // The student's progress bar moves by the approved hours, and the PDF record lists the entry.
    focus(page);
    await page.goto('/hours');
    await expect.poll(() => approvedHours(page)).toBe(before + 3.5);
    const record = await download(page, page.getByRole('button', { name: 'Download my record (PDF)' }));
    expect(record.fileName).toBe('community-involvement-hours.pdf');
    const { text } = await pdfText(record.bytes);
    expect(text).toContain(organisation);
    expect(text).toContain(`Supervisor: Dana Lee (${supervisorEmail})`);
    expect(text).toContain(student!.email);
  },
  240_000,
);

journey('a student sends their supervisor a new link from /hours, and the first link then says a newer one was mailed', async ({ portal, window }) => {
  const student = portal.people.aisha!;
  const organisation = unique('Harbour Library');
  const supervisorEmail = `morgan.${randomBytes(3).toString('hex')}@library.example`;

  const page = await window();
  await signIn(page, student);
  await page.goto('/hours');
  await page.getByRole('button', { name: 'Log hours' }).click();
  const form = page.getByRole('form', { name: 'Log hours' });
  await form.getByLabel('Organisation').fill(organisation);
  await form.getByLabel('What you did').fill('Shelved returned books.');
  await form.getByLabel('Date').fill(daysAgo(3));
  await form.getByLabel('Hours').fill('2');
  await form.getByLabel('Supervisor name').fill('Morgan Reyes');
  await form.getByLabel('Supervisor email').fill(supervisorEmail);
  await form.getByRole('button', { name: 'Submit hours' }).click();
  const entry = page.getByRole('list', { name: 'Your entries' }).getByRole('listitem').filter({ hasText: organisation });
  await entry.getByText('Waiting for Morgan Reyes to confirm').waitFor();
  const first = new URL(await outboxLink(portal, supervisorEmail));

  await entry.getByRole('button', { name: /^Resend to supervisor: / }).click();
  await page.getByRole('status').filter({ hasText: 'We e-mailed Morgan Reyes a new link. The earlier link no longer works.' }).waitFor();
  let second = first;
  await expect.poll(async () => (second = new URL(await outboxLink(portal, supervisorEmail))).href).not.toBe(first.href);

  // The supervisor opens the first mail: the page says a newer link was mailed, and offers no answer.
  const phone = await window('about:blank');
  await phone.setViewportSize(PHONE);
  await phone.goto(`${first.pathname}${first.search}`);
  await phone.getByRole('alert').filter({ hasText: HOURS_MESSAGES.linkReplaced }).waitFor();
  expect(await phone.getByRole('button', { name: 'Confirm', exact: true }).count()).toBe(0);
  // The newest mail's link shows the hours and confirms them.
  await phone.goto(`${second.pathname}${second.search}`);
  await phone.getByRole('region', { name: 'The hours logged' }).getByText(organisation).waitFor();
  await phone.getByRole('button', { name: 'Confirm', exact: true }).click();
  await phone
    .getByRole('status')
    .filter({ hasText: HOURS_MESSAGES.supervisorThanks('confirmed') })
    .waitFor();
});

/** A student logs hours from /hours; answers once the entry is listed. */
async function logHours(page: Page, entry: { organisation: string; date: string; hours: string; supervisorEmail: string }): Promise<void> {
  await page.getByRole('button', { name: 'Log hours' }).click();
  const form = page.getByRole('form', { name: 'Log hours' });
  await form.getByLabel('Organisation').fill(entry.organisation);
  await form.getByLabel('What you did').fill('Coached the under-10 soccer team.');
  await form.getByLabel('Date').fill(entry.date);
  await form.getByLabel('Hours').fill(entry.hours);
  await form.getByLabel('Supervisor name').fill('Sam Ortiz');
  await form.getByLabel('Supervisor email').fill(entry.supervisorEmail);
  await form.getByRole('button', { name: 'Submit hours' }).click();
  await page.getByRole('list', { name: 'Your entries' }).getByRole('listitem').filter({ hasText: entry.organisation }).waitFor();
}

journey('a teacher selects several confirmed entries in the review table and approves them at once, on a phone too', async ({ portal, window, focus }) => {
  const organisations = [unique('Westdale Soccer Club'), unique('Westdale Soccer Club')];
  const supervisors = organisations.map(() => `sam.${randomBytes(3).toString('hex')}@soccer.example`);

  // A student logs two entries; each supervisor confirms from the mailed link.
  const page = await window();
  await signIn(page, portal.people.liam!);
  await page.goto('/hours');
  for (const [n, organisation] of organisations.entries()) {
    await logHours(page, { organisation, date: daysAgo(5 + n), hours: '1.5', supervisorEmail: supervisors[n]! });
  }
  const phone = await window('about:blank');
  for (const supervisorEmail of supervisors) {
    const link = new URL(await outboxLink(portal, supervisorEmail));
    await phone.goto(`${link.pathname}${link.search}`);
    await phone.getByRole('button', { name: 'Confirm', exact: true }).click();
    await phone
      .getByRole('status')
      .filter({ hasText: HOURS_MESSAGES.supervisorThanks('confirmed') })
      .waitFor();
  }
  await phone.close();

  // The teacher, on a phone, searches the table for the club, selects every confirmed entry it shows
  // (by keyboard), confirms, and both are approved in one action.
  const teacherPage = await window();
  focus(teacherPage);
  await teacherPage.setViewportSize(PHONE);
  await signIn(teacherPage, portal.people.nguyen!);
  await teacherPage.goto('/hours/review');
  const review = teacherPage.getByRole('region', { name: 'Hours review' });
  await review.getByRole('searchbox', { name: 'Search' }).fill(organisations[0]!.split(' ').slice(0, 3).join(' '));
  const rows = review.getByRole('row').filter({ hasText: 'Westdale Soccer Club' });
  for (const organisation of organisations) await rows.filter({ hasText: organisation }).getByText('Confirmed', { exact: true }).waitFor();
  // The table scrolls in its own container: the page never scrolls sideways on a phone.
  expect(await teacherPage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);

  const waitingBefore = await waitingOn(teacherPage, 'Hours review');
  expect(waitingBefore).toBeGreaterThanOrEqual(2);

  const selectAll = review.getByRole('checkbox', { name: 'Select all confirmed' });
  await selectAll.focus();
  await teacherPage.keyboard.press('Space');
  const chosen = await review.getByRole('button', { name: /^Approve selected \(\d+\)$/ }).textContent();
  const count = countIn(chosen);
  expect(count).toBeGreaterThanOrEqual(2);
  await review.getByRole('button', { name: `Approve selected (${count})` }).click();
  await review
    .getByRole('group', { name: 'Confirm the approval' })
    .getByRole('button', { name: `Approve ${count} entries` })
    .click();
  await review
    .getByRole('status')
    .filter({ hasText: new RegExp(`^${count} approved`) })
    .waitFor();
  for (const organisation of organisations) expect(await rows.filter({ hasText: organisation }).count()).toBe(0);
  // The navigation's count drops at once, on the same page (other journeys may log hours meanwhile, so
  // it is compared, not computed).
  await expect.poll(() => waitingOn(teacherPage, 'Hours review')).toBeLessThan(waitingBefore);

  // The student's entries say they were approved.
  focus(page);
  await page.reload();
  for (const organisation of organisations) {
    await page
      .getByRole('list', { name: 'Your entries' })
      .getByRole('listitem')
      .filter({ hasText: organisation })
      .getByText(/Approved/)
      .waitFor();
  }
});
