import { Functions, Query, type Models } from 'node-appwrite';
import type { HoursReviewBody, LogHoursBody, ServiceHoursStatus } from '@opportunity-kit/sdk/domain';
import { runCommand } from './demo-commands.ts';
import { guestClient, type Connection } from './demo-members.ts';
import { allRows, memberOf, type Members } from './seed-progress.ts';

/**
 * The community involvement hours of the demo student, one entry in every state, made the way people
 * make them: the student logs each entry; the supervisor answers from the link mailed to the local
 * outbox (as a visitor with no account); the guidance teacher reviews. Against a backend without the
 * development outbox (a real Appwrite) no supervisor can answer here, so the supervisor's states are
 * left out and the log says so.
 */

interface DemoHours {
  entry: Omit<LogHoursBody, 'date'> & { daysAgo: number };
  supervisor?: 'confirmed' | 'disputed';
  /** The supervisor's reason, with a dispute. */
  disputeReason?: string;
  review?: HoursReviewBody;
  /** The state the steps above leave it in. */
  state: ServiceHoursStatus;
}

const foodBank = { organisation: 'Oakville Community Food Bank', supervisorName: 'Dana Lee', supervisorEmail: 'dana.lee@oakvillefoodbank.example' };
const library = { organisation: 'Oakville Public Library', supervisorName: 'Morgan Reyes', supervisorEmail: 'm.reyes@oakvillelibrary.example' };
const parks = { organisation: 'Lakeshore Parks Cleanup', supervisorName: 'Marco Bianchi', supervisorEmail: 'marco.bianchi@lakeshoreparks.example' };

export const DEMO_HOURS: readonly DemoHours[] = [
  {
    entry: {
      ...foodBank,
      activity: 'Sorted donations and packed weekend hampers.',
      hours: 4,
      daysAgo: 60,
      reflection: 'I saw how much planning one week of hampers takes.',
    },
    supervisor: 'confirmed',
    review: { decision: 'approved' },
    state: 'approved',
  },
  {
    entry: { ...library, activity: 'Ran the Saturday reading circle for grade 2 students.', hours: 3.5, daysAgo: 45 },
    supervisor: 'confirmed',
    review: { decision: 'partial', hours: 2.5, comment: 'One hour was the lunch break, which does not count.' },
    state: 'partial',
  },
  {
    entry: { ...parks, activity: 'Shoreline litter pickup.', hours: 2, daysAgo: 30 },
    review: { decision: 'declined', comment: 'This was a school trip during class time, so it does not count as community involvement.' },
    state: 'declined',
  },
  { entry: { ...foodBank, activity: 'Helped at the holiday food drive.', hours: 5.25, daysAgo: 14 }, supervisor: 'confirmed', state: 'confirmed' },
  {
    entry: { ...library, activity: 'Shelved returned books.', hours: 2, daysAgo: 9 },
    supervisor: 'disputed',
    disputeReason: 'Maya shelved books for one hour that day, not two.',
    state: 'disputed',
  },
  { entry: { ...parks, activity: 'Planted trees along the waterfront trail.', hours: 3, daysAgo: 2, reflection: 'Hard work, but fun.' }, state: 'pending' },
];

type HoursRow = Models.Row & { activity: string };

/** Seeds the demo student's entries (skipping any an interrupted run already logged); answers how many exist. */
export async function logDemoHours(connection: Connection, members: Members, now: Date): Promise<{ entries: number; supervisorAnswers: boolean }> {
  const student = memberOf(members, 'maya');
  const teacher = memberOf(members, 'nguyen');
  const logged = new Set((await allRows<HoursRow>(connection, 'service_hours', [Query.equal('studentId', student.userId)])).map((row) => row.activity));
  const supervisorAnswers = await hasOutbox(connection);
  for (const demo of DEMO_HOURS) {
    if (logged.has(demo.entry.activity)) continue;
    if (demo.supervisor && !supervisorAnswers) continue;
    const { daysAgo, ...fields } = demo.entry;
    const date = new Date(now.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const entry = await runCommand<{ id: string }>(student.functions, 'POST', '/hours', { ...fields, date } satisfies LogHoursBody);
    if (demo.supervisor) {
      const token = await mailedToken(connection, fields.supervisorEmail, entry.id);
      await runCommand(new Functions(guestClient(connection)), 'POST', `/hours/${entry.id}/confirmation`, {
        token,
        decision: demo.supervisor,
        ...(demo.disputeReason ? { reason: demo.disputeReason } : {}),
      });
    }
    if (demo.review) await runCommand(teacher.functions, 'POST', `/hours/${entry.id}/review`, demo.review);
  }
  return { entries: (await allRows<HoursRow>(connection, 'service_hours', [Query.equal('studentId', student.userId)])).length, supervisorAnswers };
}

async function hasOutbox(connection: Connection): Promise<boolean> {
  try {
    return (await fetch(`${connection.endpoint}/dev/outbox?to=nobody@example.invalid`)).ok;
  } catch {
    return false;
  }
}

/** The token of the link mailed for `entryId`, read from the outbox as the supervisor would read their mail. */
async function mailedToken(connection: Connection, supervisorEmail: string, entryId: string): Promise<string> {
  const response = await fetch(`${connection.endpoint}/dev/outbox?to=${encodeURIComponent(supervisorEmail)}`);
  const { messages } = (await response.json()) as { messages: Array<{ links: string[] }> };
  const link = messages.flatMap((message) => message.links).find((candidate) => candidate.includes(`/hours/confirm/${entryId}?`));
  const token = link ? new URL(link).searchParams.get('token') : null;
  if (!token) throw new Error(`No confirmation link for entry ${entryId} reached ${supervisorEmail}.`);
  return token;
}
