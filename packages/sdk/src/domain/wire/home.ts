/**
 * The wire contract of each role's home page and of the counts on the navigation (issue 24): what
 * waits for the signed-in member, computed by the server from the rows their roles reach.
 */

/** What waits for the member now; zero where their role has nothing of the kind. @public */
export interface WorkCounts {
  /** Employers waiting for a decision of the member's schools (or the board's, for its administrators). */
  approvals: number;
  /** Hours entries of the member's schools' students ready for a decision (confirmed or disputed). */
  hoursToReview: number;
  /** Open reports the member moderates. */
  reports: number;
  /** Applications to the member's own postings still waiting for an answer. */
  applications: number;
}

/** One student, as a school's staff see them at a glance. @public */
export interface StudentGlance {
  /** Their user id. */
  id: string;
  /** Their name. */
  name: string;
  /** Their e-mail address. */
  email: string;
  /** Hours approved toward the diploma requirement. */
  approvedHours: number;
  /** From the roster's optional column; null when the school did not give it. */
  graduationYear: number | null;
  /** Applications made. */
  applications: number;
  /** Applications accepted. */
  placements: number;
}

/**
 * One graduation year of a school. `behind` counts the students with fewer hours than the steady pace
 * to the requirement by their graduation (none for an unknown year).
 * @public
 */
export interface CohortGlance {
  /** The year they graduate; null for the students whose roster gave none. */
  graduationYear: number | null;
  /** How many students. */
  students: number;
  /** Reached the requirement. */
  done: number;
  /** Students short of the steady pace to the requirement by their graduation (0 for an unknown year). */
  behind: number;
}

/** A school's students at a glance, for its staff. @public */
export interface SchoolGlance {
  /** The school's id (its team's). */
  schoolId: string;
  /** The school's name. */
  schoolName: string;
  /** The diploma requirement (`REQUIRED_HOURS`, 40 by default). */
  requiredHours: number;
  /** How many students. */
  students: number;
  /** How many have reached the requirement, are past half of it, have started, or have none yet. */
  hoursBands: { done: number; pastHalf: number; started: number; none: number };
  /** The students still short of the requirement (at most 10): the soonest graduation first (unknown last), then fewest hours. */
  furthestBehind: StudentGlance[];
  /** The students by graduation year, soonest first (unknown last). */
  cohorts: CohortGlance[];
  /** Applications made. */
  applications: number;
  /** Applications accepted. */
  placements: number;
  /** Students with no application and no hours logged. */
  inactive: number;
  /** Some of them (at most 10), to reach out to. */
  inactiveStudents: StudentGlance[];
}

/** One of an employer's postings on their home page. @public */
export interface PostingGlance {
  /** The posting's id. */
  jobId: string;
  /** The posting's title. */
  title: string;
  /** Applications to it (a removed posting's not counted). */
  applicants: number;
  /** Applications made after the `since` the home page was asked with (its last visit). */
  newApplicants: number;
  /** Applications still waiting for an answer. */
  waiting: number;
  /** No school sees it yet: its employer waits for approval. */
  waitingForApproval: boolean;
  /** Closed or filled: no longer on the listings. */
  closed: boolean;
}

/** An employer's (or a posting teacher's) own postings and how fast they answer. @public */
export interface EmployerGlance {
  /** Their postings, newest first. */
  postings: PostingGlance[];
  /** The median time from application to first answer, in hours; null before any answer. */
  medianResponseHours: number | null;
  /** Answers that median is over. */
  answered: number;
  /** After how many days an application still unanswered reminds them (`APPLICATION_REMINDER_DAYS`). */
  reminderDays: number;
}

/** A school's figures, for the board's and the school's administrators. @public */
export interface SchoolOverview {
  /** The school's id (its team's). */
  schoolId: string;
  /** The school's name. */
  schoolName: string;
  /** How many students. */
  students: number;
  /** Staff members. */
  staff: number;
  /** Requests to join waiting for a decision: from students, and from staff. */
  studentRequests: number;
  /** Staff requests waiting. */
  staffRequests: number;
  /** Community involvement hours approved. */
  approvedHours: number;
  /** Applications made. */
  applications: number;
  /** Applications accepted. */
  placements: number;
}

/** A staff member's request to join a school, waiting for its administrators. @public */
export interface StaffRequestGlance {
  /** Their user id. */
  id: string;
  /** The school's id (its team's). */
  schoolId: string;
  /** The school's name. */
  schoolName: string;
  /** Their name. */
  name: string;
  /** Their e-mail address. */
  email: string;
  /** When they asked. */
  requestedAt: string;
}

/** What `GET /home` answers: the counts for everyone, and the parts for the member's roles. @public */
export interface HomeSummary {
  /** What waits for the member now. */
  counts: WorkCounts;
  /** For a school's staff: each of their schools' students at a glance. */
  schools: SchoolGlance[];
  /** For whoever posts (employers and teachers): their postings; null for students. */
  postings: EmployerGlance | null;
  /** For the board's administrators (every school) and a school's administrators (theirs). */
  overview: SchoolOverview[];
  /** Staff asking to join the schools the member administers, oldest first. */
  staffRequests: StaffRequestGlance[];
}

/** `GET /home`: the member's previous visit, so their postings say what is new since. */
export interface HomeRequest {
  since?: string;
}
