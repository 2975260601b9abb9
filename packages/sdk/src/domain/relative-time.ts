const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function plural(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? '' : 's'} ago`;
}

/**
 * Relative time labels: seconds under a minute, "1 minute ago" under 120 s, then
 * minutes up to an hour, hours up to a day, days up to 30 days, and a date after that.
 * A time in the future (clock skew between devices) reads as "0 seconds ago".
 * @public
 */
export function relativeTimeLabel(then: Date | number, now: Date | number = Date.now(), locale = 'en-US'): string {
  const thenMs = typeof then === 'number' ? then : then.getTime();
  const nowMs = typeof now === 'number' ? now : now.getTime();
  const seconds = Math.max(0, Math.floor((nowMs - thenMs) / 1000));
  if (seconds < MINUTE) return plural(seconds, 'second');
  if (seconds < 2 * MINUTE) return '1 minute ago';
  if (seconds < HOUR) return plural(Math.floor(seconds / MINUTE), 'minute');
  if (seconds < DAY) return plural(Math.floor(seconds / HOUR), 'hour');
  if (seconds < 30 * DAY) return plural(Math.floor(seconds / DAY), 'day');
  return new Date(thenMs).toLocaleDateString(locale, { year: 'numeric', month: 'short', day: 'numeric' });
}
