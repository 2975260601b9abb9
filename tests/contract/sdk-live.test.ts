import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyJobChange, applyPostChange, type FeedPost, type Job, type JobChange, type Page, type PostChange } from '@opportunity-kit/sdk';
import type { TestBackend } from '../support/backend.ts';
import { startPortalBackend } from '../support/portal.ts';
import { aNewPosting, aRecruiter, aStudent, aTeacher, installRealtimeGlobals, subscribed, waitFor, type PortalMember } from '../support/portal-sdk.ts';

/**
 * Live updates through the SDK's subscriptions (the web SDK's `Realtime` over a real socket to the
 * local backend): a listing sees a posting another member creates, changes and removes, and keeps
 * its page fresh with `applyJobChange`; a detail page follows its one posting with `jobs.watch`;
 * the feed does the same for posts and likes.
 */

let backend: TestBackend;
let mrsLee: PortalMember;
let mrKim: PortalMember;
let hr: PortalMember;
let sam: PortalMember;

beforeAll(async () => {
  installRealtimeGlobals();
  backend = await startPortalBackend();
  [mrsLee, mrKim, hr, sam] = await Promise.all([aTeacher(backend), aTeacher(backend), aRecruiter(backend), aStudent(backend)]);
});
afterAll(async () => {
  await Promise.all([mrsLee, mrKim, hr, sam].map((member) => member.portal.close()));
  await backend.close();
});

describe('jobs.subscribe', () => {
  it('sees a posting created by another user, and keeps the shown page fresh through its changes', async () => {
    const filter = { postingType: 'Job' as const };
    let page: Page<Job> = await mrsLee.portal.jobs.list(filter);
    const shownBefore = new Set(page.items.map((job) => job.id));
    const changes: JobChange[] = [];
    const stop = await subscribed(() =>
      mrsLee.portal.jobs.subscribe(filter, (change) => {
        changes.push(change);
        page = applyJobChange(page, change, filter);
      }),
    );

    const created = await hr.portal.jobs.create(aNewPosting({ title: 'Live barista' }));
    const seen = await waitFor('the new posting', () => changes.find((change) => change.job.id === created.id));
    expect(seen).toMatchObject({ action: 'create', matches: true, job: { title: 'Live barista', creatorId: hr.userId } });
    // Newest first: ahead of everything the page showed (other members may post meanwhile on a shared Appwrite).
    expect(page.items.find((job) => job.id === created.id || shownBefore.has(job.id))?.id).toBe(created.id);

    await sam.portal.jobs.recordView(created.id);
    await waitFor('the view count', () => page.items.find((job) => job.id === created.id)?.viewCount === 1);

    await mrsLee.portal.jobs.assign(created.id, sam.email);
    await waitFor('the assignment', () => page.items.find((job) => job.id === created.id)?.assignedStudentEmail === sam.email);

    await hr.portal.jobs.remove(created.id);
    await waitFor('the removal', () => changes.some((change) => change.action === 'delete' && change.job.id === created.id));
    expect(page.items.some((job) => job.id === created.id)).toBe(false);
    await stop();
  });

  it("judges each change against the subscriber's own filter and rules", async () => {
    const hrChanges: JobChange[] = [];
    const kimChanges: JobChange[] = [];
    const stopHr = await subscribed(() => hr.portal.jobs.subscribe({ postingType: 'Gig' }, (change) => hrChanges.push(change)));
    const stopKim = await subscribed(() => mrKim.portal.jobs.subscribe({}, (change) => kimChanges.push(change)));

    // A Job posting is not on a Gig listing; a colleague's private posting is not on mrKim's listing
    // unless his Private Filter is on, but he may read it, so the event reaches him.
    const job = await mrsLee.portal.jobs.create(aNewPosting({ title: 'Private helper', visible: false }));
    const forKim = await waitFor('the private posting', () => kimChanges.find((change) => change.job.id === job.id));
    expect(forKim).toMatchObject({ action: 'create', matches: false });
    const publicJob = await mrsLee.portal.jobs.create(aNewPosting({ title: 'Public helper' }));
    expect((await waitFor('the public posting', () => hrChanges.find((change) => change.job.id === publicJob.id))).matches).toBe(false);
    // hr may not read the private posting: the server never sends it to him.
    expect(hrChanges.some((change) => change.job.id === job.id)).toBe(false);
    await Promise.all([stopHr(), stopKim()]);
  });

  it('stops delivering after unsubscribe', async () => {
    const changes: JobChange[] = [];
    const stop = await subscribed(() => sam.portal.jobs.subscribe({}, (change) => changes.push(change)));
    await stop();
    const watcher: JobChange[] = [];
    const stopWatcher = await subscribed(() => mrKim.portal.jobs.subscribe({}, (change) => watcher.push(change)));
    const job = await hr.portal.jobs.create(aNewPosting({ title: 'After unsubscribe' }));
    // By the time another subscriber has the event, the stopped one would have had it too.
    await waitFor("the watcher's event", () => watcher.some((change) => change.job.id === job.id));
    expect(changes).toEqual([]);
    await stopWatcher();
  });
});

describe('jobs.watch', () => {
  it('follows one posting through a view, an assignment and its removal, and nothing else', async () => {
    const watched = await hr.portal.jobs.create(aNewPosting({ title: 'Watched cashier' }));
    const other = await hr.portal.jobs.create(aNewPosting({ title: 'Unwatched cashier' }));
    const seen: Array<Job | null> = [];
    const stop = await subscribed(() => mrKim.portal.jobs.watch(watched.id, (job) => seen.push(job)));
    const otherSeen: Array<Job | null> = [];
    const stopOther = await subscribed(() => mrKim.portal.jobs.watch(other.id, (job) => otherSeen.push(job)));
    // First the posting as it is once the subscription is open.
    expect(await waitFor('the posting', () => seen[0])).toMatchObject({ id: watched.id, title: 'Watched cashier', viewCount: 0 });

    await sam.portal.jobs.recordView(watched.id);
    await waitFor('the view', () => seen.at(-1)?.viewCount === 1);
    await mrsLee.portal.jobs.assign(watched.id, sam.email);
    await waitFor('the assignment', () => seen.at(-1)?.assignedStudentEmail === sam.email);
    expect(seen.at(-1)).toMatchObject({ viewCount: 1, assignedStudentId: sam.userId });

    // Another posting's change reaches its own watcher, not this one.
    await sam.portal.jobs.recordView(other.id);
    await waitFor("the other posting's view", () => otherSeen.at(-1)?.viewCount === 1);
    expect(seen.every((job) => job?.id === watched.id)).toBe(true);

    await hr.portal.jobs.remove(watched.id);
    await waitFor('the removal', () => seen.length > 1 && seen.at(-1) === null);
    await Promise.all([stop(), stopOther()]);
  });

  it('delivers a change made before the subscription was open, and null for a posting that is not there', async () => {
    const job = await hr.portal.jobs.create(aNewPosting({ title: 'Viewed before watching' }));
    // The view lands before the server has the subscription, so no event carries it: the read does.
    await sam.portal.jobs.recordView(job.id);
    const seen: Array<Job | null> = [];
    const stop = mrKim.portal.jobs.watch(job.id, (change) => seen.push(change));
    expect(await waitFor('the posting', () => seen[0])).toMatchObject({ id: job.id, viewCount: 1 });
    const missing: Array<Job | null> = [];
    const stopMissing = mrKim.portal.jobs.watch('no-such-posting', (change) => missing.push(change));
    expect(await waitFor('the answer', () => missing.length > 0 && missing)).toEqual([null]);
    await Promise.all([stop(), stopMissing()]);
  });

  it('stops delivering after unsubscribe', async () => {
    const job = await hr.portal.jobs.create(aNewPosting({ title: 'Briefly watched' }));
    const seen: Array<Job | null> = [];
    const stop = await subscribed(() => sam.portal.jobs.watch(job.id, (change) => seen.push(change)));
    await stop();
    const watcher: Array<Job | null> = [];
    const stopWatcher = await subscribed(() => mrKim.portal.jobs.watch(job.id, (change) => watcher.push(change)));
    await sam.portal.jobs.recordView(job.id);
    // By the time another watcher has the change, the stopped one would have had it too.
    await waitFor("the watcher's change", () => watcher.at(-1)?.viewCount === 1);
    expect(seen.some((change) => change?.viewCount === 1)).toBe(false);
    await stopWatcher();
  });
});

describe('posts.subscribe', () => {
  it("sees another member's new post and its likes, keeping the feed fresh", async () => {
    let feed: Page<FeedPost> = await sam.portal.posts.feed();
    const shownBefore = new Set(feed.items.map((item) => item.id));
    const changes: PostChange[] = [];
    const stop = await subscribed(() =>
      sam.portal.posts.subscribe((change) => {
        changes.push(change);
        feed = applyPostChange(feed, change);
      }),
    );
    const post = await mrsLee.portal.posts.create({ content: 'Volunteers wanted for the fair!' });
    const shown = () => feed.items.find((item) => item.id === post.id);
    await waitFor('the new post', () => shown());
    expect(feed.items.find((item) => item.id === post.id || shownBefore.has(item.id))?.id).toBe(post.id);
    await mrKim.portal.posts.toggleLike(post.id);
    await waitFor('the like', () => shown()?.likeCount === 1);
    expect(shown()).toMatchObject({ id: post.id, likedByMe: false });
    await mrsLee.portal.posts.remove(post.id);
    await waitFor('the deletion', () => !feed.items.some((item) => item.id === post.id));
    expect(changes.map((change) => change.action)).toEqual(expect.arrayContaining(['create', 'update', 'delete']));
    await stop();
  });
});
