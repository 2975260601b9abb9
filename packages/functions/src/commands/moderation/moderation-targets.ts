import { DATABASE_ID, TABLES, type ReportKind, type TableId } from '@opportunity-kit/sdk/domain';
import { Query, type Models } from 'node-appwrite';
import { orUndefined } from '../../platform/appwrite-errors.ts';
import { isAppwriteId } from '../../platform/appwrite-ids.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { allRows } from '../../portal/alert-rows.ts';
import { hiddenFeedRowPermissions, postingPermissions } from '../../portal/permissions.ts';
import { postingAssignment, shareImageWithReaders } from '../../portal/postings.ts';
import type { CommentRow, JobRow, PostLikeRow, PostRow } from '../../portal/rows.ts';
import { sharePostImages, storedPost } from '../posts.ts';

/** What can be reported, read alike whatever its kind. */
export interface ModerationTarget {
  kind: ReportKind;
  id: string;
  authorId: string;
  /** Who wrote it, as a teacher knows them: a post's or comment's author name, a posting's poster's e-mail. */
  authorName: string;
  text: string;
  /** When it was written. */
  createdAt: string;
  /** Where it is read in the portal: the posting's page, or the blog (a post has no page of its own). */
  path: string;
  hiddenReason: string | null;
  permissions: string[];
  /**
   * For a post or comment: the school whose staff moderate it (the post's school, issue 23); null for
   * one from before schools, which every teacher moderates.
   */
  schoolId: string | null;
}

const TABLE_OF: Record<ReportKind, TableId> = { job: TABLES.jobs, post: TABLES.posts, comment: TABLES.comments };

/** The word a message uses for each kind. */
export const KIND_NAME: Record<ReportKind, string> = { job: 'opportunity', post: 'post', comment: 'comment' };

type TargetRow = Models.Row & { hiddenReason?: string | null };

function targetOf(kind: ReportKind, row: TargetRow, schoolId: string | null): ModerationTarget {
  const base = { kind, id: row.$id, hiddenReason: row.hiddenReason || null, permissions: row.$permissions, schoolId, createdAt: row.$createdAt };
  if (kind === 'job') {
    const job = row as JobRow;
    return { ...base, authorId: job.creatorId, authorName: job.creatorEmail, text: `${job.title} (${job.company})`, path: `/job/${row.$id}` };
  }
  const feedRow = row as PostRow | CommentRow;
  return { ...base, authorId: feedRow.authorId, authorName: feedRow.authorName, text: feedRow.content, path: '/blog' };
}

/** The reported row as the server reads it, whoever may read it; undefined when it does not exist. */
export async function findTarget(api: ServerApi, kind: ReportKind, id: string): Promise<ModerationTarget | undefined> {
  if (!isAppwriteId(id)) return undefined;
  const row = await orUndefined(api.tables.getRow<TargetRow>({ databaseId: DATABASE_ID, tableId: TABLE_OF[kind], rowId: id }));
  return row ? targetOf(kind, row, await feedSchoolOf(api, kind, row)) : undefined;
}

/** The school of a post, or of a comment's post; null for a posting (not part of a feed) and a post of no school. */
async function feedSchoolOf(api: ServerApi, kind: ReportKind, row: TargetRow): Promise<string | null> {
  if (kind === 'post') return (row as PostRow).schoolId ?? null;
  if (kind !== 'comment') return null;
  return (await storedPost(api, (row as CommentRow).postId))?.schoolId ?? null;
}

/**
 * Hides the row: first the reason goes onto it with its readers unchanged, so every reader's open
 * listing or feed receives the update event and drops it (Appwrite sends an event only to those who
 * may read the row as it is after the change); then its readers become its author and teachers.
 * The reason a reader's event carries is the teacher's note to the author, which is why hiding asks
 * teachers for a reason they would show its author. What hangs off the row goes with it: a post's
 * images and comments, a posting's image. Every step sets what the hidden row asks for, so hiding
 * again after a failure half-way finishes the work.
 */
export async function hideTarget(api: ServerApi, target: ModerationTarget, reason: string): Promise<void> {
  const where = { databaseId: DATABASE_ID, tableId: TABLE_OF[target.kind], rowId: target.id };
  if (target.hiddenReason !== reason) await api.tables.updateRow({ ...where, data: { hiddenReason: reason } });
  if (target.kind === 'comment') {
    await api.tables.updateRow({ ...where, data: {}, permissions: hiddenFeedRowPermissions(target) });
    return;
  }
  if (target.kind === 'post') {
    await api.tables.updateRow({ ...where, data: {}, permissions: hiddenFeedRowPermissions(target) });
    await hidePostAttachments(api, await api.tables.getRow<PostRow>(where));
    return;
  }
  const job = await api.tables.getRow<JobRow>(where);
  const assigneeId = (await postingAssignment(api, job))?.studentId ?? null;
  await api.tables.updateRow({ ...where, data: {}, permissions: postingPermissions({ ...job, hiddenReason: reason }, assigneeId) });
  await shareImageWithReaders(api, { ...job, hiddenReason: reason }, assigneeId);
}

/**
 * A hidden post's images, comments and likes get its readers (its author and its moderators). They
 * are listed after the post's permissions changed, so a comment or like this misses was committed
 * after that and sees the post hidden (`followHiddenPost`). A comment a teacher hid itself keeps its
 * own readers.
 */
async function hidePostAttachments(api: ServerApi, post: PostRow): Promise<void> {
  await sharePostImages(api, post);
  const ofPost = [Query.equal('postId', post.$id)];
  const [comments, likes] = await Promise.all([allRows<CommentRow>(api, TABLES.comments, ofPost), allRows<PostLikeRow>(api, TABLES.postLikes, ofPost)]);
  const rows = [
    ...comments.filter((comment) => !comment.hiddenReason).map((comment) => ({ tableId: TABLES.comments, rowId: comment.$id })),
    ...likes.map((like) => ({ tableId: TABLES.postLikes, rowId: like.$id })),
  ];
  await Promise.all(
    rows.map((row) => orUndefined(api.tables.updateRow({ databaseId: DATABASE_ID, ...row, data: {}, permissions: hiddenFeedRowPermissions(post) }))),
  );
}
