import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Query, Storage as AdminStorage, TablesDB as AdminTables } from 'node-appwrite';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { command, guest, PDF, recruiter, startPortalBackend, student, upload, type CommandAnswer, type Member } from '../support/portal.ts';
import { anApplication, aPosting } from '../support/postings.ts';

/**
 * No data lost under concurrency (issue 4): every command below is fired all at once through real
 * sessions, and the counters must end equal to the rows. Figures are printed for the report.
 */

let backend: TestBackend;
let tables: AdminTables;
let members: Member[];
let hr: Member;

beforeAll(async () => {
  backend = await startPortalBackend();
  tables = new AdminTables(adminClient(backend));
  hr = await recruiter(backend);
  members = await Promise.all(Array.from({ length: 50 }, () => student(backend)));
}, 60_000);

afterAll(async () => {
  await backend.close();
});

const DB = 'portal';

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  console.log(`[concurrency] ${label}: ${Math.round(performance.now() - started)} ms`);
  return result;
}

async function allRows(tableId: string, queries: string[]): Promise<Array<Record<string, unknown>>> {
  const list = await tables.listRows({ databaseId: DB, tableId, queries: [...queries, Query.limit(5000)] });
  return list.rows as Array<Record<string, unknown>>;
}

async function newPost(): Promise<string> {
  const answer = await command<{ id: string }>(members[0]!, 'POST', '/posts', { content: 'Race me' });
  return answer.data!.id;
}

/** A thousand executions in one process: seconds alone, more on a machine busy with other suites. */
const LOAD_TEST_TIMEOUT_MS = 120_000;

describe('concurrent commands', () => {
  it('keeps 100 simultaneous comments from 20 users: 100 rows and commentCount 100', async () => {
    const postId = await newPost();
    const writers = members.slice(0, 20);
    const answers = await timed('100 comments from 20 users', () =>
      Promise.all(Array.from({ length: 100 }, (_, n) => command(writers[n % 20]!, 'POST', `/posts/${postId}/comments`, { content: `Comment ${n}` }))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(100);
    const comments = await allRows('comments', [Query.equal('postId', postId)]);
    expect(comments).toHaveLength(100);
    expect(new Set(comments.map((row) => row.content)).size).toBe(100);
    expect((await tables.getRow({ databaseId: DB, tableId: 'posts', rowId: postId })).commentCount).toBe(100);
  });

  it(
    'counts 1,000 simultaneous views of 50 members and two guests on one address as 51 viewers, none lost, none twice',
    async () => {
      const job = (await command<{ id: string; viewCount: number }>(hr, 'POST', '/jobs', aPosting())).data!;
      const viewers = [guest(backend), guest(backend), ...members];
      const answers = await timed('1,000 views', () =>
        Promise.all(Array.from({ length: 1000 }, (_, n) => command(viewers[n % viewers.length]!, 'POST', `/jobs/${job.id}/views`))),
      );
      expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
      // One view per member, and one per guest address a day (both guests call from this machine).
      expect((await tables.getRow({ databaseId: DB, tableId: 'jobs', rowId: job.id })).viewCount).toBe(job.viewCount + 51);
      expect(Math.max(...answers.map((answer) => (answer.data as { viewCount: number }).viewCount))).toBe(job.viewCount + 51);
    },
    LOAD_TEST_TIMEOUT_MS,
  );

  it('leaves likeCount equal to the like rows when 50 users each toggle twice at once', async () => {
    const postId = await newPost();
    const answers = await timed('50 users x 2 simultaneous toggles', () =>
      Promise.all(members.flatMap((member) => [command(member, 'POST', `/posts/${postId}/like`), command(member, 'POST', `/posts/${postId}/like`)])),
    );
    expect(answers.filter((answer) => answer.status !== 200)).toEqual([]);
    const likes = await allRows('post_likes', [Query.equal('postId', postId)]);
    const post = await tables.getRow({ databaseId: DB, tableId: 'posts', rowId: postId });
    console.log(`[concurrency] likes after 100 toggles: ${likes.length} rows, likeCount ${post.likeCount}`);
    expect(post.likeCount).toBe(likes.length);
    expect(new Set(likes.map((row) => row.userId)).size).toBe(likes.length);

    // A third toggle by everyone, again all at once, keeps the two equal.
    await Promise.all(members.map((member) => command(member, 'POST', `/posts/${postId}/like`)));
    const after = await allRows('post_likes', [Query.equal('postId', postId)]);
    expect((await tables.getRow({ databaseId: DB, tableId: 'posts', rowId: postId })).likeCount).toBe(after.length);
  });

  it('keeps exactly one of 10 simultaneous submissions of the same application', async () => {
    const job = (await command<{ id: string }>(hr, 'POST', '/jobs', aPosting({ title: 'Popular' }))).data!;
    const applicant = members[1]!;
    // Each submission with its own upload, as the portal sends it (an upload is attached once).
    const resumes = await Promise.all(Array.from({ length: 10 }, () => upload(applicant, 'cv.pdf', PDF)));
    const answers: CommandAnswer[] = await timed('10 identical applications', () =>
      Promise.all(resumes.map((resume) => command(applicant, 'POST', '/applications', anApplication(job.id, resume)))),
    );
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    const refused = answers.filter((answer) => answer.status !== 200);
    expect(refused.map((answer) => answer.error?.code)).toEqual(Array(9).fill('already-applied'));
    const kept = await allRows('applications', [Query.equal('jobId', job.id)]);
    expect(kept).toHaveLength(1);
    // The refused submissions leave no resume behind, neither attached nor waiting as an upload.
    const files = new AdminStorage(adminClient(backend));
    const left = await Promise.all(
      resumes.map(async (fileId) => {
        const found = await Promise.all(
          ['resumes', 'uploads'].map((bucketId) =>
            files.getFile({ bucketId, fileId }).then(
              () => bucketId,
              () => undefined,
            ),
          ),
        );
        return found.filter(Boolean);
      }),
    );
    expect(left.flat()).toEqual(['resumes']);
    expect(resumes[left.findIndex((where) => where.length > 0)]).toBe(kept[0]?.resumeFileId);
  });
});
