import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, Channel, Query } from 'appwrite';
import { Users } from 'node-appwrite';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { signedInBrowser, type TestBrowser } from '../support/browser.ts';
import {
  command,
  eventually,
  execute,
  PNG,
  recruiter,
  SETTINGS,
  startPortalBackend,
  student,
  teacher,
  uniqueLocal,
  upload,
  type Member,
} from '../support/portal.ts';
import { closeRealtimeClients, openRealtime } from '../support/realtime.ts';
import { joinSchool, SCHOOL_A, SCHOOL_B } from '../support/schools.ts';

/**
 * Issue 23, item 6: students' social surfaces are their school's. A post (with its comments, likes
 * and images) is read by its school's members; a student's profile by its school (and the recruiters
 * the student applied to); another school's students and staff, recruiters and a student no school
 * has confirmed read none of it, by list, get or realtime. Only the post's school's staff moderate it.
 */

const DB = 'portal';
let backend: TestBackend;
let author: Member;
let classmate: Member;
let ownTeacher: Member;
let otherStudent: Member;
let otherTeacher: Member;
let hr: Member;
let unconfirmed: TestBrowser & { userId: string };

/** A verified student address that signed up alone: no school has confirmed it yet. */
async function unconfirmedStudent(): Promise<TestBrowser & { userId: string }> {
  const browser = await signedInBrowser(backend, { email: `${uniqueLocal('1')}@${SETTINGS.schoolDomain}` });
  await new Users(adminClient(backend)).updateEmailVerification({ userId: browser.userId, emailVerification: true });
  await eventually(
    () => browser.account.get(),
    (user) => user.labels.includes('student'),
  );
  return browser;
}

beforeAll(async () => {
  backend = await startPortalBackend();
  [author, classmate, ownTeacher, otherStudent, otherTeacher, hr, unconfirmed] = await Promise.all([
    student(backend, uniqueLocal('1'), SCHOOL_A),
    student(backend, uniqueLocal('1'), SCHOOL_A),
    teacher(backend, uniqueLocal('teacher'), SCHOOL_A),
    student(backend, uniqueLocal('1'), SCHOOL_B),
    teacher(backend, uniqueLocal('teacher'), SCHOOL_B),
    recruiter(backend),
    unconfirmedStudent(),
  ]);
});

afterAll(async () => {
  await closeRealtimeClients();
  await backend?.close();
});

/** True when the call answered; false when Appwrite refused it as missing or unauthorized. */
async function readable(promise: Promise<unknown>): Promise<boolean> {
  try {
    await promise;
    return true;
  } catch (error) {
    if (error instanceof AppwriteException && [401, 404].includes(error.code)) return false;
    throw error;
  }
}

interface Thread {
  post: string;
  image: string;
  comment: string;
  like: string;
}

/** The author's post with an image, the classmate's comment and like on it; the like's row as its liker reads it. */
async function thread(): Promise<Thread> {
  const image = await upload(author, 'post.png', PNG);
  const posted = await command<{ id: string }>(author, 'POST', '/posts', { content: 'Our school fair is on Friday', imageFileIds: [image] });
  expect(posted.error).toBeUndefined();
  const post = posted.data!.id;
  const commented = await command<{ comment: { id: string } }>(classmate, 'POST', `/posts/${post}/comments`, { content: 'See you there' });
  expect(commented.error).toBeUndefined();
  expect((await command(classmate, 'POST', `/posts/${post}/like`)).status).toBe(200);
  const likes = await classmate.tablesDB.listRows({ databaseId: DB, tableId: 'post_likes', queries: [Query.equal('postId', post)] });
  expect(likes.rows).toHaveLength(1);
  return { post, image, comment: commented.data!.comment.id, like: likes.rows[0]!.$id };
}

/** What of the thread `reader` reads: the post, its comment, its like and its image, by get and by list. */
async function whatReads(reader: TestBrowser, { post, image, comment, like }: Thread): Promise<string[]> {
  const ofPost = [Query.equal('postId', post)];
  const checks: Record<string, Promise<boolean>> = {
    'get post': readable(reader.tablesDB.getRow({ databaseId: DB, tableId: 'posts', rowId: post })),
    'list posts': reader.tablesDB.listRows({ databaseId: DB, tableId: 'posts' }).then((list) => list.rows.some((row) => row.$id === post)),
    'get comment': readable(reader.tablesDB.getRow({ databaseId: DB, tableId: 'comments', rowId: comment })),
    'list comments': reader.tablesDB.listRows({ databaseId: DB, tableId: 'comments', queries: ofPost }).then((list) => list.total > 0),
    'get like': readable(reader.tablesDB.getRow({ databaseId: DB, tableId: 'post_likes', rowId: like })),
    'list likes': reader.tablesDB.listRows({ databaseId: DB, tableId: 'post_likes', queries: ofPost }).then((list) => list.total > 0),
    'get image': readable(reader.storage.getFile({ bucketId: 'post-images', fileId: image })),
  };
  const answers = await Promise.all(Object.entries(checks).map(async ([name, check]) => [name, await check] as const));
  return answers.filter(([, read]) => read).map(([name]) => name);
}

const EVERYTHING = ['get post', 'list posts', 'get comment', 'list comments', 'get like', 'list likes', 'get image'];

describe('the feed is per school', () => {
  it("lets the school's members read a post, its comment, like and image, and nobody outside the school", async () => {
    const made = await thread();
    expect(await whatReads(classmate, made)).toEqual(EVERYTHING);
    expect(await whatReads(ownTeacher, made)).toEqual(EVERYTHING);
    for (const outsider of [otherStudent, otherTeacher, hr, unconfirmed]) expect(await whatReads(outsider, made)).toEqual([]);
    // Nor through the commands: another school's post is "not found", exactly like a missing one.
    expect((await command(otherStudent, 'POST', `/posts/${made.post}/comments`, { content: 'Hi' })).status).toBe(404);
    expect((await command(otherStudent, 'POST', `/posts/${made.post}/like`)).status).toBe(404);
    expect((await command(otherStudent, 'POST', '/reports', { kind: 'post', id: made.post, reason: 'Spam' })).status).toBe(404);
  });

  it("sends a school's feed events to its members only", async () => {
    const channels = ['posts', 'comments', 'post_likes'].map((table) => Channel.tablesdb(DB).table(table).row().toString());
    const insideLive = openRealtime(backend, { session: classmate.sessionToken() });
    const outsiders = [otherStudent, otherTeacher, hr, unconfirmed].map((outsider) => openRealtime(backend, { session: outsider.sessionToken() }));
    const inside = await insideLive.subscribe(channels);
    const outside = await Promise.all(outsiders.map((live) => live.subscribe(channels)));

    const made = await thread();
    for (const id of [made.post, made.comment, made.like]) await inside.waitFor((event) => (event.payload as { $id?: string }).$id === id);
    // Every event published before the pong has arrived: none of the thread's reached an outsider.
    await Promise.all(outsiders.map((live) => live.flush()));
    const ids = new Set([made.post, made.comment, made.like]);
    for (const feed of outside) expect(feed.events.filter((event) => ids.has((event.payload as { $id?: string }).$id ?? ''))).toEqual([]);
  });

  it('refuses a post from anyone in no school: a student not yet confirmed, a recruiter', async () => {
    const refused = await command(unconfirmed, 'POST', '/posts', { content: 'Hello' });
    expect(refused.status).toBe(403);
    expect(refused.error?.message).toMatch(/Ask your school to confirm you first/);
    expect((await command(hr, 'POST', '/posts', { content: 'We are hiring' })).status).toBe(403);
    const theirs = await unconfirmed.tablesDB.listRows({ databaseId: DB, tableId: 'posts' });
    expect(theirs.total).toBe(0);
  });

  it("leaves moderation of a post to its own school's staff", async () => {
    const made = await thread();
    const reported = await command<{ id: string }>(classmate, 'POST', '/reports', { kind: 'post', id: made.post, reason: 'Not kind' });
    expect(reported.error).toBeUndefined();
    const report = reported.data!.id;
    const queueOf = async (staff: Member) => ((await execute<Array<{ id: string }>>(staff, 'commands', 'GET', '/reports')).data ?? []).map((each) => each.id);
    expect(await queueOf(otherTeacher)).not.toContain(report);
    const attempt = await command(otherTeacher, 'POST', `/reports/${report}/decision`, { decision: 'hide', reason: 'Not allowed here' });
    expect(attempt.status).toBe(404);
    expect(await whatReads(classmate, made)).toEqual(EVERYTHING);

    expect(await queueOf(ownTeacher)).toContain(report);
    expect((await command(ownTeacher, 'POST', `/reports/${report}/decision`, { decision: 'hide', reason: 'Not kind to others' })).status).toBe(200);
    // Hidden: the classmate reads none of it any more; the author and the school's staff still do.
    expect(await whatReads(classmate, made)).not.toContain('get post');
    expect(await whatReads(classmate, made)).not.toContain('get like');
    expect(await whatReads(ownTeacher, made)).toEqual(expect.arrayContaining(['get post', 'get comment', 'get like', 'get image']));
    expect(await whatReads(otherTeacher, made)).toEqual([]);
    // The decision is kept for the school's staff, not for every teacher of the board.
    const decisionsSeenBy = async (staff: Member) =>
      (await staff.tablesDB.listRows({ databaseId: DB, tableId: 'moderation_audit', queries: [Query.equal('reportId', report)] })).total;
    expect(await decisionsSeenBy(ownTeacher)).toBe(1);
    expect(await decisionsSeenBy(otherTeacher)).toBe(0);
  });
});

describe('the network is per school', () => {
  const profileOf = (reader: TestBrowser, userId: string) => readable(reader.tablesDB.getRow({ databaseId: DB, tableId: 'profiles', rowId: userId }));
  const listed = async (reader: TestBrowser, userId: string) =>
    (await reader.tablesDB.listRows({ databaseId: DB, tableId: 'profiles', queries: [Query.equal('$id', userId)] })).total > 0;

  it("lets a student's school read their profile and photo, and no other school nor a student not yet confirmed", async () => {
    const photo = await upload(author, 'me.png', PNG);
    expect((await command(author, 'PUT', '/profile', { photoFileId: photo })).status).toBe(200);
    await eventually(
      () => profileOf(classmate, author.userId),
      (read) => read,
    );
    expect(await profileOf(classmate, author.userId)).toBe(true);
    expect(await profileOf(ownTeacher, author.userId)).toBe(true);
    expect(await readable(classmate.storage.getFile({ bucketId: 'profile-photos', fileId: photo }))).toBe(true);
    for (const outsider of [otherStudent, otherTeacher, hr, unconfirmed]) {
      expect(await profileOf(outsider, author.userId)).toBe(false);
      expect(await listed(outsider, author.userId)).toBe(false);
      expect(await readable(outsider.storage.getFile({ bucketId: 'profile-photos', fileId: photo }))).toBe(false);
    }
  });

  it("sends a student's profile events to their school only", async () => {
    const channel = Channel.tablesdb(DB).table('profiles').row(author.userId).toString();
    const insideLive = openRealtime(backend, { session: classmate.sessionToken() });
    const outsiders = [otherStudent, otherTeacher, hr, unconfirmed].map((outsider) => openRealtime(backend, { session: outsider.sessionToken() }));
    const inside = await insideLive.subscribe([channel]);
    const outside = await Promise.all(outsiders.map((live) => live.subscribe([channel])));
    const bio = `Bio ${uniqueLocal('b')}`;
    expect((await command(author, 'PUT', '/profile', { bio })).status).toBe(200);
    await inside.waitFor((event) => (event.payload as { bio?: string }).bio === bio);
    await Promise.all(outsiders.map((live) => live.flush()));
    for (const feed of outside) expect(feed.events).toEqual([]);
  });

  it("opens a student's profile to their school once it confirms them", async () => {
    const newcomer = await unconfirmedStudent();
    expect(await profileOf(classmate, newcomer.userId)).toBe(false);
    await joinSchool(backend, SCHOOL_A, newcomer.userId, { student: true });
    expect(
      await eventually(
        () => profileOf(classmate, newcomer.userId),
        (read) => read,
      ),
    ).toBe(true);
    expect(await profileOf(otherStudent, newcomer.userId)).toBe(false);
  });
});
