import type { ApplicationStatus, PostingState } from '../constants.ts';
import type { Comment } from '../entities.ts';
import type { PostingInput } from '../validation.ts';

/**
 * What the `commands` function is sent and answers, route by route, where it is not simply an entity
 * of the domain (`POST /jobs` answers a `Job`, `POST /applications` an `Application`, and so on). The
 * SDK types its calls with these and the function its answers.
 */

/** `POST /jobs`: the posting form's fields and the poster's own upload in `uploads` (moved into `job-images`), if any. */
export type CreatePostingBody = PostingInput & { imageFileId: string | null };

/** `PUT /jobs/{id}`: the posting form's fields, all of them (the image stays as it is). */
export type EditPostingBody = PostingInput;

/** `PUT /jobs/{id}/state`: open (reopen), closed or filled. */
export interface SetPostingStateBody {
  state: PostingState;
}

/** `PUT /jobs/{id}/assignment`: a student's e-mail address, or an empty one to clear the assignment. */
export interface AssignStudentBody {
  studentEmail: string;
}

/** `POST /jobs/{id}/assignment/candidates`: part of a student's name or e-mail address. */
export interface AssignableStudentsBody {
  search: string;
}

/** A student a teacher may assign to a posting: one of the teacher's own schools' students. @public */
export interface AssignableStudent {
  id: string;
  name: string;
  email: string;
  /** Their school, for a teacher on the staff of several. */
  schoolName: string;
}

/** `POST /jobs/{id}/views`: the posting's view count after this view. */
export interface ViewCounted {
  id: string;
  viewCount: number;
}

/** What a removal answers: the id of what was removed (a posting, a post, a withdrawn application, a saved posting). @public */
export interface Removed {
  id: string;
}

/** `POST /applications`: the three answers and the applicant's own PDF upload in `uploads` (moved into `resumes`). */
export interface SubmitApplicationBody {
  jobId: string;
  relevantExperiences: string;
  interestInRole: string;
  careerGoals: string;
  resumeFileId: string;
}

/** `PUT /applications/{id}/status`: `accepted` or `rejected` (anything else is refused as input). */
export interface SetApplicationStatusBody {
  status: ApplicationStatus;
}

/** `PUT /profile`: the fields to save (one left out keeps its saved value); the photo is the member's own upload. */
export interface SaveProfileBody {
  name?: string | null;
  school?: string | null;
  interests?: string | null;
  bio?: string | null;
  location?: string | null;
  contactEmail?: string | null;
  photoFileId?: string | null;
  isPublic?: boolean;
}

/** `POST /posts`: the text and the author's own uploads in `uploads` (moved into `post-images`). */
export interface CreatePostBody {
  content: string;
  imageFileIds: string[];
  /** Staff of several schools: whose feed. */
  schoolId?: string;
}

/** The caller's like on a post after a toggle (`POST /posts/{id}/like`). @public */
export interface LikeState {
  /** The post. */
  postId: string;
  /** Whether the member likes it now. */
  liked: boolean;
  /** The post's like count now. */
  likeCount: number;
}

/** `POST /posts/{id}/comments`. */
export interface AddCommentBody {
  content: string;
}

/** A comment just added, with the post's new comment count. @public */
export interface AddedComment {
  /** The comment as stored. */
  comment: Comment;
  /** The post's comment count now. */
  commentCount: number;
}

/** `DELETE /comments/{id}`: the comment removed and its post's comment count now. */
export interface DeletedComment {
  id: string;
  postId: string;
  commentCount: number;
}

/** `POST /newsletter`. */
export interface NewsletterBody {
  email: string;
}

/** The answer of `POST /newsletter` (and of the newsletter's other commands): the same for every address, so it reveals nobody. */
export interface NewsletterAnswer {
  message: string;
}

/** `POST /newsletter/confirm` and `POST /newsletter/unsubscribe`: a mailed token, in the body because Appwrite logs paths. */
export interface NewsletterTokenBody {
  token: string;
}
