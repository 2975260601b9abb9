/**
 * A function's `schedule`: the five-field cron expression Appwrite's scheduler reads
 * (minute, hour, day of month, month, day of week), evaluated in UTC as Appwrite's containers do.
 *
 * Supported per field: `*`, numbers, lists (`1,15`), ranges (`9-17`), steps (`*\/5`, `0-30/10`, `5/15`),
 * month and day names (`JAN`–`DEC`, `SUN`–`SAT`, any case), `7` for Sunday, `?` in the day fields,
 * and the macros `@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`, `@midnight`, `@hourly`.
 * Quartz-style `L`, `W` and `#` are refused, where Appwrite would take them.
 *
 * Written here rather than taken from npm: the whole need is parse-and-next-minute, the maintained
 * packages bring time-zone and seconds handling this server must not use, and a parser of our own
 * can refuse exactly what it cannot run.
 */

const MINUTE_MS = 60_000;
/** A day-of-month that only some years have (29 February) recurs within 8 years; look no further than that. */
const SEARCH_YEARS = 9;

const MACROS: Readonly<Record<string, string>> = {
  '@yearly': '0 0 1 1 *',
  '@annually': '0 0 1 1 *',
  '@monthly': '0 0 1 * *',
  '@weekly': '0 0 * * 0',
  '@daily': '0 0 * * *',
  '@midnight': '0 0 * * *',
  '@hourly': '0 * * * *',
};

const MONTH_NAMES = ['JAN', 'FEB', 'MAR', 'APR', 'MAY', 'JUN', 'JUL', 'AUG', 'SEP', 'OCT', 'NOV', 'DEC'];
const DAY_NAMES = ['SUN', 'MON', 'TUE', 'WED', 'THU', 'FRI', 'SAT'];

interface FieldRule {
  min: number;
  max: number;
  /** Names for the values from `min` on, e.g. JAN for 1. */
  names?: readonly string[];
  /** Whether `?` ("no specific value") is allowed, as in the day fields. */
  question?: boolean;
}

const FIELDS: readonly FieldRule[] = [
  { min: 0, max: 59 },
  { min: 0, max: 23 },
  { min: 1, max: 31, question: true },
  { min: 1, max: 12, names: MONTH_NAMES },
  // 7 is Sunday too; it is folded onto 0 once parsed.
  { min: 0, max: 7, names: DAY_NAMES, question: true },
];

/** A parsed schedule: which values each field allows. */
export class CronExpression {
  private constructor(
    private readonly minutes: ReadonlySet<number>,
    private readonly hours: ReadonlySet<number>,
    private readonly daysOfMonth: ReadonlySet<number>,
    private readonly months: ReadonlySet<number>,
    private readonly daysOfWeek: ReadonlySet<number>,
    /** Both day fields restricted: a day matches when either does (as in Vixie cron and Appwrite). */
    private readonly eitherDay: boolean,
  ) {}

  /** The expression, or undefined when it is not one this server can run. */
  static parse(text: string): CronExpression | undefined {
    const trimmed = text.trim();
    const expanded = MACROS[trimmed.toLowerCase()] ?? trimmed;
    const parts = expanded.split(/\s+/);
    if (parts.length !== FIELDS.length) return undefined;
    const sets: Array<Set<number>> = [];
    for (const [index, part] of parts.entries()) {
      const values = parseField(part, FIELDS[index] as FieldRule);
      if (!values) return undefined;
      sets.push(values);
    }
    const [minutes, hours, daysOfMonth, months, daysOfWeek] = sets as [Set<number>, Set<number>, Set<number>, Set<number>, Set<number>];
    if (daysOfWeek.delete(7)) daysOfWeek.add(0);
    const dayOfMonthText = parts[2] as string;
    const dayOfWeekText = parts[4] as string;
    return new CronExpression(minutes, hours, daysOfMonth, months, daysOfWeek, isRestricted(dayOfMonthText) && isRestricted(dayOfWeekText));
  }

  static isValid(text: string): boolean {
    return CronExpression.parse(text) !== undefined;
  }

  /**
   * The first minute boundary strictly after `afterMs` (epoch ms) that the expression names, or
   * undefined when none comes within the next years (`0 0 31 2 *`).
   */
  nextAfter(afterMs: number): number | undefined {
    const at = new Date(Math.floor(afterMs / MINUTE_MS) * MINUTE_MS + MINUTE_MS);
    const lastYear = at.getUTCFullYear() + SEARCH_YEARS;
    while (at.getUTCFullYear() <= lastYear) {
      if (!this.months.has(at.getUTCMonth() + 1)) {
        at.setUTCMonth(at.getUTCMonth() + 1, 1);
        at.setUTCHours(0, 0, 0, 0);
      } else if (!this.dayMatches(at)) {
        at.setUTCDate(at.getUTCDate() + 1);
        at.setUTCHours(0, 0, 0, 0);
      } else if (!this.hours.has(at.getUTCHours())) {
        at.setUTCHours(at.getUTCHours() + 1, 0, 0, 0);
      } else if (!this.minutes.has(at.getUTCMinutes())) {
        at.setUTCMinutes(at.getUTCMinutes() + 1, 0, 0);
      } else {
        return at.getTime();
      }
    }
    return undefined;
  }

  private dayMatches(at: Date): boolean {
    const byMonthDay = this.daysOfMonth.has(at.getUTCDate());
    const byWeekDay = this.daysOfWeek.has(at.getUTCDay());
    return this.eitherDay ? byMonthDay || byWeekDay : byMonthDay && byWeekDay;
  }
}

/** A day field that names days; `*` (also `*\/2`, as Vixie cron reads it) and `?` leave the choice to the other one. */
function isRestricted(text: string): boolean {
  return !text.startsWith('*') && text !== '?';
}

function parseField(text: string, rule: FieldRule): Set<number> | undefined {
  if (rule.question && text === '?') return range(rule.min, rule.max, 1);
  const values = new Set<number>();
  for (const item of text.split(',')) {
    const parsed = parseItem(item, rule);
    if (!parsed) return undefined;
    for (const value of parsed) values.add(value);
  }
  return values;
}

/** One list item: `*`, `n`, `a-b`, each optionally `/step`; `n/step` runs from n to the field's end. */
function parseItem(item: string, rule: FieldRule): Set<number> | undefined {
  const [base = '', stepText, ...rest] = item.split('/');
  if (rest.length > 0) return undefined;
  const step = stepText === undefined ? 1 : toNumber(stepText);
  if (step === undefined || step < 1) return undefined;
  if (base === '*') return range(rule.min, rule.max, step);
  const [fromText = '', toText, ...more] = base.split('-');
  if (more.length > 0) return undefined;
  const from = toValue(fromText, rule);
  const to = toText === undefined ? (stepText === undefined ? from : rule.max) : toValue(toText, rule);
  if (from === undefined || to === undefined || from > to) return undefined;
  return range(from, to, step);
}

function toValue(text: string, rule: FieldRule): number | undefined {
  const nameIndex = rule.names?.indexOf(text.toUpperCase()) ?? -1;
  const value = nameIndex >= 0 ? nameIndex + rule.min : toNumber(text);
  return value !== undefined && value >= rule.min && value <= rule.max ? value : undefined;
}

function toNumber(text: string): number | undefined {
  return /^\d{1,2}$/.test(text) ? Number(text) : undefined;
}

function range(from: number, to: number, step: number): Set<number> {
  const values = new Set<number>();
  for (let value = from; value <= to; value += step) values.add(value);
  return values;
}
