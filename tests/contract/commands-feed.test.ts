import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, ID } from 'appwrite';
import { Query, Storage as AdminStorage, TablesDB as AdminTables } from 'node-appwrite';
import { adminClient, type TestBackend } from '../support/backend.ts';
import { command, guest, PNG, startPortalBackend, student, teacher, upload, type Member } from '../support/portal.ts';

/**
 * The blog feed's commands through real sessions: posts with images, comments, likes and deleting a
 * post with everything that hangs off it. Refusals answer their typed error and write nothing.
 */

let backend: TestBackend;
let tables: AdminTables;
let files: AdminStorage;
let author: Member;
let reader: Member;
let other: Member;

beforeAll(async () => {
  backend = await startPortalBackend();
  tables = new AdminTables(adminClient(backend));
  files = new AdminStorage(adminClient(backend));
  // All three of one school: the feed is its school's (issue 23; other schools: schools-social.test.ts).
  [author, reader, other] = await Promise.all([student(backend), teacher(backend), student(backend)]);
});

afterAll(async () => {
  await backend.close();
});

const DB = 'portal';

interface PostData {
  id: string;
  authorId: string;
  authorName: string;
  content: string;
  imageFileIds: string[];
  likeCount: number;
  commentCount: number;
}

async function rows(tableId: string, postId: string): Promise<number> {
  return (await tables.listRows({ databaseId: DB, tableId, queries: [Query.equal('postId', postId)] })).total;
}

async function post(as: Member, content = 'Hello from the feed', imageFileIds: string[] = []): Promise<PostData> {
  const answer = await command<PostData>(as, 'POST', '/posts', { content, imageFileIds });
  expect(answer.error).toBeUndefined();
  return answer.data!;
}

async function readable(promise: Promise<unknown>): Promise<boolean> {
  try {
    await promise;
    return true;
  } catch (error) {
    if (error instanceof AppwriteException && [401, 404].includes(error.code)) return false;
    throw error;
  }
}

describe('POST /posts — share a post', () => {
  it("publishes text with up to 3 of the author's images, which its school's members (not a guest) then see", async () => {
    await command(author, 'PUT', '/profile', { name: 'Sam the Swimmer' });
    const images = await Promise.all([1, 2, 3].map((n) => upload(author, `p${n}.png`, PNG)));
    const answer = await command<PostData>(author, 'POST', '/posts', { content: '  Summer job found!  ', imageFileIds: images });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      authorId: author.userId,
      authorName: 'Sam the Swimmer',
      content: 'Summer job found!',
      imageFileIds: images,
      likeCount: 0,
      commentCount: 0,
    });
    const id = answer.data!.id;
    expect(await readable(reader.tablesDB.getRow({ databaseId: DB, tableId: 'posts', rowId: id }))).toBe(true);
    expect(await readable(reader.storage.getFile({ bucketId: 'post-images', fileId: images[0]! }))).toBe(true);
    expect(await readable(guest(backend).tablesDB.getRow({ databaseId: DB, tableId: 'posts', rowId: id }))).toBe(false);
    expect(await readable(guest(backend).storage.getFile({ bucketId: 'post-images', fileId: images[0]! }))).toBe(false);
  });

  it("refuses a fourth image, someone else's image, a blank post and a guest, writing nothing", async () => {
    // The author's posts only: against a real Appwrite other test files post at the same time.
    const authors = async () => (await tables.listRows({ databaseId: DB, tableId: 'posts', queries: [Query.equal('authorId', author.userId)] })).total;
    const before = await authors();
    const mine = await Promise.all([1, 2, 3, 4].map((n) => upload(author, `m${n}.png`, PNG)));
    const theirs = await upload(other, 'theirs.png', PNG);
    const cases: Array<[Member | ReturnType<typeof guest>, unknown, number, string, string]> = [
      [author, { content: 'Four!', imageFileIds: mine }, 400, 'invalid-input', 'You can only upload up to 3 images'],
      [author, { content: 'Borrowed', imageFileIds: [theirs] }, 400, 'invalid-input', 'Please upload the images again: each must be your own upload'],
      [author, { content: '   ' }, 400, 'invalid-input', 'Please write something to post'],
      [author, { content: 'x', imageFileIds: 'p1' }, 400, 'invalid-input', 'Please send a list of ids'],
      [guest(backend), { content: 'Hi' }, 401, 'unauthenticated', 'Please sign in first.'],
    ];
    for (const [caller, body, status, code, message] of cases) {
      const answer = await command(caller, 'POST', '/posts', body);
      expect({ status: answer.status, code: answer.error?.code, message: answer.error?.message }).toEqual({ status, code, message });
    }
    expect(await authors()).toBe(before);
    expect(await readable(reader.storage.getFile({ bucketId: 'post-images', fileId: theirs }))).toBe(false);
  });
});

describe('POST /posts/{id}/comments — comment', () => {
  it('stores the comment as its own row, deletable only through the command, and counts it on the post', async () => {
    const { id } = await post(author);
    const answer = await command<{ comment: { id: string; postId: string; authorId: string; content: string }; commentCount: number }>(
      reader,
      'POST',
      `/posts/${id}/comments`,
      { content: ' Congratulations! ' },
    );
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({ comment: { postId: id, authorId: reader.userId, content: 'Congratulations!' }, commentCount: 1 });
    const row = await tables.getRow({ databaseId: DB, tableId: 'comments', rowId: answer.data!.comment.id });
    // Read by the school's members through the row (so a teacher can hide it); no other permission, so not even its author deletes it directly.
    expect(row.$permissions).toEqual(['read("team:school-test-a")']);
    await expect(reader.tablesDB.deleteRow({ databaseId: DB, tableId: 'comments', rowId: row.$id })).rejects.toMatchObject({
      code: 401,
      type: 'user_unauthorized',
    });
    expect((await tables.getRow({ databaseId: DB, tableId: 'posts', rowId: id })).commentCount).toBe(1);
  });

  it('refuses a blank comment, a missing post and a guest, writing nothing', async () => {
    const { id } = await post(author);
    expect(await command(reader, 'POST', `/posts/${id}/comments`, { content: '  \n ' })).toMatchObject({
      status: 400,
      error: { code: 'invalid-input', message: 'Please write a comment', fields: { content: 'Please write a comment' } },
    });
    expect(await command(reader, 'POST', `/posts/${ID.unique()}/comments`, { content: 'Hi' })).toMatchObject({
      status: 404,
      error: { code: 'not-found', message: 'Post not found' },
    });
    expect(await command(guest(backend), 'POST', `/posts/${id}/comments`, { content: 'Hi' })).toMatchObject({
      status: 401,
      error: { code: 'unauthenticated' },
    });
    expect(await rows('comments', id)).toBe(0);
    expect((await tables.getRow({ databaseId: DB, tableId: 'posts', rowId: id })).commentCount).toBe(0);
  });
});

describe('DELETE /comments/{id} — delete a comment', () => {
  it("lets only the comment's author delete it, and takes it off the post's count", async () => {
    const { id } = await post(author);
    const added = await command<{ comment: { id: string } }>(reader, 'POST', `/posts/${id}/comments`, { content: 'Oops' });
    const kept = await command<{ comment: { id: string } }>(other, 'POST', `/posts/${id}/comments`, { content: 'Keep me' });
    const commentId = added.data!.comment.id;

    // Not the post's author, not another member, not a guest: only the comment's author (or a teacher of the school).
    for (const caller of [author, other]) {
      expect(await command(caller, 'DELETE', `/comments/${commentId}`)).toMatchObject({
        status: 403,
        error: { code: 'not-allowed', message: 'Only the author of this comment or a teacher of its school can delete it.' },
      });
    }
    expect(await command(guest(backend), 'DELETE', `/comments/${commentId}`)).toMatchObject({ status: 401, error: { code: 'unauthenticated' } });
    expect(await rows('comments', id)).toBe(2);

    expect(await command(reader, 'DELETE', `/comments/${commentId}`)).toMatchObject({ status: 200, data: { id: commentId, postId: id, commentCount: 1 } });
    await expect(tables.getRow({ databaseId: DB, tableId: 'comments', rowId: commentId })).rejects.toMatchObject({ code: 404 });
    expect((await tables.getRow({ databaseId: DB, tableId: 'comments', rowId: kept.data!.comment.id })).content).toBe('Keep me');
    expect((await tables.getRow({ databaseId: DB, tableId: 'posts', rowId: id })).commentCount).toBe(1);
    expect(await command(reader, 'DELETE', `/comments/${commentId}`)).toMatchObject({
      status: 404,
      error: { code: 'not-found', message: 'Comment not found' },
    });
    expect(await command(reader, 'DELETE', `/comments/${ID.unique()}`)).toMatchObject({ status: 404, error: { code: 'not-found' } });
  });

  it("lets a teacher of the school delete a student's comment, and no other student (issue 25)", async () => {
    const { id } = await post(author);
    const added = await command<{ comment: { id: string } }>(other, 'POST', `/posts/${id}/comments`, { content: 'Shares a phone number' });
    const commentId = added.data!.comment.id;
    expect(await command(author, 'DELETE', `/comments/${commentId}`)).toMatchObject({ status: 403, error: { code: 'not-allowed' } });
    expect(await rows('comments', id)).toBe(1);
    expect(await command(reader, 'DELETE', `/comments/${commentId}`)).toMatchObject({ status: 200, data: { id: commentId, postId: id, commentCount: 0 } });
    expect(await rows('comments', id)).toBe(0);
  });

  it('counts simultaneous deletes of one comment once, and never below zero', async () => {
    const { id } = await post(author);
    const added = await command<{ comment: { id: string } }>(reader, 'POST', `/posts/${id}/comments`, { content: 'Twice?' });
    await command(reader, 'POST', `/posts/${id}/comments`, { content: 'Stays' });
    const answers = await Promise.all(Array.from({ length: 5 }, () => command(reader, 'DELETE', `/comments/${added.data!.comment.id}`)));
    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1);
    expect(answers.filter((answer) => answer.status === 404)).toHaveLength(4);
    expect((await tables.getRow({ databaseId: DB, tableId: 'posts', rowId: id })).commentCount).toBe(1);
    expect(await rows('comments', id)).toBe(1);

    // A count that already stands at 0 (e.g. fixed by hand) stays at 0.
    const last = (await tables.listRows({ databaseId: DB, tableId: 'comments', queries: [Query.equal('postId', id)] })).rows[0]!;
    await tables.updateRow({ databaseId: DB, tableId: 'posts', rowId: id, data: { commentCount: 0 } });
    expect(await command(reader, 'DELETE', `/comments/${last.$id}`)).toMatchObject({ status: 200, data: { commentCount: 0 } });
    expect((await tables.getRow({ databaseId: DB, tableId: 'posts', rowId: id })).commentCount).toBe(0);
  });
});

describe('POST /posts/{id}/like — toggle a like', () => {
  it('likes per user and takes the like back on the next toggle', async () => {
    const { id } = await post(author);
    expect(await command(reader, 'POST', `/posts/${id}/like`)).toMatchObject({ status: 200, data: { postId: id, liked: true, likeCount: 1 } });
    expect(await command(other, 'POST', `/posts/${id}/like`)).toMatchObject({ data: { liked: true, likeCount: 2 } });
    expect(await command(reader, 'POST', `/posts/${id}/like`)).toMatchObject({ data: { liked: false, likeCount: 1 } });
    const likes = await tables.listRows({ databaseId: DB, tableId: 'post_likes', queries: [Query.equal('postId', id)] });
    expect(likes.rows.map((row) => row.userId)).toEqual([other.userId]);
    expect(await command(reader, 'POST', `/posts/${ID.unique()}/like`)).toMatchObject({ status: 404, error: { code: 'not-found' } });
    expect(await command(guest(backend), 'POST', `/posts/${id}/like`)).toMatchObject({ status: 401 });
  });
});

describe('DELETE /posts/{id} — delete a post', () => {
  it('lets only the author delete a post (never directly), and takes its comments, likes and images with it', async () => {
    const image = await upload(author, 'bye.png', PNG);
    const { id } = await post(author, 'Short-lived', [image]);
    await command(reader, 'POST', `/posts/${id}/comments`, { content: 'First' });
    await command(other, 'POST', `/posts/${id}/like`);

    expect(await command(reader, 'DELETE', `/posts/${id}`)).toMatchObject({
      status: 403,
      error: { code: 'not-allowed', message: 'Only the author of this post can delete it.' },
    });
    await expect(author.tablesDB.deleteRow({ databaseId: DB, tableId: 'posts', rowId: id })).rejects.toMatchObject({ code: 401, type: 'user_unauthorized' });
    expect(await rows('comments', id)).toBe(1);

    expect(await command(author, 'DELETE', `/posts/${id}`)).toMatchObject({ status: 200, data: { id } });
    await expect(tables.getRow({ databaseId: DB, tableId: 'posts', rowId: id })).rejects.toMatchObject({ code: 404 });
    expect(await rows('comments', id)).toBe(0);
    expect(await rows('post_likes', id)).toBe(0);
    await expect(files.getFile({ bucketId: 'post-images', fileId: image })).rejects.toMatchObject({ code: 404 });
    expect(await command(author, 'DELETE', `/posts/${id}`)).toMatchObject({ status: 404, error: { code: 'not-found', message: 'Post not found' } });
  });
});
