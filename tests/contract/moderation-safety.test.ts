import { AppwriteException, Query, TablesDB } from 'appwrite';
import { Users } from 'node-appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_REASON_MAX, REPORTS_PER_DAY } from '@opportunity-kit/sdk/domain';
import { editPosting } from '../../packages/functions/src/commands/edit-posting.ts';
import { identifyCaller } from '../../packages/functions/src/platform/caller.ts';
import { RequestBody } from '../../packages/functions/src/platform/request-body.ts';
import { serverApiOf } from '../../packages/functions/src/platform/server-client.ts';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { command, startPortalBackend, type CommandAnswer } from '../support/portal.ts';
import { aNewPosting, aPng, aRecruiter, aStudent, aTeacher, installRealtimeGlobals, type PortalMember } from '../support/portal-sdk.ts';
import { aPosting } from '../support/postings.ts';

/**
 * What a hidden post takes with it, and what reporting tells a member (issue 21, items 4, 13, 14
 * and 23): the images and comments of a hidden post have the post's readers, nobody else comments
 * on it, likes it or learns that it exists, and reports are limited per member and day.
 */

let backend: TestBackend;
let mrsLee: PortalMember;
let sam: PortalMember;
let ana: PortalMember;
let hr: PortalMember;

beforeAll(async () => {
  installRealtimeGlobals();
  backend = await startPortalBackend();
  [mrsLee, sam, ana, hr] = await Promise.all([aTeacher(backend), aStudent(backend), aStudent(backend), aRecruiter(backend)]);
});
afterAll(async () => {
  await Promise.all([mrsLee, sam, ana, hr].map((member) => member.portal.close()));
  await backend.close();
});

const DB = 'portal';

async function readable(promise: Promise<unknown>): Promise<boolean> {
  try {
    await promise;
    return true;
  } catch (error) {
    if (error instanceof AppwriteException && [401, 404].includes(error.code)) return false;
    throw error;
  }
}

const answerOf = (answer: CommandAnswer<unknown>) => ({ status: answer.status, code: answer.error?.code, message: answer.error?.message });

/** sam's post with one image and ana's comment, hidden by mrsLee after ana reported it (hr, outside the school, never read it). */
async function aHiddenPost() {
  const post = await sam.portal.posts.create({ content: `Hidden soon ${Math.random()}`, images: [aPng('hidden.png')] });
  const { comment } = await ana.portal.posts.addComment(post.id, 'Nice one');
  const report = await ana.portal.moderation.report('post', post.id, 'Advertising');
  await mrsLee.portal.moderation.decide(report.id, 'hide', 'Advertising is not allowed');
  return { post, comment, image: post.imageFileIds[0] as string };
}

describe('a hidden post', () => {
  it('takes its images along: only its author and teachers still read or list them (item 4)', async () => {
    const { image } = await aHiddenPost();
    for (const member of [ana, hr]) {
      expect(await readable(member.storage.getFile({ bucketId: 'post-images', fileId: image }))).toBe(false);
      const listed = await member.storage.listFiles({ bucketId: 'post-images', queries: [Query.equal('$id', image)] });
      expect(listed.files).toEqual([]);
    }
    for (const member of [sam, mrsLee]) expect(await readable(member.storage.getFile({ bucketId: 'post-images', fileId: image }))).toBe(true);
    // Nor can its author give the image back to everyone: the file's permissions are the command's.
    await expect(sam.storage.updateFile({ bucketId: 'post-images', fileId: image, permissions: ['read("users")'] })).rejects.toMatchObject({ code: 401 });
  });

  it('takes its comments along, and takes no comment or like from those who cannot read it (item 13)', async () => {
    const { post, comment } = await aHiddenPost();
    const commentsOf = (member: PortalMember) =>
      new TablesDB(member.client).listRows({ databaseId: DB, tableId: 'comments', queries: [Query.equal('postId', post.id)] });
    expect((await commentsOf(hr)).rows).toEqual([]);
    expect((await commentsOf(ana)).rows).toEqual([]);
    expect(await readable(new TablesDB(hr.client).getRow({ databaseId: DB, tableId: 'comments', rowId: comment.id }))).toBe(false);
    expect((await commentsOf(mrsLee)).rows.map((row) => row.$id)).toEqual([comment.id]);

    const unknown = 'nosuchpost0000000000';
    for (const member of [ana, hr]) {
      const onHidden = await command(member, 'POST', `/posts/${post.id}/comments`, { content: 'Still here?' });
      const onNothing = await command(member, 'POST', `/posts/${unknown}/comments`, { content: 'Still here?' });
      expect(answerOf(onHidden)).toEqual(answerOf(onNothing));
      expect(onHidden.status).toBe(404);
      const likeHidden = await command(member, 'POST', `/posts/${post.id}/like`);
      const likeNothing = await command(member, 'POST', `/posts/${unknown}/like`);
      expect(answerOf(likeHidden)).toEqual(answerOf(likeNothing));
      expect(likeHidden.status).toBe(404);
      const deleteHidden = await command(member, 'DELETE', `/posts/${post.id}`);
      const deleteNothing = await command(member, 'DELETE', `/posts/${unknown}`);
      expect(answerOf(deleteHidden)).toEqual(answerOf(deleteNothing));
    }
    const stored = await new TablesDB(mrsLee.client).getRow({ databaseId: DB, tableId: 'posts', rowId: post.id });
    expect({ likes: stored.likeCount, comments: stored.commentCount }).toEqual({ likes: 0, comments: 1 });
  });

  it('answers a report by someone who cannot read it exactly as for an id that does not exist (item 14)', async () => {
    const { post, comment } = await aHiddenPost();
    for (const [kind, id] of [
      ['post', post.id],
      ['comment', comment.id],
    ] as const) {
      const hidden = await command(ana, 'POST', '/reports', { kind, id, reason: 'Probing' });
      const unknown = await command(ana, 'POST', '/reports', { kind, id: 'nosuchrow00000000000', reason: 'Probing' });
      expect(answerOf(hidden)).toEqual(answerOf(unknown));
      expect(hidden.status).toBe(404);
    }
    // A teacher reads the hidden post, so being told it is hidden tells them nothing new.
    const teacherAnswer = await command(mrsLee, 'POST', '/reports', { kind: 'post', id: post.id, reason: 'Again' });
    expect(answerOf(teacherAnswer)).toEqual({
      status: 400,
      code: 'invalid-input',
      message: 'A teacher has already hidden this, so there is nothing to report.',
    });
  });
});

describe('reports per member', () => {
  it(`takes at most ${REPORTS_PER_DAY} reports a day from one member, also when sent at once (item 23)`, async () => {
    const reporter = await aStudent(backend);
    try {
      const posts = await Promise.all(
        Array.from({ length: REPORTS_PER_DAY + 5 }, (_, n) => sam.portal.posts.create({ content: `Reportable ${n} ${Math.random()}` })),
      );
      const answers = await Promise.all(posts.map((post) => command(reporter, 'POST', '/reports', { kind: 'post', id: post.id, reason: 'Spam' })));
      expect(answers.filter((answer) => answer.status === 200)).toHaveLength(REPORTS_PER_DAY);
      const refused = answers.filter((answer) => answer.status !== 200);
      expect(refused.map(answerOf)).toEqual(
        refused.map(() => ({
          status: 429,
          code: 'rate-limited',
          message: `You can send at most ${REPORTS_PER_DAY} reports a day. A teacher will look at the ones you sent; please try again tomorrow.`,
        })),
      );
      const queued = (await mrsLee.portal.moderation.queue()).filter((item) => item.reporterId === reporter.userId);
      expect(queued).toHaveLength(REPORTS_PER_DAY);
      // Reporting the same thing again still answers the first report.
      const first = answers.findIndex((answer) => answer.status === 200);
      const again = await command(reporter, 'POST', '/reports', { kind: 'post', id: posts[first]!.id, reason: 'Spam' });
      expect(again.status).toBe(200);
    } finally {
      await reporter.portal.close();
    }
  });

  it(`refuses a reason longer than ${REPORT_REASON_MAX} characters, and does not count it`, async () => {
    const post = await sam.portal.posts.create({ content: `Long reason ${Math.random()}` });
    const answer = await command(ana, 'POST', '/reports', { kind: 'post', id: post.id, reason: 'x'.repeat(REPORT_REASON_MAX + 1) });
    expect(answerOf(answer)).toEqual({ status: 400, code: 'invalid-input', message: `Please keep the reason under ${REPORT_REASON_MAX} characters.` });
    expect((await command(ana, 'POST', '/reports', { kind: 'post', id: post.id, reason: 'x'.repeat(REPORT_REASON_MAX) })).status).toBe(200);
  });
});

describe('an edit that overlaps a hide', () => {
  /**
   * A teacher hides a posting while its creator saves an edit: the edit read the posting while it was
   * still shown, the hide landed, and only then did the edit write the posting's readers. The hidden
   * posting must never be given back to its students.
   */
  it('never gives the hidden posting back to its readers, and keeps the edit', async () => {
    const job = await mrsLee.portal.jobs.create(aNewPosting({ title: `Shown until hidden ${Math.random()}` }));
    const report = await ana.portal.moderation.report('job', job.id, 'Misleading');
    const api = serverApiOf(adminClient(backend));
    const caller = await identifyCaller(mrsLee.userId, new Users(adminClient(backend)));
    let hidden = false;
    const tables = new Proxy(api.tables, {
      get(target, name, receiver) {
        if (name !== 'getRow') return Reflect.get(target, name, receiver) as unknown;
        return async (params: { databaseId: string; tableId: string; rowId: string }) => {
          const row = await target.getRow(params);
          // The hide lands between the edit's first read of the posting and its write.
          if (!hidden && params.tableId === 'jobs') {
            hidden = true;
            await mrsLee.portal.moderation.decide(report.id, 'hide', 'Misleading pay');
          }
          return row;
        };
      },
    });
    const edited = `Edited while hidden ${Math.random()}`;
    const body = RequestBody.parse(JSON.stringify(aPosting({ title: job.title, description: edited })));
    await editPosting({ caller, body, params: { id: job.id }, api: { ...api, tables }, query: {}, clientIp: '' });
    expect(hidden).toBe(true);

    const row = (await api.tables.getRow({ databaseId: DB, tableId: 'jobs', rowId: job.id })) as unknown as {
      hiddenReason: string | null;
      description: string;
    };
    expect({ hiddenReason: row.hiddenReason, description: row.description }).toEqual({ hiddenReason: 'Misleading pay', description: edited });
    for (const student of [ana, sam])
      expect(await readable(new TablesDB(student.client).getRow({ databaseId: DB, tableId: 'jobs', rowId: job.id }))).toBe(false);
    expect(await readable(new TablesDB(mrsLee.client).getRow({ databaseId: DB, tableId: 'jobs', rowId: job.id }))).toBe(true);
  });
});
