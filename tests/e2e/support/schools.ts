import type { Page } from 'playwright-core';
import { DEMO_SCHOOLS } from '../../../scripts/demo/demo-data.ts';
import { signIn } from './accounts.ts';
import type { E2eContext } from './global-setup.ts';
import { followNav } from './steps.ts';

/**
 * A student who signed up alone asks to join a school from the page the home screen's notice leads to
 * (issue 23); until its staff confirm them they browse public postings only.
 */
export async function askToJoin(page: Page, schoolName: string): Promise<void> {
  await page.goto('/waiting');
  await page.getByRole('heading', { level: 1, name: 'Join your school' }).waitFor();
  await page.getByLabel('Your school').selectOption({ label: schoolName });
  await page.getByRole('button', { name: 'Ask to join' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `You asked to join ${schoolName}` })
    .waitFor();
}

/** A teacher of the demo's first school (not an administrator) confirms the student's request from the School page. */
export async function confirmByTeacher(teacherPage: Page, portal: E2eContext, student: { name: string; email: string }): Promise<void> {
  await signIn(teacherPage, portal.people.nguyen!);
  await followNav(teacherPage, 'School');
  await teacherPage.getByRole('heading', { level: 1, name: DEMO_SCHOOLS.escarpment }).waitFor();
  const request = teacherPage.getByRole('list', { name: 'Requests to join' }).getByRole('listitem', { name: student.name });
  await request.getByText(`${student.email} · Student`).waitFor();
  await request.getByRole('button', { name: `Approve ${student.name}` }).click();
  await request.waitFor({ state: 'detached' });
}
