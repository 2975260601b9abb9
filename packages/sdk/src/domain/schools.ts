/**
 * A school board and its schools (issue 23). A deployment serves one board (its e-mail domain is
 * `SCHOOL_DOMAIN`); each school is an Appwrite Team whose id starts with {@link SCHOOL_TEAM_PREFIX}.
 * Staff are members with the role `staff` and their own role (school admin, teacher, guidance
 * counsellor, co-op coordinator); students are members with the role `student`. Permissions name
 * them as `team:<school>/staff` and `team:<school>/student`, which Appwrite enforces on rows, files
 * and realtime.
 */

/** Every school's team id starts with this. @public */
export const SCHOOL_TEAM_PREFIX = 'school-';

/** The staff roles a school gives, in the order the portal lists them. @public */
export const STAFF_ROLES = ['admin', 'teacher', 'counsellor', 'coop'] as const;
/** @public */
export type StaffRole = (typeof STAFF_ROLES)[number];

/** What the portal calls each staff role. @public */
export const STAFF_ROLE_NAMES: Readonly<Record<StaffRole, string>> = {
  admin: 'School administrator',
  teacher: 'Teacher',
  counsellor: 'Guidance counsellor',
  coop: 'Co-op coordinator',
};

/** The membership role every staff member holds besides their own, so one permission names all of a school's staff. @public */
export const STAFF_MEMBERSHIP_ROLE = 'staff';
/** The membership role of a school's students. @public */
export const STUDENT_MEMBERSHIP_ROLE = 'student';

/** The label of the board's administrators (a verified address of `BOARD_ADMIN_EMAILS`). @public */
export const BOARD_ADMIN_LABEL = 'boardadmin';

/** A school as every signed-in member may list it (to pick theirs). @public */
export interface School {
  id: string;
  name: string;
}

/** One school the signed-in member belongs to, and as what. @public */
export interface SchoolMembership {
  schoolId: string;
  schoolName: string;
  /** Empty for a student. */
  staffRoles: StaffRole[];
  student: boolean;
}

/** True for the id of a school's team (not any other team of the project). @public */
export function isSchoolId(teamId: string): boolean {
  return teamId.startsWith(SCHOOL_TEAM_PREFIX) && teamId.length > SCHOOL_TEAM_PREFIX.length;
}

/** How long a school's name may be (Appwrite's team names: 128). @public */
export const SCHOOL_NAME_MAX = 128;

/**
 * A school's team id from its name: the prefix and the name's letters and digits, lower-cased, joined
 * by dashes (Appwrite ids: at most 36 characters). `taken` answers whether an id is in use already;
 * a number then tells them apart.
 * @public
 */
export function schoolIdFor(name: string, taken: (id: string) => boolean): string {
  const words = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  const room = 36 - SCHOOL_TEAM_PREFIX.length - 3;
  const slug = (words.join('-') || 'school').slice(0, room).replace(/-+$/, '');
  let id = `${SCHOOL_TEAM_PREFIX}${slug}`;
  for (let n = 2; taken(id); n += 1) id = `${SCHOOL_TEAM_PREFIX}${slug}-${n}`;
  return id;
}

/** The membership roles of a staff member with these roles (always `staff` too), or of a student. @public */
export function membershipRoles(member: { student: true } | { staffRoles: readonly StaffRole[] }): string[] {
  if ('student' in member) return [STUDENT_MEMBERSHIP_ROLE];
  return [STAFF_MEMBERSHIP_ROLE, ...STAFF_ROLES.filter((role) => member.staffRoles.includes(role))];
}

/** The staff roles among a membership's roles. @public */
export function staffRolesOf(roles: readonly string[]): StaffRole[] {
  return roles.includes(STAFF_MEMBERSHIP_ROLE) ? STAFF_ROLES.filter((role) => roles.includes(role)) : [];
}

/** Why a school name cannot be used, or undefined when it can. @public */
export function schoolNameProblem(name: string): string | undefined {
  const trimmed = name.trim();
  if (trimmed === '') return 'Please give the school a name.';
  if (trimmed.length > SCHOOL_NAME_MAX) return `A school's name is at most ${SCHOOL_NAME_MAX} characters.`;
  return undefined;
}

/**
 * The rules the sign-up and roster pages state: who is a student, who is staff, and when each gets in.
 * @public
 */
export const SCHOOL_RULES = {
  students: (domain: string) =>
    `Students sign up with their school address (at ${domain}, starting with 1). A student your school imported is in at once; one who signs up alone asks to join their school, and its staff confirm it.`,
  staff: (domain: string) =>
    `Any other address at ${domain} is a staff address. It gets no staff powers until a school administrator adds it to a school as a teacher, guidance counsellor, co-op coordinator or school administrator.`,
  others: 'Every other address is an employer or community partner account.',
} as const;

/** A member of a school's staff, as its administrators list them. @public */
export interface SchoolStaffMember {
  userId: string;
  name: string;
  email: string;
  staffRoles: StaffRole[];
}

/** A staff member to add to a school: a staff address, an optional name for a new account, and the roles given. @public */
export interface NewStaffMember {
  email: string;
  /** The name of the account made for an address that has none yet. */
  name?: string;
  roles: StaffRole[];
}

/** Whether a request to join a school comes from a staff address or a student's. @public */
export type JoinRequestKind = 'staff' | 'student';
/** @public */
export type JoinRequestStatus = 'pending' | 'approved' | 'declined';

/**
 * A signed-up member's request to join a school: a staff address waiting for its school, or a
 * student who signed up alone. One per member at a time (the row's id is the member's).
 * @public
 */
export interface JoinRequest {
  userId: string;
  name: string;
  email: string;
  kind: JoinRequestKind;
  schoolId: string;
  status: JoinRequestStatus;
  /** The staff roles given on approval (staff requests). */
  staffRoles: StaffRole[];
  reason: string | null;
  createdAt: string;
}

/** The columns of a `school_requests` row (row id = the member's user id). */
export interface JoinRequestColumns {
  userId: string;
  name: string;
  email: string;
  kind: JoinRequestKind;
  schoolId: string;
  status: JoinRequestStatus;
  staffRoles: string[];
  reason: string | null;
  decidedBy: string | null;
  decidedAt: string | null;
}

/** What the signed-in member is at the board's schools: their memberships, their pending request, and whether they administer the board. @public */
export interface MySchools {
  memberships: SchoolMembership[];
  request: JoinRequest | null;
  boardAdmin: boolean;
}

/** A decision on a request to join a school: staff requests are approved with the roles given; a decline may say why (mailed). @public */
export interface JoinRequestDecision {
  decision: 'approve' | 'decline';
  roles?: StaffRole[];
  reason?: string;
}

/** What the portal says about schools and their staff; each text lives here once. @public */
export const SCHOOL_MESSAGES = {
  onlyBoardAdmins: 'Only the board’s administrators can create schools.',
  onlySchoolAdmins: 'Only a school administrator (or the board’s administrators) can manage its staff.',
  schoolNotFound: 'School not found',
  notStaffAddress: (domain: string) => `Staff are added with an address at ${domain} (or one the board invites).`,
  chooseRole: 'Please choose a role.',
  lastAdmin: 'A school keeps at least one administrator: add another before removing this one.',
  awaitingSchool: 'Waiting for your school to add you',
  requestSent: 'Your request was sent. Your school’s staff will confirm it; we’ll e-mail you when they do.',
  alreadyMember: 'You already belong to this school.',
  requestNotFound: 'This request no longer exists.',
  requestDecided: 'This request has already been decided.',
  studentOfAnotherSchool: 'This student already belongs to another school: that school must remove them first.',
  notConfirmed:
    'Your school hasn’t confirmed you yet. Until it does, you can browse public postings; applying, saving postings and searches, and logging hours open once it does.',
} as const;

/** The staff roles a request for `kind` may be given: a student's request none. @public */
export function staffRoleProblem(roles: readonly string[]): string | undefined {
  if (roles.length === 0) return SCHOOL_MESSAGES.chooseRole;
  return roles.every((role) => (STAFF_ROLES as readonly string[]).includes(role)) ? undefined : SCHOOL_MESSAGES.chooseRole;
}

/**
 * A school's figures for the board's administrators: how many students, staff and waiting requests it
 * has. Counts only; the board sees no student's private data by default.
 * @public
 */
export interface SchoolFigures {
  schoolId: string;
  name: string;
  students: number;
  staff: number;
  pendingRequests: number;
}
