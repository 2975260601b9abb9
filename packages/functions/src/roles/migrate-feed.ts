import { DATABASE_ID, TABLES } from '@opportunity-kit/sdk/domain';
import { Permission, Query, Role, type Models } from 'node-appwrite';
import { orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { allRows } from '../portal/alert-rows.ts';
import { feedModerators, feedRowPermissions, hiddenFeedRowPermissions, readRoles, reportPermissions } from '../portal/permissions.ts';
import type { CommentRow, PostLikeRow, PostRow } from '../portal/rows.ts';
import { sharePostImages } from '../portal/post-rows.ts';

/**
 * Issue 23, migration of the feed: a post written before schools has no `schoolId` and is read by
 * every member. The board migration moves each such post of a school member into the author's school
 * (`schoolId` set, and the post, its comments, likes and images read by that school's members, or
 * once hidden by its author and that school's staff). Setting what the post asks for, it is safe to run again. Answers how many posts moved.
 */
export async function moveOldPostsToSchool(api: ServerApi, authorId: string, schoolId: string): Promise<number> {
  const posts = await allRows<PostRow>(api, TABLES.posts, [Query.equal('authorId', authorId), Query.isNull('schoolId')]);
  for (const old of posts) {
    const post = await api.tables.updateRow<PostRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.posts,
      rowId: old.$id,
      data: { schoolId },
      permissions: feedRowPermissions({ ...old, schoolId }),
    });
    await shareWithPostReaders(api, post);
  }
  return posts.length;
}

/** A post's comments and likes get its readers (a comment a teacher hid itself, its author and the post's moderators), then its images. */
async function shareWithPostReaders(api: ServerApi, post: PostRow): Promise<void> {
  const ofPost = [Query.equal('postId', post.$id)];
  const [comments, likes] = await Promise.all([allRows<CommentRow>(api, TABLES.comments, ofPost), allRows<PostLikeRow>(api, TABLES.postLikes, ofPost)]);
  const commentReaders = (comment: CommentRow) =>
    comment.hiddenReason && !post.hiddenReason ? hiddenFeedRowPermissions({ authorId: comment.authorId, schoolId: post.schoolId }) : feedRowPermissions(post);
  const writes = [
    ...comments.map((comment) => ({ tableId: TABLES.comments, rowId: comment.$id, permissions: commentReaders(comment) })),
    ...likes.map((like) => ({ tableId: TABLES.postLikes, rowId: like.$id, permissions: feedRowPermissions(post) })),
  ];
  for (const write of writes) await api.tables.updateRow({ databaseId: DATABASE_ID, ...write, data: {} });
  await sharePostImages(api, post);
}

type ReportRow = Models.Row & { reporterId: string; kind: string; targetId: string };
type AuditRow = Models.Row & { reportId: string };

/**
 * Reports of posts and comments from before schools were read by every teacher, and moderation
 * decisions by every teacher through the table: they go to the staff of the reported post's school
 * (the default school when it is gone). Runs once every post has its school; a report or decision
 * already scoped is left as it is, so it is safe to run again. Answers how many rows it scoped.
 */
export async function scopeOldModeration(api: ServerApi, defaultSchoolId: string): Promise<number> {
  const everyTeacher = Role.label('teacher');
  const reports = await allRows<ReportRow>(api, TABLES.reports, [Query.equal('kind', ['post', 'comment'])]);
  let scoped = 0;
  for (const report of reports.filter((row) => readRoles(row.$permissions).includes(everyTeacher))) {
    const moderators = feedModerators((await schoolOfReported(api, report)) ?? defaultSchoolId);
    await api.tables.updateRow({
      databaseId: DATABASE_ID,
      tableId: TABLES.reports,
      rowId: report.$id,
      data: {},
      permissions: reportPermissions(report.reporterId, moderators),
    });
    scoped += 1;
  }
  const decisions = (await allRows<AuditRow>(api, TABLES.moderationAudit)).filter((row) => row.$permissions.length === 0);
  for (const decision of decisions) {
    const report = await orUndefined(api.tables.getRow<ReportRow>({ databaseId: DATABASE_ID, tableId: TABLES.reports, rowId: decision.reportId }));
    const moderators = report ? readRoles(report.$permissions).filter((role) => role !== Role.user(report.reporterId)) : feedModerators(defaultSchoolId);
    const permissions = moderators.map((role) => Permission.read(role));
    await api.tables.updateRow({ databaseId: DATABASE_ID, tableId: TABLES.moderationAudit, rowId: decision.$id, data: {}, permissions });
    scoped += 1;
  }
  return scoped;
}

/** The school of a reported post, or of a reported comment's post; undefined once it is gone. */
async function schoolOfReported(api: ServerApi, report: ReportRow): Promise<string | undefined> {
  const row = (tableId: string, rowId: string) => orUndefined(api.tables.getRow<PostRow & CommentRow>({ databaseId: DATABASE_ID, tableId, rowId }));
  const postId = report.kind === 'comment' ? (await row(TABLES.comments, report.targetId))?.postId : report.targetId;
  const post = postId ? await row(TABLES.posts, postId) : undefined;
  return post?.schoolId ?? undefined;
}
