import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import { TablesDB as AdminTables } from 'node-appwrite';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { command, PDF, recruiter, startPortalBackend, student, upload, type Member } from '../support/portal.ts';
import { anApplication, aPosting } from '../support/postings.ts';

/**
 * Applications under attack (issue 21, items 8 and 17): a resume goes with one application, so the
 * employer of a withdrawn application cannot keep reading it through another; and a withdrawal and a
 * decision at the same instant never both succeed. Both failed before: the withdrawn employer still
 * read a resume shared with a second application (200), and accept and withdraw both answered 200.
 */

let backend: TestBackend;
let tables: AdminTables;

beforeAll(async () => {
  backend = await startPortalBackend();
  tables = new AdminTables(adminClient(backend));
});

afterAll(async () => {
  await backend.close();
});

async function aJobOf(hr: Member): Promise<string> {
  return (await command<{ id: string }>(hr, 'POST', '/jobs', aPosting())).data!.id;
}

async function readsResume(reader: Member, fileId: string): Promise<number> {
  return (
    await fetch(`${backend.endpoint}/storage/buckets/resumes/files/${fileId}/view?project=${backend.projectId}`, { headers: { cookie: reader.cookieHeader() } })
  ).status;
}

describe('a resume and the applications it went with', () => {
  it('goes with one application only, and leaves the employer of a withdrawn application', async () => {
    const [sam, hrA, hrB] = await Promise.all([student(backend), recruiter(backend), recruiter(backend)]);
    const [jobA, jobB] = await Promise.all([aJobOf(hrA), aJobOf(hrB)]);
    const fileId = await upload(sam, 'resume.pdf', PDF);
    const toA = await command<{ id: string }>(sam, 'POST', '/applications', anApplication(jobA, fileId));
    expect(await readsResume(hrA, fileId)).toBe(200);
    // The same file cannot be sent again: a second application needs an upload of its own.
    const again = await command(sam, 'POST', '/applications', anApplication(jobB, fileId));
    expect(again).toMatchObject({ status: 400, error: { code: 'invalid-input' } });
    expect(await readsResume(hrB, fileId)).toBe(404);
    const otherFileId = await upload(sam, 'resume.pdf', PDF);
    expect((await command(sam, 'POST', '/applications', anApplication(jobB, otherFileId))).status).toBe(200);

    expect((await command(sam, 'DELETE', `/applications/${toA.data!.id}`)).status).toBe(200);
    expect(await readsResume(hrA, fileId)).toBe(404);
    expect(await readsResume(hrB, otherFileId)).toBe(200);
    expect(await readsResume(hrA, otherFileId)).toBe(404);
  });
});

describe('a withdrawal and a decision at the same instant', () => {
  it('never both succeed: either the application is gone and the decision refused, or it is decided and stays', async () => {
    const hr = await recruiter(backend);
    const jobId = await aJobOf(hr);
    const applicants = await Promise.all(Array.from({ length: 4 }, () => student(backend)));
    for (const sam of applicants) {
      const fileId = await upload(sam, 'resume.pdf', PDF);
      const applicationId = (await command<{ id: string }>(sam, 'POST', '/applications', anApplication(jobId, fileId))).data!.id;
      const [withdrawn, accepted] = await Promise.all([
        command(sam, 'DELETE', `/applications/${applicationId}`),
        command(hr, 'PUT', `/applications/${applicationId}/status`, { status: 'accepted' }),
      ]);
      const stored = await tables.getRow({ databaseId: DATABASE_ID, tableId: TABLES.applications, rowId: applicationId }).catch(() => undefined);
      expect([withdrawn.status, accepted.status].filter((status) => status === 200)).toHaveLength(1);
      if (withdrawn.status === 200) {
        expect(stored).toBeUndefined();
        expect(accepted.error?.message).toBe('Application not found');
      } else {
        expect(stored?.status).toBe('accepted');
        expect(withdrawn.error?.code).toBe('not-allowed');
      }
    }
  });
});
