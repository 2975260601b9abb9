import { Query } from 'node-appwrite';
import { ROWS, succeeded, uploadAs, type RowFacts } from './permission-fixture.ts';
import { command } from './portal.ts';
import { memberOf, type Actors } from './principals.ts';

/**
 * The blog feed of the matrix: a post with its image, comment and like, each made by the principal
 * the facts name, and a post a teacher hid after a report (issue 21), which takes its image and
 * comment along.
 */

type PostFacts = Extract<RowFacts, { table: 'posts' }>;
type CommentFacts = Extract<RowFacts, { table: 'comments' }>;
type LikeFacts = Extract<RowFacts, { table: 'post_likes' }>;

/** The facts of a row name's post and of what the fixture hangs off it (one comment, at most one like). */
function feedFacts(postName: string): { post: PostFacts; comment: CommentFacts; like: LikeFacts | undefined } {
  const post = ROWS[postName];
  if (post?.table !== 'posts') throw new Error(`${postName} is not a post`);
  const ofPost = <T extends RowFacts>(table: T['table']) =>
    Object.values(ROWS).find((facts): facts is T => facts.table === table && 'post' in facts && facts.post === postName);
  const comment = ofPost<CommentFacts>('comments');
  if (!comment) throw new Error(`${postName} has no comment in the fixture`);
  return { post, comment, like: ofPost<LikeFacts>('post_likes') };
}

/** A post with an image, its comment and its like (if the facts give it one), each by the principal the facts name. */
export async function buildPost(actors: Actors, postName = 'post'): Promise<{ post: string; image: string; comment: string; like: string | undefined }> {
  const facts = feedFacts(postName);
  const author = actors[facts.post.author];
  const image = await uploadAs(author, 'post-images');
  const created = succeeded('create post', await command<{ id: string }>(author, 'POST', '/posts', { content: 'Matrix post', imageFileIds: [image] }));
  const commented = succeeded(
    'comment',
    await command<{ comment: { id: string } }>(actors[facts.comment.author], 'POST', `/posts/${created.id}/comments`, { content: 'Matrix comment' }),
  );
  if (!facts.like) return { post: created.id, image, comment: commented.comment.id, like: undefined };
  const liker = actors[facts.like.user];
  succeeded('like', await command(liker, 'POST', `/posts/${created.id}/like`));
  // The liker reads its own like row back: a like is read by whoever reads its post.
  const likes = await liker.tablesDB.listRows({
    databaseId: 'portal',
    tableId: 'post_likes',
    queries: [Query.equal('postId', created.id), Query.equal('userId', memberOf(actors, facts.like.user).userId)],
  });
  const likeRow = likes.rows[0];
  if (!likeRow) throw new Error('setup: the like row is not readable by its own user');
  return { post: created.id, image, comment: commented.comment.id, like: likeRow.$id };
}

/** The post of `postName`'s facts, built and then hidden as `hidingReport` says. */
export async function buildHiddenPost(actors: Actors, postName: string): ReturnType<typeof buildPost> {
  const built = await buildPost(actors, postName);
  await hideThroughReport(actors, built.post);
  return built;
}

/** Reports the post as the hiding report's reporter, and hides it as the teacher of its audit entry; answers both ids. */
export async function hideThroughReport(actors: Actors, postId: string): Promise<{ report: string; audit: string }> {
  const report = ROWS.hidingReport as Extract<RowFacts, { table: 'reports' }>;
  const audit = ROWS.hiding as Extract<RowFacts, { table: 'moderation_audit' }>;
  const teacher = actors[audit.teacher];
  const body = { kind: 'post', id: postId, reason: 'Matrix report' };
  const reported = succeeded('report the post to hide', await command<{ id: string }>(actors[report.reporter], 'POST', '/reports', body));
  succeeded('hide the post', await command(teacher, 'POST', `/reports/${reported.id}/decision`, { decision: 'hide', reason: 'Matrix: not allowed' }));
  const entries = await teacher.tablesDB.listRows({ databaseId: 'portal', tableId: 'moderation_audit', queries: [Query.equal('reportId', reported.id)] });
  return { report: reported.id, audit: entries.rows[0]?.$id ?? '' };
}
