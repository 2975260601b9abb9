import { APPLICATION_STATUSES, type ApplicationStatus, type Role } from './constants.ts';

/**
 * Who may do what, as plain checks the UI uses to show a control and the
 * `commands` function uses again to enforce it. `viewer.id` is the signed-in user's id.
 */

/** Who is asking: the signed-in user and their role. @public */
export interface Viewer {
  /** The signed-in user's id. */
  id: string;
  /** Their role, or undefined before one is assigned. */
  role: Role | undefined;
}

/** The creator of a posting, or any teacher, can remove it. @public */
export function canRemovePosting(viewer: Viewer, posting: { creatorId: string }): boolean {
  return viewer.role === 'teacher' || viewer.id === posting.creatorId;
}

/**
 * Only students apply to opportunities (the portal is for students), and never to a posting they
 * created themselves. @public
 */
export function canApply(viewer: Viewer, posting: { creatorId: string }): boolean {
  return viewer.role === 'student' && viewer.id !== posting.creatorId;
}

/**
 * Teachers and recruiters post opportunities; students do not, and neither does an account whose
 * school address is not verified yet (it has no role). @public
 */
export function canPostOpportunities(viewer: Viewer): boolean {
  return viewer.role === 'teacher' || viewer.role === 'recruiter';
}

/** Only teachers choose Private when posting. @public */
export function canPostPrivately(viewer: Viewer): boolean {
  return viewer.role === 'teacher';
}

/** Only teachers assign a student to a posting or change the assignment. @public */
export function canAssignStudents(viewer: Viewer): boolean {
  return viewer.role === 'teacher';
}

/** Only the creator of the posting decides on its applications. @public */
export function canSetApplicationStatus(viewer: Viewer, application: { jobCreatorId: string }): boolean {
  return viewer.id === application.jobCreatorId;
}

/** Only the author of a post can delete it. @public */
export function canDeletePost(viewer: Viewer, post: { authorId: string }): boolean {
  return viewer.id === post.authorId;
}

/** Only the author of a comment can delete it (the post's author cannot delete others' comments). @public */
export function canDeleteComment(viewer: Viewer, comment: { authorId: string }): boolean {
  return viewer.id === comment.authorId;
}

/** The statuses a decision sets: an application is created pending and then accepted or rejected, again at any time. @public */
export const DECISION_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter((status) => status !== 'pending');

/** Narrows a requested status to a decision, or undefined for anything else (including `pending`). @public */
export function decisionStatus(value: unknown): ApplicationStatus | undefined {
  return DECISION_STATUSES.find((status) => status === value);
}
