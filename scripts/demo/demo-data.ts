import type { ApplicationStatus, Cluster, EmploymentType, LOCATIONS, PostingRuleInput, PostingType, Role, StaffRole } from '@opportunity-kit/sdk/domain';
import type { PaletteName } from './images/banners.ts';
import { DEMO_FEED } from './demo-feed.ts';
import { DEMO_PEOPLE } from './demo-people.ts';
import { DEMO_POSTINGS } from './demo-postings.ts';

/**
 * The demo data set: a school board in Ontario's Halton region with two secondary schools, their
 * administrators, teachers and students, and the employers and organisations from Toronto to Waterloo that post for its students.
 * Everything refers to people and postings by `key`; the seed turns keys into accounts and ids.
 * Addresses and websites use `.example` domains, so nothing reaches a real inbox or site.
 */

export type Location = (typeof LOCATIONS)[number];

/** Who a person is. School addresses (`domain: 'school'`) are at the deployment's SCHOOL_DOMAIN. */
export interface DemoPerson {
  key: string;
  role: Role;
  name: string;
  local: string;
  domain: 'school' | `${string}.example`;
  /** The one account per role whose login `pnpm start` prints. */
  primary?: true;
  /** The school a student or staff member belongs to (every school address does). */
  school?: DemoSchoolKey;
  /** A staff member's roles at their school (staff addresses only); the school's administrators add them. */
  staffRoles?: readonly StaffRole[];
  /** Printed as this school's administrator login. */
  primaryAdmin?: true;
  /** A student's age on the day of seeding: the roster gives the birth month it makes (issue 26). */
  age?: number;
  /** Fills in the profile (through `PUT /profile`); without it the profile stays as sign-up made it. */
  profile?: {
    school?: string;
    interests?: string;
    bio: string;
    location?: Location;
    isPublic: boolean;
    /** A generated initials photo in these colours. */
    photo?: PaletteName;
  };
  /** What the person's generated resume says (students who apply). */
  resume?: { headline: string; sections: ReadonlyArray<{ title: string; lines: readonly string[] }> };
}

/** The board's schools (issue 23): two, so what one school's staff see of the other can be tried. */
export type DemoSchoolKey = 'escarpment' | 'lakeshore';
export const DEMO_SCHOOLS: Readonly<Record<DemoSchoolKey, string>> = {
  escarpment: 'Escarpment Heights Secondary School',
  lakeshore: 'Lakeshore Collegiate',
};

/** The board's administrator (BOARD_ADMIN_EMAILS; `pnpm start` sets it to this address): creates the schools and adds their administrators. */
export const DEMO_BOARD_ADMIN = { name: 'Dr. Amara Osei', local: 'director', password: 'demo-board-pass' } as const;

/** Days from the day of seeding, so every date stays within "today up to 10 years ahead". */
export interface DemoDates {
  start?: number;
  end?: number;
  deadline?: number;
}

export interface DemoPosting {
  key: string;
  /** The person key of the poster (a teacher or a recruiter). */
  by: string;
  postingType: PostingType;
  title: string;
  company: string;
  description: string;
  cluster?: Cluster;
  location: Location;
  /** Street and number, without the city (the location) or province (issue 28). */
  streetAddress?: string;
  postalCode?: string;
  /** Job postings: full-time, part-time, … (the JobPosting data states it). */
  employmentType?: EmploymentType;
  contactEmail?: string;
  /** Never on a Gig (spec section 5). */
  companyWebsite?: `https://${string}`;
  /** Salary, Job postings only. */
  hourlyRate?: string;
  /** What the youth-work rules weigh (issue 26): workplace, tasks, schedule, pay as a number with its unit, an age asked for. */
  rules?: PostingRuleInput;
  dates?: DemoDates;
  /** Private postings: teachers only. */
  visible?: false;
  /** A banner generated in these colours and uploaded to `job-images`. */
  image?: PaletteName;
  /** The student (person key) the teacher assigns. */
  assignTo?: string;
  /** How many times members and visitors open its card. */
  views?: number;
  /** Closed or filled by its poster once its applications are in (they stay as history). */
  closeAs?: 'closed' | 'filled';
}

export interface DemoApplication {
  applicant: string;
  posting: string;
  relevantExperiences: string;
  interestInRole: string;
  careerGoals: string;
  /** The decision its poster takes (pending: none yet). */
  status: ApplicationStatus;
}

export interface DemoPost {
  key: string;
  author: string;
  content: string;
  /** Generated pictures (at most 3), uploaded to `post-images`. */
  images?: ReadonlyArray<{ headline: string; palette: PaletteName }>;
  comments?: ReadonlyArray<{ by: string; content: string }>;
  /** Person keys of the members who like it. */
  likedBy?: readonly string[];
}

export interface DemoFeed {
  posts: readonly DemoPost[];
  applications: readonly DemoApplication[];
  /** Addresses a visitor signs up to the newsletter with. */
  newsletter: readonly string[];
}

export interface DemoData {
  people: readonly DemoPerson[];
  postings: readonly DemoPosting[];
  feed: DemoFeed;
}

export const DEMO_DATA: DemoData = { people: DEMO_PEOPLE, postings: DEMO_POSTINGS, feed: DEMO_FEED };

/** The password of every demo account of a role (printed by `pnpm start`; local demo data only). */
export const DEMO_PASSWORDS: Readonly<Record<Role, string>> = {
  student: 'demo-student-pass',
  teacher: 'demo-teacher-pass',
  recruiter: 'demo-recruiter-pass',
};

/** A person's e-mail address under the deployment's school domain. */
export function emailOf(person: Pick<DemoPerson, 'local' | 'domain'>, schoolDomain: string): string {
  return `${person.local}@${person.domain === 'school' ? schoolDomain : person.domain}`.toLowerCase();
}
