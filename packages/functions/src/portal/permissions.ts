import { Permission, Role } from 'node-appwrite';
import { schoolMembers, schoolStaff } from './schools.ts';

/**
 * The row and file permissions of the portal's tables and buckets, built in one place. Clients cannot grant
 * these themselves (a client may only grant roles it holds), which is why the commands set them.
 */

const unique = (values: Array<string | null | undefined>): string[] => [...new Set(values.filter((value): value is string => Boolean(value)))];

/** Who a posting is written for: whether anyone may read it, and who posted it. */
export interface PostingAudience {
  visible: boolean;
  creatorId: string;
  /** A recruiter not yet approved by a teacher: a public posting stays with its managers until then. */
  awaitingApproval?: boolean;
  /** Set when a teacher hid the posting after a report: it stays with those who manage it. */
  hiddenReason?: string | null | undefined;
  /** The school a teacher's posting belongs to; null for a recruiter's (issue 23). */
  schoolId?: string | null | undefined;
  /**
   * The schools whose members a public posting reaches (`postingReach`): `board` (or omitted) when it
   * reaches every school, and then the public too; else only those schools' members.
   */
  reachedSchools?: readonly string[] | 'board' | undefined;
}

/**
 * Who reads a posting: anyone when public and it reaches the whole board; the members of the schools
 * it reaches when only some of them approved its recruiter, or the recruiter picked only some (issue
 * 23); else its creator, the staff of its school (every teacher for a recruiter's, which belongs to
 * no school) and the assigned student (`assigneeId`). A posting a teacher hid, or one whose recruiter
 * no school approved yet, stays with those who manage it: the assigned student loses it too, as every
 * other student does (`studentMaySee` says the same for the paths that read with a key).
 */
export function postingReadRoles(posting: PostingAudience, assigneeId: string | null): string[] {
  const heldBack = Boolean(posting.awaitingApproval || posting.hiddenReason);
  const reached = posting.reachedSchools ?? 'board';
  if (posting.visible && !heldBack && reached === 'board') return [Role.any()];
  const managers = posting.schoolId ? Role.team(posting.schoolId, 'staff') : Role.label('teacher');
  const readers = posting.visible && !heldBack && reached !== 'board' ? reached.map(schoolMembers) : [];
  return unique([Role.user(posting.creatorId), managers, ...readers, assigneeId && !heldBack ? Role.user(assigneeId) : null]);
}

/**
 * A posting's row: read as above, and nothing else. Nobody deletes it directly: removing a posting
 * is the `DELETE /jobs/{id}` command, which also removes its image.
 */
export function postingPermissions(posting: PostingAudience, assigneeId: string | null): string[] {
  return postingReadRoles(posting, assigneeId).map((role) => Permission.read(role));
}

/**
 * Who a posting is assigned to: read by that student, the posting's creator and the staff of the
 * student's school (`schoolId`, issue 23), never by its other readers nor by another school's
 * teachers, since students are minors.
 */
export function assignmentPermissions(posting: { creatorId: string }, studentId: string, schoolId: string): string[] {
  return unique([Permission.read(Role.user(studentId)), Permission.read(Role.user(posting.creatorId)), Permission.read(Role.team(schoolId, 'staff'))]);
}

/** An application: read by the applicant and the posting's creator; written only by commands. */
export function applicationPermissions(application: { applicantId: string; jobCreatorId: string }): string[] {
  return unique([Permission.read(Role.user(application.applicantId)), Permission.read(Role.user(application.jobCreatorId))]);
}

/** What decides who reads a profile: its owner, visibility, role (null until verified), schools and who the owner applied to. */
export interface ProfileAudience {
  userId: string;
  isPublic: boolean;
  role: string | null;
  /** Creators of the postings the owner has a live application to (for a student: the recruiters who may read it). */
  appliedTo: readonly string[];
  /**
   * The schools whose members read the profile (issue 23): a student's own school (none until a
   * school confirms them), the schools a staff member works for. Omitted: none.
   */
  schoolIds?: readonly string[];
}

/**
 * Who reads a profile. Students are minors, so a student's profile is read by the members of the
 * student's own school (its students and staff) and by a recruiter only while that student has an
 * application to one of the recruiter's postings; another school's members never read it, and a
 * student no school has confirmed yet is read by nobody else. A staff member's profile is read by
 * their schools' members, every staff member and recruiters; a recruiter's by every verified member
 * (recruiters post to the whole board). An account without a role (labels come only with
 * verification) and a private profile are the owner's alone.
 */
export function profileReadRoles(profile: ProfileAudience): string[] {
  const owner = Role.user(profile.userId);
  if (!profile.isPublic || !profile.role) return [owner];
  const schools = (profile.schoolIds ?? []).map(schoolMembers);
  if (profile.role === 'student') return unique([owner, ...schools, ...profile.appliedTo.map((creatorId) => Role.user(creatorId))]);
  if (profile.role === 'teacher') return unique([owner, ...schools, Role.label('teacher'), Role.label('recruiter')]);
  return [owner, Role.label('student'), Role.label('teacher'), Role.label('recruiter')];
}

export function profilePermissions(profile: ProfileAudience): string[] {
  return profileReadRoles(profile).map((role) => Permission.read(role));
}

/** What decides who reads a post and what hangs off it (its comments, likes and images). */
export interface FeedAudience {
  authorId: string;
  /** The author's school when they wrote it (issue 23); null for a post from before schools, until the board migration. */
  schoolId?: string | null | undefined;
  hiddenReason?: string | null | undefined;
}

/**
 * Who reads a post, its comments, likes and images (through their rows, not their tables, so that
 * a teacher can hide one): the members of the author's school, since students are minors and their
 * feed is their school's (issue 23); a post written before schools, every member, until the board
 * migration moves it into its author's school. Only a school's students and staff post (`createPost`). Once hidden: its
 * author and the staff who moderate it, that school's staff (teachers, for a post of no school).
 * Nothing else is granted: deleting is a command, which keeps `commentCount` equal to the comment
 * rows and takes a post's comments, likes and images with it; a direct row delete could do neither.
 */
export function postReadRoles(post: FeedAudience): string[] {
  if (post.hiddenReason) return hiddenFeedReadRoles(post);
  return [post.schoolId ? schoolMembers(post.schoolId) : Role.users()];
}

/** The rows of a post's feed (the post, its comments and likes), read by `postReadRoles`. */
export function feedRowPermissions(post: FeedAudience): string[] {
  return postReadRoles(post).map((role) => Permission.read(role));
}

/** A post or comment a staff member hid after a report: its author (who sees why) and the staff who moderate it read it still. */
export function hiddenFeedRowPermissions(post: Omit<FeedAudience, 'hiddenReason'>): string[] {
  return hiddenFeedReadRoles(post).map((role) => Permission.read(role));
}

function hiddenFeedReadRoles(post: Omit<FeedAudience, 'hiddenReason'>): string[] {
  return unique([Role.user(post.authorId), ...feedModerators(post.schoolId)]);
}

/** Who moderates a post of this school: its staff; a post of no school, every teacher. */
export function feedModerators(schoolId: string | null | undefined): string[] {
  return [schoolId ? schoolStaff(schoolId) : Role.label('teacher')];
}

/** A report: read by the member who made it and by those who moderate what it reports (`moderators`); written only by commands. */
export function reportPermissions(reporterId: string, moderators: readonly string[] = [Role.label('teacher')]): string[] {
  return unique([Role.user(reporterId), ...moderators]).map((role) => Permission.read(role));
}

/**
 * A file the owner uploaded, now attached to something: readable by `readRoles` and deletable by its
 * owner (which also keeps it recognisable as the owner's, see `isOwnedBy`). Never updatable by a
 * client: Appwrite lets whoever may update a file set its permissions to any role they hold, `any`
 * and `users` included, so an owner could otherwise show everyone what a teacher hid.
 */
export function attachedFilePermissions(ownerId: string, readRoles: readonly string[]): string[] {
  return unique([...readRoles.map((role) => Permission.read(role)), Permission.delete(Role.user(ownerId))]);
}

/** A file back in its owner's hands alone, e.g. a profile photo that was replaced. */
export function ownerOnlyFilePermissions(ownerId: string): string[] {
  return attachedFilePermissions(ownerId, [Role.user(ownerId)]);
}

const PERMISSION = /^(read|create|update|delete|write)\("([^"]+)"\)$/;

function grants(permissions: readonly string[], action: string): string[] {
  return permissions.flatMap((permission) => {
    const match = PERMISSION.exec(permission);
    return match && match[1] === action ? [match[2] as string] : [];
  });
}

/** The roles these permissions let read. */
export function readRoles(permissions: readonly string[]): string[] {
  return grants(permissions, 'read');
}

/** True when one of `roles` may read a row or file with these permissions. */
export function canRead(permissions: readonly string[], roles: readonly string[]): boolean {
  return grants(permissions, 'read').some((role) => roles.includes(role));
}

/**
 * True when `userId` uploaded the file. Appwrite lets a client put into permissions only roles it
 * holds, so a permission naming `user:<id>` on a file can only come from that user (or a server key):
 * an upload with default permissions carries `update` and `delete` for its uploader.
 */
export function isOwnedBy(permissions: readonly string[], userId: string): boolean {
  const owner = Role.user(userId);
  return grants(permissions, 'update').includes(owner) || grants(permissions, 'delete').includes(owner);
}

/**
 * An entry is read by its student and the staff of the student's school (none for a student of no
 * school), never by a teacher of another school; nobody writes it directly, and supervisors have no account.
 */
export function serviceHoursPermissions(studentId: string, schoolId: string | null): string[] {
  return [Permission.read(Role.user(studentId)), ...(schoolId ? [Permission.read(schoolStaff(schoolId))] : [])];
}
