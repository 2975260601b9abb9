import { APPLICATION_STATUSES, type ApplicationStatus, type PostingState, type Role } from './constants.ts';
import { MESSAGES } from './messages.ts';

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
  return canManagePosting(viewer, posting);
}

/**
 * Those who manage a posting, its creator and any teacher (the school's staff), edit its fields and
 * close, fill or reopen it. @public
 */
export function canManagePosting(viewer: Viewer, posting: { creatorId: string }): boolean {
  return viewer.role === 'teacher' || viewer.id === posting.creatorId;
}

/** What an application to a posting needs from it; `state` and the assignment default to an open, unassigned posting. @public */
export interface ApplyTarget {
  creatorId: string;
  state?: PostingState | undefined;
  assigned?: boolean | undefined;
  assignedStudentId?: string | null | undefined;
}

/**
 * Why `viewer` may not apply to `posting`, in the words a refusal uses, or undefined when they may.
 * Only students apply (the portal is for students), never to a posting they created themselves,
 * only while it is open, and not to one assigned to another student. @public
 */
export function applyRefusal(viewer: Viewer, posting: ApplyTarget): string | undefined {
  if (viewer.role !== 'student') return 'Only students can apply to opportunities.';
  // A student can only be a posting's creator by having had another role when posting it.
  if (viewer.id === posting.creatorId) return 'You cannot apply to an opportunity you posted.';
  if ((posting.state ?? 'open') !== 'open') return MESSAGES.postingNotOpen;
  if (posting.assigned && posting.assignedStudentId !== viewer.id) return MESSAGES.postingAssigned;
  return undefined;
}

/** Whether `viewer` may apply to `posting` (see {@link applyRefusal}). @public */
export function canApply(viewer: Viewer, posting: ApplyTarget): boolean {
  return applyRefusal(viewer, posting) === undefined;
}

/** A student withdraws their own application while it is pending; a decision is final for them. @public */
export function canWithdrawApplication(viewer: Viewer, application: { applicantId: string; status: ApplicationStatus }): boolean {
  return viewer.id === application.applicantId && application.status === 'pending';
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

/**
 * Whether the feed offers `viewer` to delete a comment: only its author (the post's author cannot
 * delete others' comments). The server also lets the staff of the post's school remove one, which
 * only it can weigh; they do so through moderation.
 * @public
 */
export function canDeleteComment(viewer: Pick<Viewer, 'id'>, comment: { authorId: string }): boolean {
  return viewer.id === comment.authorId;
}

/** The statuses a decision sets: an application is created pending and then accepted or rejected, again at any time. @public */
export const DECISION_STATUSES: readonly ApplicationStatus[] = APPLICATION_STATUSES.filter((status) => status !== 'pending');

/** Narrows a requested status to a decision, or undefined for anything else (including `pending`). @public */
export function decisionStatus(value: unknown): ApplicationStatus | undefined {
  return DECISION_STATUSES.find((status) => status === value);
}
