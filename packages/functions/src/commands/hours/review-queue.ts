import {
  DATABASE_ID,
  HOURS_MESSAGES,
  HOURS_QUEUE_PAGE_MAX,
  TABLES,
  toServiceHoursEntry,
  type HoursQueuePage,
  type ServiceHoursColumns,
  type ServiceHoursStatus,
} from '@opportunity-kit/sdk/domain';
import { Query, type Models } from 'node-appwrite';
import { isAppwriteId } from '../../platform/appwrite-ids.ts';
import { requireMember, type Member } from '../../platform/caller.ts';
import { invalidInput } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { staffSchoolsScope } from './hours-rows.ts';
import { requireTeacher } from './review-hours.ts';

/**
 * The statuses of the entries awaiting a teacher's decision, in the queue's order (`reviewQueueRank`).
 * Their alphabetical order is that order, so the database sorts the queue by the status column itself.
 */
export const QUEUE_STATUSES = ['confirmed', 'disputed', 'pending'] as const satisfies readonly ServiceHoursStatus[];

/**
 * The columns an entry of the queue is answered with: what the review shows of it (its row, its
 * details, the search). Left out: the decision's columns, which an entry awaiting a decision has not
 * got, and what the review never shows (the school, the parent's address, whether the work was paid).
 */
const QUEUE_COLUMNS = [
  'studentId',
  'studentEmail',
  'studentName',
  'organisation',
  'activity',
  'date',
  'quarterHours',
  'supervisorName',
  'supervisorEmail',
  'reflection',
  'jobId',
  'status',
  'supervisorAnsweredAt',
  'supervisorMailOwedSince',
  'disputeReason',
  'activityKind',
  'activityTasks',
  'activityWorkplace',
  'hoursCount',
  'hoursRuleReasons',
  'rulesVersion',
  'parentNeeded',
  'parentName',
  'parentNoticeSignedAt',
  'parentNoticeSignedBy',
  'parentCompletionSignedAt',
  'parentCompletionSignedBy',
] as const satisfies ReadonlyArray<keyof ServiceHoursColumns>;

type QueueRow = Models.Row & Pick<ServiceHoursColumns, (typeof QUEUE_COLUMNS)[number]>;

/** The decision's columns as they are on every entry awaiting a decision. */
const UNDECIDED = { approvedQuarterHours: null, reviewerId: null, reviewerName: null, reviewComment: null, reviewedAt: null } as const;

/**
 * Where a page of the queue ended: the last entry's place in the queue's order (status, then creation
 * time, then id). The next page starts after that place, not after that entry, so it needs no entry to
 * exist any more (decided or withdrawn meanwhile) and reads no row but the caller's schools' entries:
 * a cursor from another school's queue, or naming another school's entry, only says where to start.
 */
export interface QueuePosition {
  status: (typeof QUEUE_STATUSES)[number];
  createdAt: string;
  id: string;
}

/** An Appwrite date and time as it answers them (`2026-11-29T04:49:12.345+00:00`). */
const DATETIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

/** The cursor of a position: opaque to clients, and URL-safe (base64url of its JSON). */
export function encodeQueueCursor(position: QueuePosition): string {
  return Buffer.from(JSON.stringify([position.status, position.createdAt, position.id]), 'utf8').toString('base64url');
}

/** The position a cursor says, or undefined when it is none this server made (then it is refused). */
export function decodeQueueCursor(cursor: string): QueuePosition | undefined {
  let parts: unknown;
  try {
    parts = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    return undefined;
  }
  if (!Array.isArray(parts) || parts.length !== 3) return undefined;
  const [status, createdAt, id] = parts as unknown[];
  const queued = QUEUE_STATUSES.find((candidate) => candidate === status);
  if (!queued || typeof createdAt !== 'string' || !DATETIME.test(createdAt) || !Number.isFinite(Date.parse(createdAt))) return undefined;
  if (typeof id !== 'string' || !isAppwriteId(id)) return undefined;
  return { status: queued, createdAt, id };
}

/** The page a request asks for: how many entries, and after which position (none: from the start). */
export interface QueuePageRequest {
  limit: number;
  after: QueuePosition | undefined;
}

/** Reads `?limit=` (1 to 100, 100 when absent) and `?cursor=`, refusing anything else. */
export function queuePageRequest(query: Readonly<Record<string, string>>): QueuePageRequest {
  const limit = query.limit === undefined || query.limit === '' ? HOURS_QUEUE_PAGE_MAX : Number(query.limit);
  if (!Number.isInteger(limit) || limit < 1 || limit > HOURS_QUEUE_PAGE_MAX) throw invalidInput({ limit: HOURS_MESSAGES.queuePageLimit });
  if (!query.cursor) return { limit, after: undefined };
  const after = decodeQueueCursor(query.cursor);
  if (!after) throw invalidInput({ cursor: HOURS_MESSAGES.queueCursorInvalid });
  return { limit, after };
}

/** Entries after `position` in the queue's order: a later status, or the same one and later, or as late with a later id. */
function afterPosition({ status, createdAt, id }: QueuePosition): string {
  return Query.or([
    Query.greaterThan('status', status),
    Query.and([Query.equal('status', status), Query.greaterThan('$createdAt', createdAt)]),
    Query.and([Query.equal('status', status), Query.equal('$createdAt', createdAt), Query.greaterThan('$id', id)]),
  ]);
}

/**
 * One page of a teacher's queue: the entries of their schools' students (never their own) awaiting a
 * decision, in the queue's order, read and ordered in the database a page at a time.
 */
export async function reviewQueuePage(api: ServerApi, teacher: Member, { limit, after }: QueuePageRequest): Promise<HoursQueuePage> {
  const scope = await staffSchoolsScope(api, teacher);
  if (!scope) return { entries: [], total: 0, nextCursor: null };
  const queue = [scope, Query.equal('status', [...QUEUE_STATUSES]), Query.notEqual('studentId', teacher.id)];
  const list = (queries: string[], total: boolean) =>
    api.tables.listRows<QueueRow>({ databaseId: DATABASE_ID, tableId: TABLES.serviceHours, queries: [...queue, ...queries], total });
  const order = [Query.orderAsc('status'), Query.orderAsc('$createdAt'), Query.orderAsc('$id')];
  // One row more than asked tells whether another page follows; the first page's own count is the queue's.
  const [page, counted] = await Promise.all([
    list([...(after ? [afterPosition(after)] : []), ...order, Query.select(['$id', '$createdAt', ...QUEUE_COLUMNS]), Query.limit(limit + 1)], !after),
    after ? list([Query.select(['$id']), Query.limit(1)], true) : undefined,
  ]);
  const rows = page.rows.slice(0, limit);
  const last = rows.at(-1);
  return {
    entries: rows.map((row) => toServiceHoursEntry({ ...UNDECIDED, ...row })),
    total: (counted ?? page).total,
    nextCursor:
      page.rows.length > limit && last ? encodeQueueCursor({ status: last.status as QueuePosition['status'], createdAt: last.$createdAt, id: last.$id }) : null,
  };
}

/**
 * GET /hours/queue?limit=&cursor= — teachers: a page of the entries of their schools' students
 * awaiting a decision (`HoursQueuePage`), confirmed first, then disputed, then unanswered; oldest
 * first within each. The next page is asked for with the answer's `nextCursor`.
 */
export const reviewQueue: Command = async ({ caller, query, api }) => {
  const teacher = requireTeacher(requireMember(caller), HOURS_MESSAGES.onlyTeachersReview);
  return reviewQueuePage(api, teacher, queuePageRequest(query));
};
