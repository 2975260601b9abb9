import { BUCKETS, DATABASE_ID, TABLES, toPost, validatePost, type Post, type PostColumns } from '@opportunity-kit/sdk/domain';
import { ID } from 'node-appwrite';
import { requireMember, type Member } from '../platform/caller.ts';
import { invalidInput, notAllowed } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { feedRowPermissions } from '../portal/permissions.ts';
import type { PostRow } from '../portal/rows.ts';
import { actingSchool, schoolOfStudent } from '../portal/schools.ts';
import { claimUploads, discardClaimed, discardUploadsOnFailure, imageUploadProblem } from '../portal/uploads.ts';
import { authorOf, sharePostImages } from './posts.ts';

/**
 * POST /posts — share a post on the feed: text and at most 3 images, each the author's own upload,
 * moved into `post-images` and read by whoever reads the post (its school's members). A refused post leaves
 * none of its uploads behind.
 */
export const createPost: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const content = body.text('content') ?? '';
  const imageFileIds = [...new Set((body.textList('imageFileIds') ?? []).map((id) => id.trim()).filter(Boolean))];
  const requestedSchool = body.text('schoolId') ?? undefined;
  body.done();
  return discardUploadsOnFailure(api, imageFileIds, member.id, async () =>
    publish(api, member, await feedSchoolOf(api, member, requestedSchool), content, imageFileIds),
  );
};

/** Said to a member who belongs to no school yet (a student no school confirmed, a staff address no school added). */
export const NO_SCHOOL_FEED = 'Ask your school to confirm you first: the feed is your school’s, and opens once you belong to it.';
/** Said to a recruiter: students are minors, and each school's feed is its students' and staff's. */
export const RECRUITERS_NO_FEED = 'The feed belongs to each school: only its students and staff post there.';

/**
 * The school whose feed the member writes to (issue 23): a student's own school, the school a staff
 * member acts for (named with `schoolId` when they work for several). Anyone in no school (a
 * recruiter, a student not yet confirmed, a staff address not yet added, an unverified account) has
 * no feed to write to: a post of theirs would be read across schools, and its comments with it.
 */
async function feedSchoolOf(api: ServerApi, member: Member, requested: string | undefined): Promise<string> {
  if (member.role === 'recruiter') throw notAllowed(RECRUITERS_NO_FEED);
  if (member.role === 'teacher') return actingSchool(api, member, requested);
  const school = member.role === 'student' ? await schoolOfStudent(api, member.id) : undefined;
  if (!school) throw notAllowed(NO_SCHOOL_FEED);
  return school;
}

async function publish(api: ServerApi, member: Member, schoolId: string, content: string, imageFileIds: string[]): Promise<Post> {
  const checked = validatePost({ content, imageCount: imageFileIds.length });
  if (!checked.ok) throw invalidInput(checked.errors);
  const problem = (await Promise.all(imageFileIds.map((fileId) => imageUploadProblem(api, fileId, member.id)))).find(Boolean);
  if (problem) throw invalidInput({ images: problem });
  const images = await claimUploads(api, BUCKETS.postImages, imageFileIds, member.id);
  if (!images) throw invalidInput({ images: 'Please upload the images again: each must be your own upload' });

  const columns: PostColumns = {
    ...(await authorOf(api, member)),
    authorId: member.id,
    content: checked.value.content,
    imageFileIds,
    likeCount: 0,
    commentCount: 0,
  };
  let row: PostRow;
  try {
    row = await api.tables.createRow<PostRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.posts,
      rowId: ID.unique(),
      data: { ...columns, schoolId },
      permissions: feedRowPermissions({ authorId: member.id, schoolId }),
    });
  } catch (thrown) {
    await discardClaimed(api, BUCKETS.postImages, images);
    throw thrown;
  }
  // The images are shown once the post exists, so none is ever readable without its post.
  await sharePostImages(api, row);
  return toPost(row);
}
