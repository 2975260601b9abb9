import { Users } from 'node-appwrite';
import { DEFAULT_SETTINGS, type Role } from '@opportunity-kit/sdk/domain';
import { DEMO_BOARD_ADMIN, DEMO_DATA, DEMO_PASSWORDS, DEMO_SCHOOLS, emailOf } from './demo-data.ts';
import { adminClient, DEMO_LABEL, enrol, existingAccounts, type Connection, type DemoMember } from './demo-members.ts';
import { approveDemoRecruiters } from './seed-approvals.ts';
import { applyAndDecide, assignStudents, closePostings, fillProfiles, postOpportunities, recordViews } from './seed-board.ts';
import { shareFeed, signUpForNewsletter } from './seed-feed.ts';
import { logDemoHours } from './seed-hours.ts';
import { boardAdminEmail, enrolStudents, foundSchools, giveGraduationYears, staffSchools } from './seed-schools.ts';

/**
 * Seeds a portal backend with the demo data set, entirely through the product's own paths: people
 * get accounts, the `roles` function labels them, and every business write is a `commands` execution
 * made with that person's session. The API key only administers accounts (creates them, since
 * Appwrite's abuse limits allow ten sign-ups an hour from one address; marks the demo addresses
 * verified, signs people in the server-side way, and labels the finished demo accounts `demo`).
 *
 * Idempotent: the `demo` label, put on every demo account as the last step, marks a finished seed;
 * a second run finds it and changes nothing. A run that was interrupted before that (a `pnpm dev`
 * restart, Ctrl+C) is finished by the next one, which only adds what is still missing.
 */

export interface SeedOptions extends Connection {
  /** Progress lines; silent when omitted. */
  log?: (line: string) => void;
  /** The school's e-mail domain the backend's `roles` function uses (SCHOOL_DOMAIN); default `school.example`. */
  schoolDomain?: string;
  /** The day the posting dates count from; default now. */
  now?: Date;
}

/** A login to print: one demo account per role, the board's administrator and a school's. */
export interface DemoLogin {
  role: Role | 'board admin' | 'school admin';
  name: string;
  email: string;
  password: string;
}

export interface SeedResult {
  status: 'seeded' | 'already seeded';
  accounts: DemoLogin[];
}

export async function seedDemo(options: SeedOptions): Promise<SeedResult> {
  const log = options.log ?? (() => {});
  const data = DEMO_DATA;
  const schoolDomain = options.schoolDomain ?? DEFAULT_SETTINGS.schoolDomain;
  const state = await readDemoSeed(options);
  if (state.status === 'seeded') {
    log('demo data: already seeded, nothing to do');
    return { status: 'already seeded', accounts: state.accounts };
  }
  if (state.status === 'incomplete') log('demo data: finishing the demo seed an earlier run began');

  const started = Date.now();
  const { board, schools } = await foundSchools(options, schoolDomain);
  await staffSchools(options, schoolDomain, data.people, board, schools);
  log(`demo data: the board's ${schools.size} schools, each with its administrator and staff`);
  const accounts = await existingAccounts(
    options,
    data.people.map((person) => emailOf(person, schoolDomain)),
  );
  const members = new Map<string, DemoMember>();
  await Promise.all(
    data.people.map(async (person) => {
      members.set(person.key, await enrol(options, person, schoolDomain, accounts.get(emailOf(person, schoolDomain))));
    }),
  );
  const joined = await enrolStudents(members, schools);
  await giveGraduationYears(members, schools, schoolDomain);
  log(`demo data: ${members.size} people signed up, verified and labelled by the roles function; ${joined} students confirmed by their school`);

  await fillProfiles(options, members);
  const jobs = await postOpportunities(options, members, data.postings, options.now ?? new Date());
  await approveDemoRecruiters(options, members, board);
  await assignStudents(members, data.postings, jobs);
  log(`demo data: ${jobs.size} opportunities posted, ${data.postings.filter((posting) => posting.assignTo).length} assigned`);

  const views = await recordViews(options, members, data.postings, jobs);
  await applyAndDecide(options, members, data.postings, data.feed.applications, jobs);
  const closed = await closePostings(members, data.postings, jobs);
  log(`demo data: ${views} card views, ${data.feed.applications.length} applications, ${closed} posting closed`);

  const feed = await shareFeed(options, members, data.feed.posts);
  await signUpForNewsletter(options, data.feed.newsletter);
  log(`demo data: ${data.feed.posts.length} posts, ${feed.comments} comments, ${feed.likes} likes, ${data.feed.newsletter.length} newsletter sign-up`);

  const hours = await logDemoHours(options, members, options.now ?? new Date());
  log(
    `demo data: ${hours.entries} community involvement entries${hours.supervisorAnswers ? '' : ' (no outbox here: the supervisor-answered ones are left out)'}`,
  );

  await Promise.all([...members.values(), board].map((member) => member.account.deleteSession({ sessionId: 'current' })));
  // Last: the marker. Until every demo account carries it, the seed counts as unfinished.
  const users = new Users(adminClient(options));
  for (const member of members.values()) {
    const user = await users.get({ userId: member.userId });
    if (!user.labels.includes(DEMO_LABEL)) await users.updateLabels({ userId: member.userId, labels: [...user.labels, DEMO_LABEL] });
  }
  log(`demo data: seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return { status: 'seeded', accounts: loginsOf(schoolDomain) };
}

export type DemoSeedState = { status: 'seeded'; accounts: DemoLogin[] } | { status: 'absent' } | { status: 'incomplete'; emails: string[] };

/** Whether the backend holds the finished demo seed, none of it, or an interrupted one (which `seedDemo` finishes). */
export async function readDemoSeed(options: Connection & Pick<SeedOptions, 'schoolDomain'>): Promise<DemoSeedState> {
  const schoolDomain = options.schoolDomain ?? DEFAULT_SETTINGS.schoolDomain;
  const emails = DEMO_DATA.people.map((person) => emailOf(person, schoolDomain));
  const accounts = await existingAccounts(options, emails);
  if (accounts.size === 0) return { status: 'absent' };
  const finished = emails.every((email) => accounts.get(email)?.labels.includes(DEMO_LABEL));
  return finished ? { status: 'seeded', accounts: loginsOf(schoolDomain) } : { status: 'incomplete', emails: [...accounts.keys()] };
}

function loginsOf(schoolDomain: string): DemoLogin[] {
  const byRole = DEMO_DATA.people
    .filter((person) => person.primary)
    .map((person) => ({ role: person.role, name: person.name, email: emailOf(person, schoolDomain), password: DEMO_PASSWORDS[person.role] }));
  const schoolAdmin = DEMO_DATA.people.find((person) => person.primaryAdmin);
  return [
    { role: 'board admin', name: DEMO_BOARD_ADMIN.name, email: boardAdminEmail(schoolDomain), password: DEMO_BOARD_ADMIN.password },
    ...(schoolAdmin
      ? [
          {
            role: 'school admin' as const,
            name: `${schoolAdmin.name}, ${DEMO_SCHOOLS[schoolAdmin.school ?? 'escarpment']}`,
            email: emailOf(schoolAdmin, schoolDomain),
            password: DEMO_PASSWORDS.teacher,
          },
        ]
      : []),
    ...byRole,
  ];
}
