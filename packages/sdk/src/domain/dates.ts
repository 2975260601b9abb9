import { MAX_YEARS_AHEAD } from './constants.ts';

/** A calendar date as the date inputs give it: `YYYY-MM-DD`. @public */
export type DateString = string;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date in `YYYY-MM-DD` form (rejects 2026-02-30). @public */
export function isDateString(value: string): value is DateString {
  const match = DATE.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Today in the viewer's local calendar, as `YYYY-MM-DD`. @public */
export function todayDateString(now: Date = new Date()): DateString {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * The earliest calendar date anywhere on Earth at `now` (the UTC-12 zone). A server that checks
 * "from today" uses it, so a posting sent late in the evening in the poster's own zone is not refused
 * because the server's clock has already reached tomorrow.
 * @public
 */
export function earliestTodayAnywhere(now: Date = new Date()): DateString {
  return new Date(now.getTime() - 12 * 3600 * 1000).toISOString().slice(0, 10);
}

/** The same calendar day `years` later (29 February falls back to 28 February). @public */
export function addYears(date: DateString, years: number): DateString {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  const target = new Date(Date.UTC(year + years, month - 1, day));
  if (target.getUTCMonth() !== month - 1) target.setUTCDate(0);
  return target.toISOString().slice(0, 10);
}

/** The range a posting's dates may take: from today up to 10 years ahead. @public */
export function postingDateBounds(today: DateString): { min: DateString; max: DateString } {
  return { min: today, max: addYears(today, MAX_YEARS_AHEAD) };
}

/** The listing filter's dates (see `matchesDateFilter`). @public */
export interface DateFilter {
  startDate?: DateString | undefined;
  endDate?: DateString | undefined;
}

/** The end date stays disabled until a start date is set. @public */
export function isEndDateEnabled(filter: DateFilter): boolean {
  return Boolean(filter.startDate);
}

/** Setting a start date clears an end date that now lies before it. @public */
export function withStartDate(filter: DateFilter, startDate: DateString | undefined): DateFilter {
  const endDate = startDate && filter.endDate && filter.endDate < startDate ? undefined : filter.endDate;
  return { startDate, endDate: startDate ? endDate : undefined };
}

/**
 * Whether a posting passes the date filter. With both filter dates, only postings whose start and end
 * dates both lie within the range pass. With a start date alone, postings that start
 * on or after it pass. Postings without the dates a rule needs do not pass that rule.
 * @public
 */
export function matchesDateFilter(posting: { startDate?: string | null; endDate?: string | null }, filter: DateFilter): boolean {
  const start = posting.startDate?.slice(0, 10);
  const end = posting.endDate?.slice(0, 10);
  if (filter.startDate && filter.endDate) {
    return Boolean(start && end && start >= filter.startDate && end <= filter.endDate && start <= filter.endDate && end >= filter.startDate);
  }
  if (filter.startDate) return Boolean(start && start >= filter.startDate);
  return true;
}

/**
 * A posting's day as a sentence names it ("January 3, 2027"), for AI questions and answers. Posting
 * dates are calendar days stored at midnight UTC, so the day is read in UTC: every server names the same one.
 * @public
 */
export function spokenDate(value: string | null): string | undefined {
  const date = value ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) return undefined;
  return date.toLocaleDateString('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
}

/**
 * The last second of a posting's day (`YYYY-MM-DD`, or a date column at midnight UTC) where the
 * posting is, with that day's offset: in Ontario (America/Toronto) `2026-12-15T23:59:59-05:00`, and
 * `2026-07-15T23:59:59-04:00` in summer time, which runs from the second Sunday of March to the first
 * Sunday of November (Canada and the US since 2007). A deadline ends when its day ends there, not at the
 * midnight UTC that begins it. Elsewhere (no board of another province yet) the day ends last on Earth, UTC-12.
 * Computed without `Intl`, which would weigh on the embed.
 * @public
 */
export function endOfLocalDay(date: string, region: string | null | undefined, country: string | null | undefined = 'CA'): string {
  const day = date.slice(0, 10);
  const ontario = region === 'ON' && country === 'CA';
  // The n-th Sunday of a month: day 1's weekday tells how far the first Sunday lies.
  const sunday = (m: number, n: number) => 1 + ((7 - new Date(Date.UTC(Number(day.slice(0, 4)), m - 1, 1)).getUTCDay()) % 7) + 7 * (n - 1);
  // The day as a number, MMDD: 15 December is 1215.
  const at = Number(day.slice(5).replace('-', ''));
  const summer = at >= 300 + sunday(3, 2) && at < 1100 + sunday(11, 1);
  return `${day}T23:59:59${ontario ? (summer ? '-04:00' : '-05:00') : '-12:00'}`;
}
