import { Permission, Role } from 'node-appwrite';

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
}

/**
 * Who reads a posting: anyone when public (and its recruiter approved); else its creator, the staff
 * of its school (every teacher for a recruiter's, which belongs to no school) and the assigned
 * student (`assigneeId`). A posting a teacher hid, or one whose recruiter
 * waits for approval, stays with those who manage it: the assigned student loses it too, as every
 * other student does (`studentMaySee` says the same for the paths that read with a key).
 */
export function postingReadRoles(posting: PostingAudience, assigneeId: string | null): string[] {
  const heldBack = Boolean(posting.awaitingApproval || posting.hiddenReason);
  if (posting.visible && !heldBack) return [Role.any()];
  const managers = posting.schoolId ? Role.team(posting.schoolId, 'staff') : Role.label('teacher');
  return unique([Role.user(posting.creatorId), managers, assigneeId && !heldBack ? Role.user(assigneeId) : null]);
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

/** What decides who reads a profile: its owner, visibility, role (null until verified) and who the owner applied to. */
export interface ProfileAudience {
  userId: string;
  isPublic: boolean;
  role: string | null;
  /** Creators of the postings the owner has a live application to (for a student: the recruiters who may read it). */
  appliedTo: readonly string[];
}

/**
 * Who reads a profile. Students are minors, so a recruiter reads a student's profile only while that
 * student has an application to one of the recruiter's postings; students and teachers read every
 * verified student's public profile, and every verified member reads teachers' and recruiters'. An
 * account without a role (labels come only with verification) and a private profile are the owner's
 * alone.
 */
export function profileReadRoles(profile: ProfileAudience): string[] {
  const owner = Role.user(profile.userId);
  if (!profile.isPublic || !profile.role) return [owner];
  if (profile.role === 'student') {
    return unique([owner, Role.label('student'), Role.label('teacher'), ...profile.appliedTo.map((creatorId) => Role.user(creatorId))]);
  }
  return [owner, Role.label('student'), Role.label('teacher'), Role.label('recruiter')];
}

export function profilePermissions(profile: ProfileAudience): string[] {
  return profileReadRoles(profile).map((role) => Permission.read(role));
}

/**
 * Posts and comments: read by every member through their row (not their table, so that a teacher can
 * hide one), and no other permission. Deleting one is a command, which keeps `commentCount` equal to
 * the comment rows and takes a post's comments, likes and images with it; a direct row delete could do neither.
 */
export function feedRowPermissions(): string[] {
  return [Permission.read(Role.users())];
}

/** A post or comment a teacher hid after a report: its author (who sees why) and teachers read it still. */
export function hiddenFeedRowPermissions(authorId: string): string[] {
  return hiddenFeedReadRoles(authorId).map((role) => Permission.read(role));
}

/** Who reads a post and what hangs off it (its images, its comments): every member, or once hidden its author and teachers. */
export function postReadRoles(post: { authorId: string; hiddenReason?: string | null | undefined }): string[] {
  return post.hiddenReason ? hiddenFeedReadRoles(post.authorId) : [Role.users()];
}

function hiddenFeedReadRoles(authorId: string): string[] {
  return [Role.user(authorId), Role.label('teacher')];
}

/** A report: read by the member who made it and by teachers; written only by commands. */
export function reportPermissions(reporterId: string): string[] {
  return unique([Permission.read(Role.user(reporterId)), Permission.read(Role.label('teacher'))]);
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
