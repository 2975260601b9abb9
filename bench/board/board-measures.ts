/**
 * What the board benchmark measures (issue 27), each through the product's own paths: the portal
 * SDK as a signed-in member uses it, the functions as Appwrite runs them (events, the schedule), and
 * the executions the backend records.
 */
import { performance } from 'node:perf_hooks';
import { Client as BrowserClient } from 'appwrite';
import { Functions, Query, Users, type Models } from 'node-appwrite';
import { createPortalClient, type PortalClient } from '@opportunity-kit/sdk';
import { adminClient, type BoardConnection } from './board-data.ts';

/** Samples of one figure, in milliseconds. */
export class Samples {
  readonly values: number[] = [];
  add(value: number): void {
    this.values.push(value);
  }
  at(percentile: number): number {
    const sorted = [...this.values].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor((percentile / 100) * sorted.length))] ?? Number.NaN;
  }
}

async function timed<T>(samples: Samples, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const value = await work();
  samples.add(performance.now() - started);
  return value;
}

/** A member's portal client, signed in with a session the API key made (as a sign-in would). */
export async function signedIn(connection: BoardConnection, userId: string): Promise<PortalClient> {
  const session = await new Users(adminClient(connection)).createSession({ userId });
  const client = new BrowserClient().setEndpoint(connection.endpoint).setProject(connection.projectId).setSession(session.secret);
  return createPortalClient({ endpoint: connection.endpoint, projectId: connection.projectId, client, storage: null });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Every execution of a function since `since`, oldest first. */
export async function executionsSince(connection: BoardConnection, functionId: string, since: string): Promise<Models.Execution[]> {
  const functions = new Functions(adminClient(connection));
  const found: Models.Execution[] = [];
  let cursor: string | undefined;
  for (;;) {
    const { executions } = await functions.listExecutions({
      functionId,
      queries: [Query.greaterThanEqual('$createdAt', since), Query.orderAsc('$createdAt'), Query.limit(100), ...(cursor ? [Query.cursorAfter(cursor)] : [])],
      total: false,
    });
    found.push(...executions);
    if (executions.length < 100) return found;
    cursor = executions.at(-1)?.$id;
  }
}

/** Waits until every execution of the function since `since` has finished, and answers them. */
export async function settled(
  connection: BoardConnection,
  functionId: string,
  since: string,
  atLeast = 1,
  timeoutMs = 30 * 60_000,
): Promise<Models.Execution[]> {
  for (const deadline = Date.now() + timeoutMs; ; await sleep(100)) {
    const executions = await executionsSince(connection, functionId, since);
    const running = executions.filter((execution) => execution.status !== 'completed' && execution.status !== 'failed');
    if (executions.length >= atLeast && running.length === 0) return executions;
    if (Date.now() > deadline) throw new Error(`${functionId}: ${running.length} executions still running after ${timeoutMs / 1000} s`);
  }
}

export interface PostingMatchFigures {
  /** From the create command's answer to the `alerts` run finished, per posting. */
  wall: Samples;
  /** The `alerts` runs' own durations. */
  execution: Samples;
  notified: number[];
}

/**
 * New public postings, posted by a teacher through the SDK: the `alerts` function runs on each
 * posting's create event, matches it against every saved search through the index, and writes the
 * notices. Timed until that run finished.
 */
export async function measurePostingMatch(connection: BoardConnection, teacherId: string, runs: number): Promise<PostingMatchFigures> {
  const teacher = await signedIn(connection, teacherId);
  const figures: PostingMatchFigures = { wall: new Samples(), execution: new Samples(), notified: [] };
  const posted: string[] = [];
  const today = new Date();
  const day = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10);
  for (let run = 0; run < runs; run += 1) {
    const since = new Date().toISOString();
    const started = performance.now();
    const job = await teacher.jobs.create({
      postingType: 'Job',
      title: `Summer camp counsellor and lifeguard ${run}`,
      company: 'Riverside Day Camp',
      description:
        'Lead games, crafts and swimming for campers aged 6 to 12. A library of activities, a garden and a robotics corner; a coach trains every counsellor and lifeguard.',
      cluster: 'Education',
      location: 'Toronto',
      address: '100 Queen St W, Toronto, ON',
      contactEmail: 'camp@riverside.example',
      companyWebsite: null,
      hourlyRate: '17.60/hour',
      startDate: day(40),
      endDate: day(100),
      applicationDeadline: day(20),
      visible: true,
    });
    const [run0] = await waitForRun(connection, since, job.id);
    figures.wall.add(performance.now() - started);
    figures.execution.add(run0.duration * 1000);
    figures.notified.push(Number(/(\d+) students notified/.exec(run0.logs)?.[1] ?? Number.NaN));
    posted.push(job.id);
  }
  // The board stays as generated: a listing measured next must not open on the benchmark's own postings.
  for (const id of posted) await teacher.jobs.remove(id);
  await teacher.close();
  return figures;
}

async function waitForRun(connection: BoardConnection, since: string, jobId: string): Promise<[Models.Execution]> {
  for (const deadline = Date.now() + 5 * 60_000; Date.now() < deadline; await sleep(50)) {
    const runs = await executionsSince(connection, 'alerts', since);
    const done = runs.find((execution) => execution.logs.includes(`posting ${jobId}:`) && execution.status === 'completed');
    if (done) return [done];
    const failed = runs.find((execution) => execution.status === 'failed');
    if (failed) throw new Error(`the alerts run failed: ${failed.errors || failed.logs}`);
  }
  throw new Error(`no alerts run finished for posting ${jobId}`);
}

export interface ReadFigures {
  listing: Samples;
  search: Samples;
  home: Samples;
  members: number;
}

/** How long a member reads a page before opening the next: 1 to 5 s, as a person skims a listing. */
export const THINK_MS = { min: 1_000, max: 5_000 };

/**
 * `members` students online at once, each opening their home, the Jobs listing and a search, `rounds`
 * times, and reading each page for a while (`THINK_MS`) before the next, as people do: what the
 * portal's first screens ask of the backend, timed per call as the SDK answers it. (Members who never
 * stop to read are a load test of the machine, not of a board: 100 of them on 2 cores queue behind
 * each other whatever each call costs.)
 */
export async function measureReads(connection: BoardConnection, studentIds: readonly string[], rounds: number): Promise<ReadFigures> {
  const portals = await Promise.all(studentIds.map((id) => signedIn(connection, id)));
  const figures: ReadFigures = { listing: new Samples(), search: new Samples(), home: new Samples(), members: portals.length };
  const searches = ['barista', 'camp counsellor', 'library', 'robotics coach', 'lifeguard'];
  const think = () => sleep(THINK_MS.min + Math.random() * (THINK_MS.max - THINK_MS.min));
  // One untimed page each, arriving over a few seconds as members do: sessions and statements are warm.
  await Promise.all(
    portals.map(async (portal) => {
      await think();
      await portal.jobs.list({ postingType: 'Job' });
    }),
  );
  await Promise.all(
    portals.map(async (portal, index) => {
      for (let round = 0; round < rounds; round += 1) {
        await think();
        await timed(figures.home, () => portal.home.summary());
        await think();
        await timed(figures.listing, () => portal.jobs.list({ postingType: 'Job' }));
        await think();
        await timed(figures.search, () => portal.jobs.list({ postingType: 'Job', search: searches[(index + round) % searches.length] }));
      }
    }),
  );
  await Promise.all(portals.map((portal) => portal.close()));
  return figures;
}

/** How many entries the review page asks for first: what it shows at once (the table's first 100 rows). */
export const HOURS_FIRST_PAGE = 100;

export interface HoursReviewFigures {
  /** Until the first page has arrived: what the teacher's page waits for before it shows the table. */
  firstPage: Samples;
  /** Until every page has arrived (the page keeps loading them while the teacher works). */
  wholeQueue: Samples;
  /** How many entries the queue holds. */
  entries: number;
}

/** A school's hours review queue, as its teacher's page reads it (the first page, then the rest page by page), `runs` times. */
export async function measureHoursReview(connection: BoardConnection, teacherId: string, runs: number): Promise<HoursReviewFigures> {
  const teacher = await signedIn(connection, teacherId);
  const figures: HoursReviewFigures = { firstPage: new Samples(), wholeQueue: new Samples(), entries: 0 };
  await teacher.hours.queue();
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now();
    let page = await teacher.hours.queuePage({ limit: HOURS_FIRST_PAGE });
    figures.firstPage.add(performance.now() - started);
    let entries = page.items.length;
    while (page.nextCursor) {
      page = await teacher.hours.queuePage({ limit: HOURS_FIRST_PAGE, cursor: page.nextCursor });
      entries += page.items.length;
    }
    figures.wholeQueue.add(performance.now() - started);
    figures.entries = entries;
  }
  await teacher.close();
  return figures;
}

export interface ScheduleFigures {
  wallMs: number;
  executions: Models.Execution[];
}

/** A function's daily schedule, from its tick until every run it set off has finished. */
export async function tickSchedule(connection: BoardConnection, functionId: string): Promise<ScheduleFigures> {
  const since = new Date().toISOString();
  const started = performance.now();
  const tick = await fetch(`${connection.endpoint}/dev/functions/${functionId}/schedule-tick`, { method: 'POST' });
  if (!tick.ok) throw new Error(`the ${functionId} schedule tick was refused: ${tick.status} ${await tick.text()}`);
  const executions = await settled(connection, functionId, since);
  return { wallMs: performance.now() - started, executions };
}

/** The e-mails the `alerts` runs sent: each logs its own ("digest 2026-11-29: 1200 e-mails, …"); a count query would stop at Appwrite's 5,000. */
export function digestsMailed(executions: readonly Models.Execution[]): number {
  return executions.reduce((sum, execution) => sum + Number(/digest [\d-]+: (\d+) e-mails/.exec(execution.logs)?.[1] ?? 0), 0);
}
