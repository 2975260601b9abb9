import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import { signIn } from './support/accounts.ts';
import { download } from './support/downloads.ts';
import { journey, useChromium } from './support/journey.ts';
import { followNav, outboxLink } from './support/steps.ts';

/**
 * Roster import (issue 15, item 1), end to end: a teacher imports a class from a CSV file, watches
 * each row's outcome arrive and downloads them; an invited student opens the mailed link on a phone,
 * chooses a password, is signed in, and later signs in again with it. Before anything is created the
 * page previews each row's outcome, and only "Confirm import" creates the accounts (issue 25, item 15).
 */

useChromium();

const PHONE = { width: 390, height: 844 };

journey('a teacher imports a roster and an invited student sets a password and signs in with it', async ({ portal, window, focus }) => {
  const tag = randomBytes(3).toString('hex');
  const ana = { email: `1ana${tag}@${portal.schoolDomain}`, name: `Ana Lee ${tag}` };
  const ben = { email: `1ben${tag}@${portal.schoolDomain}`, name: `Ben Ray ${tag}` };
  // A name that a spreadsheet would run as a formula (issue 21, item 16): the download must show it as text.
  const cy = { email: `1cy${tag}@${portal.schoolDomain}`, name: `=HYPERLINK("https://evil.example") ${tag}` };
  const csv = [
    'email,name',
    `${ana.email},"${ana.name}"`,
    `not-an-address ${tag},Nobody`,
    `${ben.email},${ben.name}`,
    `${cy.email},"${cy.name.replaceAll('"', '""')}"`,
  ].join('\n');

  // The teacher chooses the file on /roster, from the navigation.
  const teacherPage = await window();
  await signIn(teacherPage, portal.people.nguyen!);
  await followNav(teacherPage, 'Roster');
  await teacherPage.getByRole('heading', { level: 1, name: 'Roster' }).waitFor();
  // Submitted empty, the form says to choose a file; choosing one takes that error away.
  await teacherPage.getByRole('button', { name: 'Preview import' }).click();
  const missingFile = teacherPage.getByText('Please choose a CSV file or paste its lines (email,name).');
  await missingFile.waitFor();
  await teacherPage.getByLabel('CSV file').setInputFiles({ name: 'class.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect.poll(() => teacherPage.getByLabel('Or paste the lines').inputValue()).toBe(csv);
  expect(await missingFile.count()).toBe(0);
  await teacherPage.getByRole('button', { name: 'Preview import' }).click();

  // The preview says what each row will do, and creates nothing: no account, so no invitation yet.
  const previewSummary = teacherPage.getByRole('status').filter({ hasText: 'Preview:' });
  await previewSummary.waitFor();
  expect(await previewSummary.textContent()).toBe('Preview: 3 new · 1 invalid. Nothing is created until you confirm.');
  expect(await teacherPage.getByRole('table').getByRole('row').allTextContents()).toEqual([
    'LineEmailNameWhat will happen',
    `2${ana.email}${ana.name}New: an account will be created and invited`,
    `3not-an-address ${tag}NobodyInvalid: not an e-mail address`,
    `4${ben.email}${ben.name}New: an account will be created and invited`,
    `5${cy.email}${cy.name}New: an account will be created and invited`,
  ]);
  const mails = await fetch(`${portal.url}/v1/dev/outbox?to=${encodeURIComponent(ana.email)}`);
  expect(((await mails.json()) as { messages: unknown[] }).messages).toEqual([]);
  await teacherPage.getByRole('button', { name: 'Confirm import' }).click();

  // Every row answered, with the line of the teacher's file, and a summary.
  const progress = teacherPage.getByRole('progressbar', { name: 'Rows imported' });
  await expect.poll(() => progress.getAttribute('aria-valuetext')).toBe('4 of 4 rows');
  await teacherPage.getByRole('status').filter({ hasText: 'Import finished' }).waitFor();
  expect(await teacherPage.getByRole('status').filter({ hasText: 'Import finished' }).textContent()).toBe(
    'Import finished: Created, invitation sent: 3 · Invalid address: 1.',
  );
  const rows = teacherPage.getByRole('table').getByRole('row');
  expect(await rows.allTextContents()).toEqual([
    'LineEmailNameOutcome',
    `2${ana.email}${ana.name}Created, invitation sent`,
    `3not-an-address ${tag}NobodyInvalid address`,
    `4${ben.email}${ben.name}Created, invitation sent`,
    `5${cy.email}${cy.name}Created, invitation sent`,
  ]);

  const results = await download(teacherPage, teacherPage.getByRole('button', { name: 'Download results (CSV)' }));
  expect(results.fileName).toBe('roster-results.csv');
  expect(new TextDecoder().decode(results.bytes).split('\r\n')).toEqual([
    'line,email,name,outcome',
    `2,${ana.email},${ana.name},"Created, invitation sent"`,
    `3,not-an-address ${tag},Nobody,Invalid address`,
    `4,${ben.email},${ben.name},"Created, invitation sent"`,
    `5,${cy.email},"'=HYPERLINK(""https://evil.example"") ${tag}","Created, invitation sent"`,
    '',
  ]);

  // Ana opens her invitation on a phone, in a browser that never signed in.
  const invitation = new URL(await outboxLink(portal, ana.email));
  expect(invitation.pathname).toBe('/set-password');
  const anaPage = await window(`${invitation.pathname}${invitation.search}`);
  await anaPage.setViewportSize(PHONE);
  await anaPage.getByRole('heading', { level: 1, name: 'Set your password' }).waitFor();
  const password = `quiet harbour ${tag} lamp`;
  await anaPage.getByLabel('Password', { exact: true }).fill(password);
  await anaPage.getByLabel('Confirm password').fill(password);
  await anaPage.getByRole('button', { name: 'Set password' }).click();
  await anaPage.waitForURL('**/landing');
  const nav = anaPage.getByRole('navigation', { name: 'Main' });
  await nav.getByRole('button', { name: 'Menu' }).click();
  await nav.getByRole('link', { name: 'My applications' }).waitFor();

  // Signed out, she signs in again with the password she chose; the used link now says to ask the teacher.
  await nav.getByRole('button', { name: 'Sign Out' }).click();
  await anaPage.waitForURL(/\/(welcome|signin)/);
  await signIn(anaPage, { email: ana.email, password });
  const reused = await window(`${invitation.pathname}${invitation.search}`);
  await reused.getByLabel('Password', { exact: true }).fill('another long phrase 9');
  await reused.getByLabel('Confirm password').fill('another long phrase 9');
  await reused.getByRole('button', { name: 'Set password' }).click();
  await reused.getByRole('alert').filter({ hasText: 'Please ask your teacher' }).waitFor();
  focus(anaPage);
});
