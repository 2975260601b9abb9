import type { PostingType } from './constants.ts';
import type { DateString } from './dates.ts';
import type { PayUnit } from './posting-details.ts';
import { RULE_PACKS } from './youth-rule-packs.ts';

/**
 * Youth-work and community-involvement rules as data (issue 26). A rule pack (Ontario by default, a
 * US federal pack for boards that choose it) says, each rule with its source, from what age a student
 * may take a posting, what a paid posting must pay, and which activities count toward the diploma's
 * community involvement hours; a board adds its own exclusions. The functions here are the one place
 * that weighs them: the posting form (to show the ruling as it is filled in), the `commands` function
 * (posting, assigning, applying, logging hours), the listings' "Open to me", alerts, the digest and the
 * coach all call them, so a rule changes in one place.
 */

/** Where a posting's work happens, as the workplace-age rules name it. @public */
export const WORKPLACE_TYPES = [
  'office',
  'store',
  'arena',
  'restaurant-serving',
  'restaurant-kitchen',
  'factory',
  'repair-shop',
  'garage',
  'warehouse',
  'construction',
  'logging',
  'surface-mine',
  'surface-mine-face',
  'underground-mine',
  'window-cleaning',
  'community',
  'outdoors',
  'remote',
  'other',
] as const;
/** @public */
export type WorkplaceType = (typeof WORKPLACE_TYPES)[number];

/** How the forms name each workplace. @public */
export const WORKPLACE_LABELS: Readonly<Record<WorkplaceType, string>> = {
  office: 'Office',
  store: 'Store or retail',
  arena: 'Arena or recreation facility',
  'restaurant-serving': 'Restaurant serving area',
  'restaurant-kitchen': 'Restaurant kitchen',
  factory: 'Factory or manufacturing plant',
  'repair-shop': 'Repair shop',
  garage: 'Automotive service garage',
  warehouse: 'Warehouse, shipping or receiving',
  construction: 'Construction project',
  logging: 'Logging operation',
  'surface-mine': 'Surface mine or mining plant (not the working face)',
  'surface-mine-face': 'Working face of a surface mine',
  'underground-mine': 'Underground mine',
  'window-cleaning': 'Window cleaning',
  community: 'Community centre, charity or place of worship',
  outdoors: 'Outdoors (park, trail, garden)',
  remote: 'Remote or from home',
  other: 'Somewhere else',
};

/** The tasks that change who may do the work or whether it counts as community involvement. @public */
export const POSTING_TASKS = [
  'power-tools',
  'vehicles',
  'ladders-scaffolding',
  'roofing',
  'chemicals',
  'cash',
  'medication',
  'cooking',
  'regulated-trade',
] as const;
/** @public */
export type PostingTask = (typeof POSTING_TASKS)[number];

/** How the forms name each task. @public */
export const TASK_LABELS: Readonly<Record<PostingTask, string>> = {
  'power-tools': 'Power tools or power-driven machines',
  vehicles: 'Driving or operating vehicles',
  'ladders-scaffolding': 'Ladders or scaffolding',
  roofing: 'Roofing',
  chemicals: 'Chemicals or designated substances',
  cash: 'Handling cash, banking or valuables',
  medication: 'Giving medication or medical care',
  cooking: 'Cooking (ovens, fryers, grills)',
  'regulated-trade': 'Work of a regulated trade (electrical, plumbing, …)',
};

/** Days of the week, Monday first. @public */
export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
/** @public */
export type Weekday = (typeof WEEKDAYS)[number];

/** When the work happens: days, a daily window (`HH:MM`, 24-hour) and hours a week, each optional. @public */
export interface PostingSchedule {
  days: readonly Weekday[];
  start: string | null;
  end: string | null;
  hoursPerWeek: number | null;
}

/** What the rules need to know about a posting (its form's rule fields). @public */
export interface PostingRuleFacts {
  postingType: PostingType;
  workplace: WorkplaceType | null;
  tasks: readonly PostingTask[];
  schedule: PostingSchedule;
  /** Whether the work is paid; a Volunteering posting never is. */
  paid: boolean;
  /** Pay per {@link PostingRuleFacts.payUnit} in the pack's currency, when given as a number (the free-text rate stays for display). */
  payRate: number | null;
  /** What the pay is counted per (issue 28); null: per hour, as every pay was before. */
  payUnit: PayUnit | null;
  /** Whether the organisation is a for-profit business (some boards exclude them from community hours). */
  forProfit: boolean | null;
  /** An older age the poster asks for, if any; it may not be younger than the law allows. */
  declaredMinimumAge: number | null;
  /** When the work starts, if known: wage rates and summer hours are weighed on that day (else today). */
  startDate: DateString | null;
}

/** The rule fields a posting's form collects and its row keeps (the rest of the facts are the posting's own). @public */
export type PostingRuleDetails = Omit<PostingRuleFacts, 'postingType' | 'startDate'>;

/** The columns of a `jobs` row that keep a posting's {@link PostingRuleDetails}. @public */
export interface PostingRuleColumns {
  workplace: WorkplaceType | null;
  tasks: PostingTask[];
  scheduleDays: Weekday[];
  scheduleStart: string | null;
  scheduleEnd: string | null;
  hoursPerWeek: number | null;
  paid: boolean | null;
  payRate: number | null;
  payUnit: PayUnit | null;
  forProfit: boolean | null;
  declaredMinimumAge: number | null;
}

/** Every column of {@link PostingRuleColumns}, as readers select them. @public */
export const POSTING_RULE_COLUMNS = [
  'workplace',
  'tasks',
  'scheduleDays',
  'scheduleStart',
  'scheduleEnd',
  'hoursPerWeek',
  'paid',
  'payRate',
  'payUnit',
  'forProfit',
  'declaredMinimumAge',
] as const satisfies ReadonlyArray<keyof PostingRuleColumns>;

/**
 * A posting's rule facts, with defaults for what it does not say: a posting from before the rules (or
 * that left a field empty) is weighed as paid unless it is Volunteering, with no workplace, task or
 * schedule, so nothing raises its age and only what it says can.
 * @public
 */
export function ruleFactsOf(posting: { postingType: PostingType; startDate: string | null; ruleDetails?: PostingRuleDetails | undefined }): PostingRuleFacts {
  const details = posting.ruleDetails;
  const startDate = posting.startDate && /^\d{4}-\d{2}-\d{2}/.test(posting.startDate) ? (posting.startDate.slice(0, 10) as DateString) : null;
  return {
    postingType: posting.postingType,
    workplace: details?.workplace ?? null,
    tasks: details?.tasks ?? [],
    schedule: details?.schedule ?? { days: [], start: null, end: null, hoursPerWeek: null },
    paid: posting.postingType === 'Volunteering' ? false : (details?.paid ?? true),
    payRate: details?.payRate ?? null,
    payUnit: details?.payUnit ?? null,
    forProfit: details?.forProfit ?? null,
    declaredMinimumAge: details?.declaredMinimumAge ?? null,
    startDate,
  };
}

/** The `jobs` columns that keep a posting's rule details (all empty when it has none). @public */
export function ruleColumnsOf(details: PostingRuleDetails | null): PostingRuleColumns {
  return {
    workplace: details?.workplace ?? null,
    tasks: details ? [...details.tasks] : [],
    scheduleDays: details ? [...details.schedule.days] : [],
    scheduleStart: details?.schedule.start ?? null,
    scheduleEnd: details?.schedule.end ?? null,
    hoursPerWeek: details?.schedule.hoursPerWeek ?? null,
    paid: details?.paid ?? null,
    payRate: details?.payRate ?? null,
    payUnit: details?.payRate != null ? (details.payUnit ?? null) : null,
    forProfit: details?.forProfit ?? null,
    declaredMinimumAge: details?.declaredMinimumAge ?? null,
  };
}

/** A posting's {@link PostingRuleDetails} from its row's columns; undefined when the row has none of them. @public */
export function ruleDetailsFromColumns(columns: { readonly [column: string]: unknown }): PostingRuleDetails | undefined {
  const workplace = WORKPLACE_TYPES.find((type) => type === columns.workplace) ?? null;
  const tasks = Array.isArray(columns.tasks) ? POSTING_TASKS.filter((task) => (columns.tasks as unknown[]).includes(task)) : [];
  const days = Array.isArray(columns.scheduleDays) ? WEEKDAYS.filter((day) => (columns.scheduleDays as unknown[]).includes(day)) : [];
  const time = (value: unknown): string | null => (typeof value === 'string' && /^\d{2}:\d{2}$/.test(value) ? value : null);
  const number = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
  const flag = (value: unknown): boolean | null => (typeof value === 'boolean' ? value : null);
  const details: PostingRuleDetails = {
    workplace,
    tasks,
    schedule: { days, start: time(columns.scheduleStart), end: time(columns.scheduleEnd), hoursPerWeek: number(columns.hoursPerWeek) },
    paid: flag(columns.paid) ?? true,
    payRate: number(columns.payRate),
    // An enum column: what it holds is one of `PAY_UNITS`.
    payUnit: typeof columns.payUnit === 'string' ? (columns.payUnit as PayUnit) : null,
    forProfit: flag(columns.forProfit),
    declaredMinimumAge: number(columns.declaredMinimumAge),
  };
  const saysAnything =
    workplace !== null ||
    tasks.length > 0 ||
    days.length > 0 ||
    details.schedule.start !== null ||
    details.schedule.hoursPerWeek !== null ||
    flag(columns.paid) !== null ||
    details.payRate !== null ||
    details.forProfit !== null ||
    details.declaredMinimumAge !== null;
  return saysAnything ? details : undefined;
}

/** The kinds of activity a student picks when logging community involvement hours. @public */
export const HOURS_ACTIVITY_KINDS = [
  'community-service',
  'event-help',
  'fundraising',
  'tutoring-mentoring',
  'environment',
  'coaching-recreation-leadership',
  'course-part',
  'instructional-time',
  'paid-work',
  'home-chores',
  'personal-recreation',
  'court-ordered',
] as const;
/** @public */
export type HoursActivityKind = (typeof HOURS_ACTIVITY_KINDS)[number];

/** How the hours form names each kind. @public */
export const HOURS_ACTIVITY_LABELS: Readonly<Record<HoursActivityKind, string>> = {
  'community-service': 'Helping at a charity, food bank or community organisation',
  'event-help': 'Helping run a community event',
  fundraising: 'Fundraising for a charity or cause',
  'tutoring-mentoring': 'Tutoring or mentoring',
  environment: 'Environmental projects',
  'coaching-recreation-leadership': 'Coaching or leading recreation for others',
  'course-part': 'Part of a course (co-op, job shadowing, a class project)',
  'instructional-time': 'During class time (not lunch or a spare)',
  'paid-work': 'Paid work',
  'home-chores': 'Chores at home',
  'personal-recreation': 'My own sport, hobby or recreation',
  'court-ordered': 'A court-ordered programme',
};

/** What the rules need to know about an activity a student logs. @public */
export interface HoursActivityFacts {
  kind: HoursActivityKind;
  tasks: readonly PostingTask[];
  workplace: WorkplaceType | null;
  paid: boolean;
  forProfit: boolean | null;
  /** The day it happened. */
  date: DateString;
}

/** Where a rule comes from: the regulation or policy, and where to read it. @public */
export interface RuleSource {
  citation: string;
  url?: string;
}

/** A rule that sets a minimum age for a workplace or a task. @public */
export interface AgeRule {
  id: string;
  minimumAge: number;
  workplaces?: readonly WorkplaceType[];
  tasks?: readonly PostingTask[];
  /** Why, in a sentence a student or employer reads. */
  text: string;
  source: RuleSource;
}

/** Nobody under `minimumAge` works during school hours on school days. @public */
export interface SchoolHoursRule {
  id: string;
  minimumAge: number;
  days: readonly Weekday[];
  start: string;
  end: string;
  /** School is out from `summerFrom` to `summerTo` (`MM-DD`, inclusive). */
  summerFrom: string;
  summerTo: string;
  text: string;
  source: RuleSource;
}

/** Limits on when and how long the youngest may work (the US pack's 14- and 15-year-olds). @public */
export interface MinorHoursRule {
  id: string;
  /** The limits apply below this age. */
  belowAge: number;
  maxSchoolDayHours: number;
  maxSchoolWeekHours: number;
  maxNonSchoolDayHours: number;
  maxNonSchoolWeekHours: number;
  earliest: string;
  latest: string;
  summerLatest: string;
  /** When the later evening limit applies (`MM-DD`, inclusive). */
  summerFrom: string;
  summerTo: string;
  text: string;
  source: RuleSource;
}

/** A minimum wage in effect from `from`; the student rate, where there is one, and who it applies to. @public */
export interface WageRate {
  from: DateString;
  general: number;
  student?: { rate: number; belowAge: number; maxWeeklyHoursInSession: number };
  source: RuleSource;
}

/** An activity or task that does not count as community involvement, with why. @public */
export interface HoursExclusion {
  id: string;
  kind?: HoursActivityKind;
  task?: PostingTask;
  /** Set for a board that excludes every for-profit organisation. */
  forProfit?: true;
  /** Set for the exclusion of paid work. */
  paid?: true;
  text: string;
  source: RuleSource;
}

/** The diploma's community involvement rules. @public */
export interface CommunityHoursRules {
  required: number;
  /** Hours count from this day (`MM-DD`) of the year Grade 9 starts (graduation year − 4). */
  startsMonthDay: string;
  exclusions: readonly HoursExclusion[];
  /** The workplace-age rules also bar an activity (a 14-year-old's hours in a kitchen do not count). */
  workplaceAgesApply: boolean;
  source: RuleSource;
}

/** Who signs for a student under `parentBelowAge`: a parent the notice and the record, the sponsor the record. @public */
export interface SignOffRule {
  parentBelowAge: number;
  source: RuleSource;
}

/** The rule packs a board may choose. @public */
export type RulePackId = 'ontario' | 'us-federal';

/** A jurisdiction's rules, versioned so a decision names the rules it was made under. @public */
export interface RulePack {
  id: RulePackId;
  name: string;
  version: string;
  currency: 'CAD' | 'USD';
  /** The youngest age any posting is open to, and the age assumed for a student who has not given theirs. */
  baseAge: number;
  ageRules: readonly AgeRule[];
  schoolHours: SchoolHoursRule | null;
  minorHours: MinorHoursRule | null;
  wages: readonly WageRate[];
  communityHours: CommunityHoursRules | null;
  signOffs: SignOffRule;
}

/** What a board adds to its pack: its own exclusions from community hours, and older ages for some work. @public */
export interface BoardAdditions {
  exclusions: readonly HoursExclusion[];
  ageRules: readonly AgeRule[];
}

/** The rules a board works under: its pack, its additions, and the revision of the board's choice. @public */
export interface BoardRules {
  packId: RulePackId;
  additions: BoardAdditions;
  /** Counts the board's changes (0 = the default, never edited). */
  revision: number;
}

/** The default: Ontario's pack, nothing added. @public */
export const DEFAULT_BOARD_RULES: BoardRules = { packId: 'ontario', additions: { exclusions: [], ageRules: [] }, revision: 0 };

/** One rule that decided something, with its source. @public */
export interface RuleFinding {
  ruleId: string;
  text: string;
  source: string;
}

/** Which rules a decision was made under, shown beside it. @public */
export interface RulesVersion {
  packId: RulePackId;
  packName: string;
  packVersion: string;
  boardRevision: number;
}

/** The texts of the youth-work rules' commands. @public */
export const YOUTH_RULE_MESSAGES = {
  birthMonthInvalid: 'Please choose the month and year you were born',
  birthMonthRecorded: 'Your birth month is already recorded. If it is wrong, please ask a teacher to correct it.',
  onlyStudentsGiveBirthMonth: 'Only students give their birth month.',
  onlyStudentsStaff: 'Only the staff of the student’s school can correct their birth month.',
  birthMonthPrompt: 'What month and year were you born?',
  birthMonthWhy:
    'Some work is open only from a certain age (for example, factories and restaurant kitchens from 15). We use your birth month only to show what is open to you; nobody else can read it.',
} as const;

/** `GET /me/age`: whether the student has given a birth month (never the month itself). @public */
export interface AgeStatus {
  birthMonthGiven: boolean;
  /** False for anyone but a student: they are never asked. */
  asked: boolean;
}

/** `POST /jobs/open-to-me`: for each posting asked about, whether the signed-in student may take it. @public */
export interface OpenToMeAnswer {
  postings: Record<string, { mayTake: boolean; fromAge: number; message: string | null }>;
}

/** `GET /rules`: the board's rules and their version. @public */
export interface BoardRulesAnswer {
  rules: BoardRules;
  version: RulesVersion;
}

/** How a decision names the rules it was made under: "Ontario rules, version 2025-10-01 (board revision 3)". @public */
export function rulesVersionLabel(version: RulesVersion): string {
  const board = version.boardRevision > 0 ? ` (board revision ${version.boardRevision})` : '';
  return `${version.packName} rules, version ${version.packVersion}${board}`;
}

/** What the rules say about a posting. @public */
export interface PostingRuling {
  /** The youngest age that may take it. */
  minimumAge: number;
  /** The rules that set `minimumAge` above the pack's base age (empty when none did). */
  ageReasons: RuleFinding[];
  /** What the law bars outright (pay under the floor, an age younger than the law allows): the posting is refused. */
  refusals: RuleFinding[];
  /** The pay floor that applies, when the posting is paid. */
  payFloor: { rate: number; currency: 'CAD' | 'USD'; finding: RuleFinding } | null;
  /** For Volunteering: whether its hours count toward the diploma, and why not. */
  communityHours: { counts: boolean; fromAge: number; reasons: RuleFinding[] } | null;
  rules: RulesVersion;
}

/** What the rules say about one student and a posting. @public */
export interface StudentRuling {
  mayTake: boolean;
  /** The age from which the posting is open. */
  fromAge: number;
  /** Why not, when `mayTake` is false. */
  reasons: RuleFinding[];
  /** False when the student has not given a birth month: the pack's base age was assumed. */
  ageKnown: boolean;
  rules: RulesVersion;
}

/** What the rules say about an activity logged as community involvement. @public */
export interface HoursRuling {
  counts: boolean;
  reasons: RuleFinding[];
  /** The sign-offs the entry needs: the sponsor's completion always, a parent's notice and completion under 18. */
  signOffs: readonly SignOff[];
  rules: RulesVersion;
}

/** A signature an hours entry needs. @public */
export type SignOff = 'parent-notice' | 'parent-completion' | 'sponsor-completion';

/** The pack a board chose. @public */
export function rulePackOf(rules: BoardRules): RulePack {
  return RULE_PACKS[rules.packId];
}

/** Which rules a decision is made under. @public */
export function rulesVersionOf(rules: BoardRules): RulesVersion {
  const pack = rulePackOf(rules);
  return { packId: pack.id, packName: pack.name, packVersion: pack.version, boardRevision: rules.revision };
}

/** A student's age on `date`, from a birth month (`YYYY-MM`): the birthday is taken as the month's last day, so nobody is counted older than they are. @public */
export function ageOn(birthMonth: string, date: DateString): number {
  const [birthYear, month] = birthMonth.split('-').map(Number) as [number, number];
  const [year, dateMonth, day] = date.split('-').map(Number) as [number, number, number];
  const lastDayOfBirthMonth = new Date(Date.UTC(birthYear, month, 0)).getUTCDate();
  const hadBirthday = dateMonth > month || (dateMonth === month && day >= lastDayOfBirthMonth);
  return year - birthYear - (hadBirthday ? 0 : 1);
}

/** Whether `value` is a birth month `YYYY-MM` a high-school student could have on `today` (10 to 25 years ago). @public */
export function isPlausibleBirthMonth(value: string, today: DateString): boolean {
  if (!/^\d{4}-(0[1-9]|1[0-2])$/.test(value)) return false;
  const age = ageOn(value, today);
  return age >= 10 && age <= 25;
}

/** What the rules say about a posting on `today` (its start date, when set, for wages and summer). @public */
export function ruleOnPosting(facts: PostingRuleFacts, rules: BoardRules, today: DateString): PostingRuling {
  const pack = rulePackOf(rules);
  const onDay = facts.startDate && facts.startDate > today ? facts.startDate : today;
  const ageReasons = ageFindings(facts, pack, rules.additions, onDay);
  const legalAge = Math.max(pack.baseAge, ...ageReasons.map((reason) => reason.age));
  const refusals: RuleFinding[] = [];
  if (facts.declaredMinimumAge !== null && facts.declaredMinimumAge < legalAge) {
    const strictest = ageReasons.filter((reason) => reason.age === legalAge);
    refusals.push(...strictest.map(({ finding }) => ({ ...finding, text: `This work is open from age ${legalAge}: ${finding.text}` })));
  }
  const minimumAge = Math.max(legalAge, facts.declaredMinimumAge ?? 0);
  const payFloor = facts.paid ? payFloorFor(facts, pack, minimumAge, onDay) : null;
  const hourly = hourlyPay(facts);
  if (payFloor && hourly !== null && hourly < payFloor.rate) {
    refusals.push({ ...payFloor.finding, text: `The pay must be at least ${formatMoney(payFloor.rate, pack.currency)} an hour: ${payFloor.finding.text}` });
  }
  const topReasons = ageReasons.filter((reason) => reason.age === legalAge && legalAge > pack.baseAge).map((reason) => reason.finding);
  return {
    minimumAge,
    ageReasons: topReasons,
    refusals,
    payFloor,
    communityHours: facts.postingType === 'Volunteering' ? communityHoursOfPosting(facts, pack, rules.additions, legalAge) : null,
    rules: rulesVersionOf(rules),
  };
}

/**
 * Whether a student of `age` (null: not given, the pack's base age assumed) may take a posting ruled
 * `ruling`, and why not.
 * @public
 */
export function ruleForStudent(ruling: PostingRuling, age: number | null, rules: BoardRules): StudentRuling {
  const pack = rulePackOf(rules);
  const weighedAge = age ?? pack.baseAge;
  const mayTake = weighedAge >= ruling.minimumAge;
  const reasons = mayTake ? [] : ruling.ageReasons.length > 0 ? ruling.ageReasons : [declaredAgeFinding(ruling.minimumAge)];
  return { mayTake, fromAge: ruling.minimumAge, reasons, ageKnown: age !== null, rules: ruling.rules };
}

/** The sentence a student reads for a posting they cannot take yet. @public */
export function notOpenYetMessage(ruling: StudentRuling): string {
  const why = ruling.reasons.map((reason) => `${reason.text} (${reason.source})`).join(' ');
  const unknown = ruling.ageKnown ? '' : ' Add your birth month on your profile if you are older.';
  return `This opportunity is open from age ${ruling.fromAge}. ${why}${unknown}`.trim();
}

/**
 * Whether an activity counts toward the diploma's community involvement hours for a student of `age`
 * (null: not given), and the sign-offs it needs.
 * @public
 */
export function ruleOnHours(activity: HoursActivityFacts, age: number | null, rules: BoardRules): HoursRuling {
  const pack = rulePackOf(rules);
  const reasons: RuleFinding[] = [];
  const community = pack.communityHours;
  if (community) {
    for (const exclusion of [...community.exclusions, ...rules.additions.exclusions]) {
      if (excludes(exclusion, activity)) reasons.push(findingOf(exclusion));
    }
    if (community.workplaceAgesApply) {
      const weighedAge = age ?? pack.baseAge;
      for (const rule of [...pack.ageRules, ...rules.additions.ageRules]) {
        if (rule.minimumAge > weighedAge && rule.workplaces && activity.workplace && rule.workplaces.includes(activity.workplace)) {
          reasons.push({ ruleId: rule.id, text: `Not at your age: ${rule.text}`, source: rule.source.citation });
        }
      }
    }
  }
  return { counts: reasons.length === 0, reasons: uniqueFindings(reasons), signOffs: signOffsFor(age, pack), rules: rulesVersionOf(rules) };
}

/** The signatures an hours entry of a student of `age` needs (null, not given: as for a minor). @public */
export function signOffsFor(age: number | null, pack: RulePack): readonly SignOff[] {
  return age === null || age < pack.signOffs.parentBelowAge ? ['parent-notice', 'parent-completion', 'sponsor-completion'] : ['sponsor-completion'];
}

/** The first day hours count for a student graduating in `graduationYear` (the summer before Grade 9). @public */
export function hoursCountFrom(graduationYear: number, pack: RulePack): DateString | null {
  return pack.communityHours ? (`${graduationYear - 4}-${pack.communityHours.startsMonthDay}` as DateString) : null;
}

interface AgeFinding {
  age: number;
  finding: RuleFinding;
}

function ageFindings(facts: PostingRuleFacts, pack: RulePack, additions: BoardAdditions, onDay: DateString): AgeFinding[] {
  const found: AgeFinding[] = [];
  for (const rule of [...pack.ageRules, ...additions.ageRules]) {
    const byWorkplace = rule.workplaces && facts.workplace !== null && rule.workplaces.includes(facts.workplace);
    const byTask = rule.tasks?.some((task) => facts.tasks.includes(task));
    if (byWorkplace || byTask) found.push({ age: rule.minimumAge, finding: { ruleId: rule.id, text: rule.text, source: rule.source.citation } });
  }
  if (pack.schoolHours && facts.paid && overlapsSchoolHours(facts.schedule, pack.schoolHours, onDay)) {
    const rule = pack.schoolHours;
    found.push({ age: rule.minimumAge, finding: { ruleId: rule.id, text: rule.text, source: rule.source.citation } });
  }
  if (pack.minorHours && facts.paid && exceedsMinorHours(facts.schedule, pack.minorHours, onDay)) {
    const rule = pack.minorHours;
    found.push({ age: rule.belowAge, finding: { ruleId: rule.id, text: rule.text, source: rule.source.citation } });
  }
  return found;
}

function overlapsSchoolHours(schedule: PostingSchedule, rule: SchoolHoursRule, onDay: DateString): boolean {
  if (inSeason(onDay, rule.summerFrom, rule.summerTo)) return false;
  const schoolDays = schedule.days.filter((day) => rule.days.includes(day));
  if (schoolDays.length === 0 || !schedule.start || !schedule.end) return false;
  return schedule.start < rule.end && schedule.end > rule.start;
}

function exceedsMinorHours(schedule: PostingSchedule, rule: MinorHoursRule, onDay: DateString): boolean {
  const summer = inSeason(onDay, rule.summerFrom, rule.summerTo);
  const latest = summer ? rule.summerLatest : rule.latest;
  if (schedule.start && schedule.start < rule.earliest) return true;
  if (schedule.end && schedule.end > latest) return true;
  const dailyHours = schedule.start && schedule.end ? minutesOf(schedule.end) / 60 - minutesOf(schedule.start) / 60 : null;
  const onSchoolDays = !summer && schedule.days.some((day) => day !== 'sat' && day !== 'sun');
  const maxDay = onSchoolDays ? rule.maxSchoolDayHours : rule.maxNonSchoolDayHours;
  const maxWeek = summer ? rule.maxNonSchoolWeekHours : rule.maxSchoolWeekHours;
  if (dailyHours !== null && dailyHours > maxDay) return true;
  return schedule.hoursPerWeek !== null && schedule.hoursPerWeek > maxWeek;
}

/**
 * The pay per hour the minimum wage is weighed against: the rate itself per hour; per day over the
 * daily schedule, per week over the hours a week, per month over those hours for a month (52 weeks
 * over 12), when the posting says them; null when it cannot tell.
 */
function hourlyPay(facts: Pick<PostingRuleFacts, 'payRate' | 'payUnit' | 'schedule'>): number | null {
  const { payRate, schedule } = facts;
  if (payRate === null) return null;
  const unit = facts.payUnit ?? 'hour';
  if (unit === 'hour') return payRate;
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const hours =
    unit === 'day'
      ? schedule.start && schedule.end
        ? (minutes(schedule.end) - minutes(schedule.start)) / 60
        : null
      : schedule.hoursPerWeek === null
        ? null
        : schedule.hoursPerWeek * (unit === 'week' ? 1 : 52 / 12);
  return hours ? payRate / hours : null;
}

function payFloorFor(facts: PostingRuleFacts, pack: RulePack, minimumAge: number, onDay: DateString): PostingRuling['payFloor'] {
  const wage = [...pack.wages].filter((rate) => rate.from <= onDay).sort((a, b) => b.from.localeCompare(a.from))[0];
  if (!wage) return null;
  const student = wage.student;
  const studentRateApplies =
    student !== undefined &&
    minimumAge < student.belowAge &&
    (facts.schedule.hoursPerWeek === null || facts.schedule.hoursPerWeek <= student.maxWeeklyHoursInSession);
  const rate = studentRateApplies ? student.rate : wage.general;
  const text = studentRateApplies
    ? `the student minimum wage from ${wage.from}, for students under ${student.belowAge} working at most ${student.maxWeeklyHoursInSession} hours a week while school is in session (${formatMoney(wage.general, pack.currency)} for everyone else)`
    : `the general minimum wage from ${wage.from}`;
  return { rate, currency: pack.currency, finding: { ruleId: `${pack.id}-minimum-wage`, text, source: wage.source.citation } };
}

function communityHoursOfPosting(facts: PostingRuleFacts, pack: RulePack, additions: BoardAdditions, legalAge: number): PostingRuling['communityHours'] {
  const community = pack.communityHours;
  if (!community) return null;
  const activity: HoursActivityFacts = {
    kind: 'community-service',
    tasks: facts.tasks,
    workplace: facts.workplace,
    paid: facts.paid,
    forProfit: facts.forProfit,
    date: '1970-01-01' as DateString,
  };
  const reasons = [...community.exclusions, ...additions.exclusions].filter((exclusion) => excludes(exclusion, activity)).map(findingOf);
  return { counts: reasons.length === 0, fromAge: legalAge, reasons: uniqueFindings(reasons) };
}

function excludes(exclusion: HoursExclusion, activity: HoursActivityFacts): boolean {
  if (exclusion.kind !== undefined && exclusion.kind === activity.kind) return true;
  if (exclusion.task !== undefined && activity.tasks.includes(exclusion.task)) return true;
  if (exclusion.paid && (activity.paid || activity.kind === 'paid-work')) return true;
  return exclusion.forProfit === true && activity.forProfit === true;
}

function findingOf(exclusion: HoursExclusion): RuleFinding {
  return { ruleId: exclusion.id, text: exclusion.text, source: exclusion.source.citation };
}

function declaredAgeFinding(age: number): RuleFinding {
  return { ruleId: 'declared-minimum-age', text: `The organisation asks for students aged ${age} or older.`, source: 'The posting' };
}

function uniqueFindings(findings: RuleFinding[]): RuleFinding[] {
  const seen = new Set<string>();
  return findings.filter((finding) => !seen.has(finding.ruleId) && seen.add(finding.ruleId));
}

/** Whether `day` falls between `from` and `to` (`MM-DD`, inclusive; `labor-day` is the first Monday of September). */
function inSeason(day: DateString, from: string, to: string): boolean {
  const monthDay = day.slice(5);
  return monthDay >= from && monthDay <= (to === 'labor-day' ? laborDayOf(Number(day.slice(0, 4))) : to);
}

function laborDayOf(year: number): string {
  const firstOfSeptember = new Date(Date.UTC(year, 8, 1)).getUTCDay();
  const firstMonday = 1 + ((8 - firstOfSeptember) % 7);
  return `09-${String(firstMonday).padStart(2, '0')}`;
}

function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
}

/** An amount per hour as a reader expects it: `$16.60`. @public */
export function formatMoney(amount: number, currency: 'CAD' | 'USD'): string {
  return `${currency === 'USD' ? 'US$' : '$'}${amount.toFixed(2)}`;
}
