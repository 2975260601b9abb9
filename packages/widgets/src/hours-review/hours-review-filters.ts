import type { ServiceHoursEntry } from '@opportunity-kit/sdk';
import { reviewQueueRank } from '@opportunity-kit/sdk/domain';

/**
 * The review table's filters, sort and choices, as pure functions over the loaded queue: a teacher
 * filters a queue of thousands of entries in the browser, without a request per keystroke.
 */

/** Which entries the status filter keeps: every status of the queue, or one. @public */
export type HoursStatusFilter = 'all' | 'confirmed' | 'disputed' | 'pending';

/** What the hours review table shows of the queue. @public */
export interface HoursReviewFilters {
  /** One status of the queue, or `all`. */
  status: HoursStatusFilter;
  /** One student's entries; `''` for everyone's. */
  studentId: string;
  /** One organisation's entries; `''` for all. */
  organisation: string;
  /** The earliest date (`YYYY-MM-DD`) an entry may have; `''` for no limit. */
  from: string;
  /** The latest date (`YYYY-MM-DD`) an entry may have; `''` for no limit. */
  to: string;
  /** Words that must each appear in the student's name or address, the organisation or the activity. */
  search: string;
}

/** The columns the table sorts by; `status` is the queue's own order (confirmed first, oldest first). @public */
export type HoursSortColumn = 'student' | 'organisation' | 'date' | 'hours' | 'status';

/** The order of the hours review table. @public */
export interface HoursReviewSort {
  /** The column it sorts by. */
  column: HoursSortColumn;
  /** Smallest (or first in the alphabet, earliest, first in the queue) first, or last first. */
  direction: 'ascending' | 'descending';
}

/** No filter: the whole queue. */
export const NO_FILTERS: HoursReviewFilters = { status: 'all', studentId: '', organisation: '', from: '', to: '', search: '' };

/** The queue's own order. */
export const QUEUE_ORDER: HoursReviewSort = { column: 'status', direction: 'ascending' };

/** One student of the queue, for the student filter. @public */
export interface HoursStudentChoice {
  /** The student's user id, which the student filter keeps. */
  id: string;
  /** Their name, or their address when they gave no name. */
  name: string;
}

export const studentNameOf = (entry: ServiceHoursEntry): string => entry.studentName || entry.studentEmail;

/** The text the search looks in, lower-cased once per entry (the same entry objects stay while the queue does). */
const searchTexts = new WeakMap<ServiceHoursEntry, string>();
function searchTextOf(entry: ServiceHoursEntry): string {
  let text = searchTexts.get(entry);
  if (text === undefined) {
    text = [entry.studentName, entry.studentEmail, entry.organisation, entry.activity].join('\n').toLocaleLowerCase();
    searchTexts.set(entry, text);
  }
  return text;
}

/** True when no filter narrows the queue. */
export const isUnfiltered = (filters: HoursReviewFilters): boolean =>
  filters.status === 'all' && !filters.studentId && !filters.organisation && !filters.from && !filters.to && !filters.search.trim();

/** The entries every filter keeps; each search word must appear somewhere (in any order). */
export function filterEntries(entries: readonly ServiceHoursEntry[], filters: HoursReviewFilters): readonly ServiceHoursEntry[] {
  if (isUnfiltered(filters)) return entries;
  const words = filters.search.toLocaleLowerCase().split(/\s+/).filter(Boolean);
  return entries.filter(
    (entry) =>
      (filters.status === 'all' || entry.status === filters.status) &&
      (!filters.studentId || entry.studentId === filters.studentId) &&
      (!filters.organisation || entry.organisation === filters.organisation) &&
      (!filters.from || entry.date >= filters.from) &&
      (!filters.to || entry.date <= filters.to) &&
      words.every((word) => searchTextOf(entry).includes(word)),
  );
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

const COMPARE: Record<HoursSortColumn, (a: ServiceHoursEntry, b: ServiceHoursEntry) => number> = {
  student: (a, b) => collator.compare(studentNameOf(a), studentNameOf(b)),
  organisation: (a, b) => collator.compare(a.organisation, b.organisation),
  date: (a, b) => a.date.localeCompare(b.date),
  hours: (a, b) => a.hours - b.hours,
  status: (a, b) => reviewQueueRank(a.status) - reviewQueueRank(b.status) || a.createdAt.localeCompare(b.createdAt),
};

/** The entries in the sort's order; ties keep the queue's order. */
export function sortEntries(entries: readonly ServiceHoursEntry[], sort: HoursReviewSort): readonly ServiceHoursEntry[] {
  const sign = sort.direction === 'ascending' ? 1 : -1;
  const compare = COMPARE[sort.column];
  return [...entries].sort((a, b) => sign * compare(a, b) || COMPARE.status(a, b));
}

/** Every student present in the queue, by name. */
export function studentsOf(entries: readonly ServiceHoursEntry[]): HoursStudentChoice[] {
  const byId = new Map<string, string>();
  for (const entry of entries) if (!byId.has(entry.studentId)) byId.set(entry.studentId, studentNameOf(entry));
  return [...byId].map(([id, name]) => ({ id, name })).sort((a, b) => collator.compare(a.name, b.name));
}

/** Every organisation present in the queue, alphabetically. */
export function organisationsOf(entries: readonly ServiceHoursEntry[]): string[] {
  return [...new Set(entries.map((entry) => entry.organisation))].sort(collator.compare);
}
