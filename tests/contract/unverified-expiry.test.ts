import { afterAll, beforeAll, expect, vi } from 'vitest';
import { Query } from 'appwrite';
import { Functions, Query as NodeQuery, TablesDB, Users } from 'node-appwrite';
import { adminClient, describeLocal, itLocal, type TestBackend } from '../support/backend.ts';
import { openBrowser, signedInBrowser } from '../support/browser.ts';
import { eventually, SETTINGS, startPortalBackend, student, uniqueLocal } from '../support/portal.ts';

/**
 * Unverified accounts do not keep a school's addresses (issue 21, item 10): anyone may sign up with a
 * student's or a teacher's school address, and Appwrite then refuses that address to its owner. The
 * `roles` function's daily schedule removes unverified accounts of school addresses once they are
 * older than a few days, with their profile, and leaves every other account alone.
 *
 * Local only: it runs the schedule through the local backend's development route, and moves the
 * clock of this process (where the in-process backend and its functions run) days ahead.
 */

const DAY_MS = 24 * 3600 * 1000;

let backend: TestBackend;

beforeAll(async () => {
  backend = await startPortalBackend();
});

afterAll(async () => {
  vi.useRealTimers();
  await backend?.close();
});

const accountsWith = async (email: string) => (await new Users(adminClient(backend)).list({ queries: [NodeQuery.equal('email', [email])] })).users;

/** Runs the `roles` function's daily schedule now and waits until that run has finished. */
async function runDailySchedule(): Promise<string> {
  const answer = await fetch(`${backend.endpoint}/dev/functions/roles/schedule-tick`, { method: 'POST' });
  expect({ status: answer.status, body: answer.ok ? '' : await answer.text() }).toEqual({ status: 202, body: '' });
  const { $id } = (await answer.json()) as { $id: string };
  const functions = new Functions(adminClient(backend));
  const run = await eventually(
    () => functions.getExecution({ functionId: 'roles', executionId: $id }),
    (execution) => execution.status === 'completed' || execution.status === 'failed',
  );
  expect(run).toMatchObject({ status: 'completed', responseStatusCode: 200 });
  // An asynchronous execution keeps no response body; its log says what it did.
  return run.logs;
}

describeLocal('unverified accounts of school addresses', () => {
  itLocal('are removed by the daily schedule after three days, with their sessions and profiles, so the address is free again', async () => {
    const squattedStudent = `${uniqueLocal('1')}@${SETTINGS.schoolDomain}`;
    const squattedTeacher = `${uniqueLocal('ms.roe')}@${SETTINGS.schoolDomain}`;
    const outsider = `${uniqueLocal('hr')}@acme.example`;
    const squatter = await signedInBrowser(backend, { email: squattedStudent, name: 'Not The Student' });
    await signedInBrowser(backend, { email: squattedTeacher });
    await signedInBrowser(backend, { email: outsider });
    const verified = await student(backend);
    const tables = new TablesDB(adminClient(backend));
    await eventually(
      () => squatter.tablesDB.listRows({ databaseId: 'portal', tableId: 'profiles', queries: [Query.equal('$id', squatter.userId)] }),
      (list) => list.total === 1,
    );

    // Two days later nothing has expired yet.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(Date.now() + 2 * DAY_MS);
    expect(await runDailySchedule()).toContain('0 unverified accounts of school addresses removed');
    expect((await accountsWith(squattedStudent)).length).toBe(1);

    // Four days after the sign-ups, and an unverified school address made today.
    vi.setSystemTime(Date.now() + 2 * DAY_MS);
    const recent = `${uniqueLocal('1')}@${SETTINGS.schoolDomain}`;
    await signedInBrowser(backend, { email: recent });
    expect(await runDailySchedule()).toContain('2 unverified accounts of school addresses removed');

    expect({
      squattedStudent: (await accountsWith(squattedStudent)).length,
      squattedTeacher: (await accountsWith(squattedTeacher)).length,
      outsider: (await accountsWith(outsider)).length,
      verified: (await accountsWith(verified.email)).length,
      recent: (await accountsWith(recent)).length,
    }).toEqual({ squattedStudent: 0, squattedTeacher: 0, outsider: 1, verified: 1, recent: 1 });
    await expect(squatter.account.get()).rejects.toMatchObject({ code: 401 });
    await expect(tables.getRow({ databaseId: 'portal', tableId: 'profiles', rowId: squatter.userId })).rejects.toMatchObject({ code: 404 });
    // The address is free: its owner signs up with it.
    const owner = openBrowser(backend);
    await owner.account.create({ userId: 'unique()', email: squattedStudent, password: 'willow compass autumn 2' });
  });
});
