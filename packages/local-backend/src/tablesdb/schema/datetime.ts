/**
 * Datetime values of rows. They are stored as fixed-width UTC text in Appwrite's output format
 * (`2026-01-15T09:30:00.000+00:00`), so SQLite compares and sorts them as instants with plain text
 * comparison and an index on the column serves range queries and ordering.
 */

const ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?)?\s*(Z|[+-]\d{2}(?::?\d{2})?|[A-Za-z][A-Za-z_]*(?:\/[A-Za-z0-9_+-]+)*)?$/i;

/** Minutes a named time zone (`America/New_York`, as PHP's DateTime reads it) is ahead of UTC at `time`; undefined for an unknown zone. */
function zoneOffsetMinutes(zone: string, time: number): number | undefined {
  try {
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    }).formatToParts(new Date(time));
    const part = (type: string) => Number(parts.find((entry) => entry.type === type)?.value ?? 0);
    const local = Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
    return Math.round((local - Math.floor(time / 1000) * 1000) / 60_000);
  } catch {
    return undefined;
  }
}

/** Appwrite's DatetimeValidator bounds (utopia-php/database defaults). */
export const DATETIME_INVALID = 'Value must be valid date between 0000-01-01 00:00:00 and 9999-12-31 23:59:59.';

/** Normalises an ISO-8601 date or datetime to stored form; undefined when it is not a valid date. */
export function normalizeDatetime(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  const match = ISO.exec(value.trim());
  if (!match) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone] = match as unknown as string[];
  const year = Number(y);
  const month = Number(mo);
  const day = Number(d);
  const hour = Number(h);
  const minute = Number(mi);
  const second = Number(s);
  if (month < 1 || month > 12 || day < 1 || day > 31 || hour > 23 || minute > 59 || second > 59) return undefined;
  const millis = Number(fraction.padEnd(3, '0').slice(0, 3));
  const date = new Date(0);
  // setUTCFullYear keeps years below 100 literal (Date.UTC would map them to 19xx).
  date.setUTCFullYear(year, month - 1, day);
  date.setUTCHours(hour, minute, second, millis);
  if (date.getUTCDate() !== day) return undefined;
  let time = date.getTime();
  if (zone && /^[a-z]/i.test(zone) && zone.toUpperCase() !== 'Z') {
    // The wall time in that zone: its offset at (about) that instant.
    const offset = zoneOffsetMinutes(zone, time);
    if (offset === undefined) return undefined;
    time -= (zoneOffsetMinutes(zone, time - offset * 60_000) ?? offset) * 60_000;
  } else if (zone && zone.toUpperCase() !== 'Z') {
    const sign = zone.startsWith('-') ? -1 : 1;
    const digits = zone.slice(1).replace(':', '');
    const offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0');
    time -= sign * offsetMinutes * 60_000;
  }
  const utc = new Date(time);
  const utcYear = utc.getUTCFullYear();
  if (utcYear < 0 || utcYear > 9999) return undefined;
  return formatStoredDatetime(utc);
}

export function formatStoredDatetime(date: Date): string {
  const pad = (n: number, width = 2) => String(n).padStart(width, '0');
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}+00:00`;
}

export function nowDatetime(): string {
  return formatStoredDatetime(new Date());
}
