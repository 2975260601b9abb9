import { TablesDB } from 'appwrite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyJobChange, applyPostChange, type FeedPost, type Job, type JobChange, type Page } from '@opportunity-kit/sdk';
import type { TestBackend } from '../support/backend.ts';
import { command, startPortalBackend } from '../support/portal.ts';
import {
  aNewPosting,
  aRecruiter,
  aStudent,
  guestPortal,
  aTeacher,
  installRealtimeGlobals,
  refusal,
  subscribed,
  waitFor,
  type PortalMember,
} from '../support/portal-sdk.ts';

/**
 * Reports and moderation (issue 15, item 4) through the SDK: members report what they read, teachers
 * decide from the queue, a hidden posting, post or comment stays with its author (who reads why) and
 * teachers, and every decision is kept in `moderation_audit`, which only the school's teachers read.
 */

let backend: TestBackend;
let mrsLee: PortalMember;
let mrKim: PortalMember;
let sam: PortalMember;
let ana: PortalMember;

beforeAll(async () => {
  installRealtimeGlobals();
  backend = await startPortalBackend();
  [mrsLee, mrKim, sam, ana] = await Promise.all([aTeacher(backend), aTeacher(backend), aStudent(backend), aStudent(backend)]);
});
afterAll(async () => {
  await Promise.all([mrsLee, mrKim, sam, ana].map((member) => member.portal.close()));
  await backend.close();
});

const auditRows = (member: PortalMember) => new TablesDB(member.client).listRows({ databaseId: 'portal', tableId: 'moderation_audit' });

describe('reporting', () => {
  it('files one report per member and target, readable by its reporter and teachers, and refuses bad reports', async () => {
    const { post } = await aPostWithComment();
    const first = await ana.portal.moderation.report('post', post.id, '  Rude words  ');
    expect(first).toMatchObject({ kind: 'post', targetId: post.id, reason: 'Rude words', status: 'open', reporterId: ana.userId });
    const again = await ana.portal.moderation.report('post', post.id, 'Still rude');
    expect(again.id).toBe(first.id);

    expect((await refusal(ana.portal.moderation.report('post', post.id, '   '), 'invalid-input')).message).toBe('Please say why you report this.');
    expect((await refusal(sam.portal.moderation.report('post', post.id, 'Mine'), 'not-allowed')).message).toBe('You cannot report your own post.');
    await refusal(ana.portal.moderation.report('comment', 'no-such-comment', 'Spam'), 'not-found');

    const queue = await mrsLee.portal.moderation.queue();
    expect(queue.filter((item) => item.targetId === post.id)).toEqual([
      expect.objectContaining({ id: first.id, reason: 'Rude words', targetText: post.content }),
    ]);
    await refusal(ana.portal.moderation.queue(), 'not-allowed');
    await refusal(ana.portal.moderation.decide(first.id, 'dismiss'), 'not-allowed');
    await expect(new TablesDB(sam.client).getRow({ databaseId: 'portal', tableId: 'reports', rowId: first.id })).rejects.toMatchObject({ code: 404 });
    expect((await new TablesDB(ana.client).getRow({ databaseId: 'portal', tableId: 'reports', rowId: first.id })).$id).toBe(first.id);
  });

  it('dismissing leaves the content as it was, takes the report off the queue and is audited', async () => {
    const { post } = await aPostWithComment();
    const report = await ana.portal.moderation.report('post', post.id, 'Off topic');
    expect((await mrsLee.portal.moderation.decide(report.id, 'dismiss')).status).toBe('dismissed');
    expect((await mrsLee.portal.moderation.queue()).some((item) => item.id === report.id)).toBe(false);
    expect((await ana.portal.posts.feed()).items.some((item) => item.id === post.id)).toBe(true);
    const audit = await auditRows(mrsLee);
    expect(audit.rows.find((row) => row.reportId === report.id)).toMatchObject({
      action: 'dismiss',
      kind: 'post',
      targetId: post.id,
      teacherId: mrsLee.userId,
    });
    expect((await refusal(mrsLee.portal.moderation.decide(report.id, 'hide', 'Late'), 'invalid-input')).message).toBe('This report has already been decided.');
  });
});

describe('who may touch reports and the audit', () => {
  it('refuses guests, direct writes by anyone and audit reads by non-teachers', async () => {
    const { post } = await aPostWithComment();
    const guest = guestPortal(backend);
    await refusal(guest.portal.moderation.report('post', post.id, 'Spam'), 'unauthenticated');
    const guestAnswer = await command(guest.browser, 'POST', '/reports', { kind: 'post', id: post.id, reason: 'Spam' });
    expect(guestAnswer.status).toBe(401);

    const recruiter = await aRecruiter(backend);
    try {
      // The audit has row security: each decision is read by its school's staff (issue 23), nobody else.
      expect((await auditRows(recruiter)).total).toBe(0);
      await refusal(recruiter.portal.moderation.queue(), 'not-allowed');
    } finally {
      await recruiter.portal.close();
    }
    for (const member of [ana, mrsLee]) {
      const tables = new TablesDB(member.client);
      const data = { reporterId: member.userId, kind: 'post', targetId: post.id, reason: 'Direct', status: 'hidden' };
      await expect(tables.createRow({ databaseId: 'portal', tableId: 'reports', rowId: 'unique()', data })).rejects.toMatchObject({ code: 401 });
      const audit = {
        teacherId: member.userId,
        teacherName: 'X',
        action: 'hide',
        kind: 'post',
        targetId: post.id,
        reportId: 'x',
        at: new Date().toISOString(),
      };
      await expect(tables.createRow({ databaseId: 'portal', tableId: 'moderation_audit', rowId: 'unique()', data: audit })).rejects.toMatchObject({
        code: 401,
      });
    }
    // Nobody hides a post by writing its row either.
    await expect(
      new TablesDB(mrsLee.client).updateRow({ databaseId: 'portal', tableId: 'posts', rowId: post.id, data: { hiddenReason: 'Direct' } }),
    ).rejects.toMatchObject({ code: 401 });
  });
});

describe('hiding', () => {
  it('hides a comment from everyone but its author, who reads why, and teachers; a second report is refused', async () => {
    const { post, comment } = await aPostWithComment();
    const report = await ana.portal.moderation.report('comment', comment.id, 'Shares a phone number');
    await refusal(mrsLee.portal.moderation.decide(report.id, 'hide'), 'invalid-input');
    expect((await mrsLee.portal.moderation.decide(report.id, 'hide', 'Personal details are not allowed')).status).toBe('hidden');

    expect((await ana.portal.posts.comments(post.id)).items.some((item) => item.id === comment.id)).toBe(false);
    expect((await sam.portal.posts.comments(post.id)).items.find((item) => item.id === comment.id)?.hiddenReason).toBe('Personal details are not allowed');
    expect((await mrsLee.portal.posts.comments(post.id)).items.some((item) => item.id === comment.id)).toBe(true);

    const again = await refusal(mrsLee.portal.moderation.report('comment', comment.id, 'Again'), 'invalid-input');
    expect(again.message).toBe('A teacher has already hidden this, so there is nothing to report.');
    expect((await mrsLee.portal.moderation.queue()).some((item) => item.targetId === comment.id)).toBe(false);

    const audit = await auditRows(mrsLee);
    expect(audit.rows.find((row) => row.reportId === report.id)).toMatchObject({ action: 'hide', reason: 'Personal details are not allowed', kind: 'comment' });
    expect((await auditRows(ana)).total).toBe(0);
  });

  it("a hidden post leaves an open feed live, and stays on its author's", async () => {
    const { post } = await aPostWithComment();
    let anasFeed: Page<FeedPost> = await ana.portal.posts.feed();
    let samsFeed: Page<FeedPost> = await sam.portal.posts.feed();
    expect(anasFeed.items.some((item) => item.id === post.id)).toBe(true);
    const stopAna = await subscribed(() => ana.portal.posts.subscribe((change) => (anasFeed = applyPostChange(anasFeed, change))));
    const stopSam = await subscribed(() => sam.portal.posts.subscribe((change) => (samsFeed = applyPostChange(samsFeed, change))));
    const report = await ana.portal.moderation.report('post', post.id, 'Spam');
    await mrsLee.portal.moderation.decide(report.id, 'hide', 'Advertising is not allowed');
    await waitFor('the post to leave the feed', () => !anasFeed.items.some((item) => item.id === post.id));
    await waitFor("the author's note", () => samsFeed.items.find((item) => item.id === post.id)?.hiddenReason === 'Advertising is not allowed');
    await Promise.all([stopAna(), stopSam()]);
    expect((await ana.portal.posts.feed()).items.some((item) => item.id === post.id)).toBe(false);
  });

  it('a hidden posting leaves an open listing live, and stays with its creator', async () => {
    // A teacher's posting, which needs no employer approval before students see it.
    const job = await mrKim.portal.jobs.create(aNewPosting({ title: 'Reported barista' }));
    let page: Page<Job> = await ana.portal.jobs.list({});
    await waitFor('the posting on the listing', async () => {
      page = await ana.portal.jobs.list({});
      return page.items.some((item) => item.id === job.id);
    });
    const changes: JobChange[] = [];
    const stop = await subscribed(() =>
      ana.portal.jobs.subscribe({}, (change) => {
        changes.push(change);
        page = applyJobChange(page, change, {});
      }),
    );
    const report = await ana.portal.moderation.report('job', job.id, 'Asks for money up front');
    await mrsLee.portal.moderation.decide(report.id, 'hide', 'Asks students for money');
    await waitFor(
      'the posting to leave the listing',
      () => changes.some((change) => change.job.id === job.id) && !page.items.some((item) => item.id === job.id),
    );
    await stop();

    expect(await ana.portal.jobs.get(job.id)).toBeNull();
    expect((await sam.portal.jobs.list({})).items.some((item) => item.id === job.id)).toBe(false);
    expect((await mrKim.portal.jobs.get(job.id))?.hiddenReason).toBe('Asks students for money');
  });
});

/** sam's post with sam's comment on it: content ana can report and sam may not. */
async function aPostWithComment() {
  const post = await sam.portal.posts.create({ content: `Weekend shifts at the bakery ${Math.random()}` });
  const { comment } = await sam.portal.posts.addComment(post.id, 'Call me on 555-0100');
  return { post, comment };
}
