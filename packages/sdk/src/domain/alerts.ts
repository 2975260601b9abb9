import { POSTING_TYPES, type PostingType } from './constants.ts';
import { isDateString, matchesDateFilter, type DateString } from './dates.ts';
import type { Job } from './entities.ts';
import { buildSearchText, fulltextMatcher, fulltextWords } from './fulltext.ts';
import type { Validation } from './validation.ts';
import type { NotificationKind } from './wire/alerts.ts';

/**
 * Saved searches (issue 17): the listing's filter kept as an alert, and the one matching rule the
 * listing, a live update and the server's alert matcher all share. A posting matches when every
 * criterion that is set holds: any search word (the listing's full-text rule), any of the types,
 * locations and clusters, and the listing's date rule.
 */

/** What a saved search keeps: the listing filter's criteria. Every field is optional, but one must be set. @public */
export interface AlertCriteria {
  /** Free text, matched as the listing's search matches it (any keyword; the last also as a prefix). */
  search?: string | null | undefined;
  /** Any of these posting types. */
  postingTypes?: readonly PostingType[] | null | undefined;
  /** Any of these locations. */
  locations?: readonly string[] | null | undefined;
  /** Any of these clusters. */
  clusters?: readonly string[] | null | undefined;
  /** With `endDate`: postings whose start and end both lie in the range. Alone: postings starting on or after it. */
  startDate?: DateString | null | undefined;
  /** Only together with `startDate`, as on the listing. */
  endDate?: DateString | null | undefined;
}

/** The criteria as stored: every list present, absent text as null. @public */
export type NormalizedAlertCriteria = {
  search: string | null;
  postingTypes: PostingType[];
  locations: string[];
  clusters: string[];
  startDate: DateString | null;
  endDate: DateString | null;
};

/** @public */
export const ALERT_LIMITS = {
  /** Saved searches per student. */
  perStudent: 20,
  searchLength: 200,
  /** Values in one list (locations, clusters). */
  listLength: 25,
  valueLength: 100,
  /** How many days ahead a saved posting's deadline is announced. */
  deadlineDays: 3,
} as const;

/** The user-facing texts of saved postings, saved searches and notifications. @public */
export const ALERT_MESSAGES = {
  noCriteria: 'Choose at least one search word, posting type, location, cluster or date before saving this search.',
  tooMany: `You can keep at most ${ALERT_LIMITS.perStudent} saved searches. Delete one to save another.`,
  searchTooLong: `Please keep the search under ${ALERT_LIMITS.searchLength} characters.`,
  searchNoWords: 'Please search for at least one word with letters or digits.',
  postingTypeInvalid: `Please choose posting types among ${POSTING_TYPES.join(', ')}.`,
  listTooLong: `Please choose at most ${ALERT_LIMITS.listLength}.`,
  dateInvalid: 'Please enter a valid date.',
  endDateWithoutStart: 'Please choose a start date first.',
  endBeforeStart: 'The end date cannot be before the start date.',
  onlyStudents: 'Only students can save postings and searches.',
  alertNotFound: 'This saved search no longer exists.',
  notificationNotFound: 'This notification no longer exists.',
  unsubscribeInvalid: 'This unsubscribe link is not valid. Please use the link from your latest e-mail.',
  unsubscribed: 'You will no longer receive e-mails from Opportunity Kit. You can turn them on again in your e-mail settings.',
  unsubscribedKind: 'You will no longer receive e-mails of this kind. The bell in the portal still shows them.',
  deliveryInvalid: 'Please choose to get e-mails as things happen or once a day.',
  kindsInvalid: 'Please choose among the kinds of notification listed.',
} as const;

/** What each kind of notification is called where a member stops or chooses its e-mails. @public */
export const NOTIFICATION_KIND_NAMES: Readonly<Record<NotificationKind, string>> = {
  'alert-match': 'saved-search matches',
  deadline: 'deadlines of saved postings',
  'application-status': 'decisions on your applications',
  assignment: 'assignments',
  'approval-waiting': 'employers waiting for approval',
  'approval-decided': 'decisions on your employer account',
  'application-received': 'new applications',
  'application-reminder': 'reminders of unanswered applications',
};

export type AlertField = 'search' | 'postingTypes' | 'locations' | 'clusters' | 'startDate' | 'endDate' | 'form';

/** True when the criteria set anything at all (an alert with none would match every posting). @public */
export function hasAlertCriteria(criteria: AlertCriteria): boolean {
  return Boolean(
    criteria.search?.trim() ||
    criteria.postingTypes?.length ||
    criteria.locations?.length ||
    criteria.clusters?.length ||
    criteria.startDate ||
    criteria.endDate,
  );
}

function textList(values: readonly unknown[] | null | undefined, field: AlertField, errors: Partial<Record<AlertField, string>>): string[] {
  const list = [...new Set((values ?? []).filter((value): value is string => typeof value === 'string').map((value) => value.trim()))].filter(Boolean);
  if (list.length > ALERT_LIMITS.listLength || list.some((value) => value.length > ALERT_LIMITS.valueLength)) errors[field] = ALERT_MESSAGES.listTooLong;
  return list;
}

/** Checks a saved search as the server will, and answers it normalised (trimmed, de-duplicated). @public */
export function validateAlertCriteria(criteria: AlertCriteria): Validation<NormalizedAlertCriteria, AlertField> {
  const errors: Partial<Record<AlertField, string>> = {};
  if (!hasAlertCriteria(criteria)) return { ok: false, errors: { form: ALERT_MESSAGES.noCriteria } };
  const search = criteria.search?.trim() || null;
  if (search && search.length > ALERT_LIMITS.searchLength) errors.search = ALERT_MESSAGES.searchTooLong;
  else if (search && fulltextWords(search).length === 0) errors.search = ALERT_MESSAGES.searchNoWords;
  const postingTypes = [...new Set(criteria.postingTypes ?? [])];
  if (postingTypes.some((type) => !POSTING_TYPES.includes(type))) errors.postingTypes = ALERT_MESSAGES.postingTypeInvalid;
  const locations = textList(criteria.locations, 'locations', errors);
  const clusters = textList(criteria.clusters, 'clusters', errors);
  const startDate = criteria.startDate || null;
  const endDate = criteria.endDate || null;
  if (startDate && !isDateString(startDate)) errors.startDate = ALERT_MESSAGES.dateInvalid;
  if (endDate && !isDateString(endDate)) errors.endDate = ALERT_MESSAGES.dateInvalid;
  else if (endDate && !startDate) errors.endDate = ALERT_MESSAGES.endDateWithoutStart;
  else if (endDate && startDate && endDate < startDate) errors.endDate = ALERT_MESSAGES.endBeforeStart;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { search, postingTypes, locations, clusters, startDate, endDate } };
}

/** The facts of a posting the criteria look at; `searchText` is the row's full-text column when the caller has it. @public */
export type MatchablePosting = Pick<
  Job,
  'postingType' | 'location' | 'cluster' | 'startDate' | 'endDate' | 'title' | 'company' | 'description' | 'hourlyRate'
> & {
  searchText?: string | null | undefined;
};

/** A search's words as the matcher takes them, worked out once per alert. @public */
export interface PreparedCriteria {
  readonly criteria: AlertCriteria;
  readonly words: readonly string[];
  readonly hasSearch: boolean;
}

/** Prepares criteria for {@link postingMatcher}. @public */
export function prepareCriteria(criteria: AlertCriteria): PreparedCriteria {
  const hasSearch = Boolean(criteria.search?.trim());
  return { criteria, words: hasSearch ? fulltextWords(criteria.search ?? '') : [], hasSearch };
}

/**
 * One posting's matcher over many alerts: the posting's words are taken once, each alert's criteria
 * are then compared in memory. The rules are the listing's (see `matchesJobFilter`).
 * @public
 */
export function postingMatcher(posting: MatchablePosting): (prepared: PreparedCriteria) => boolean {
  const fulltext = fulltextMatcher(posting.searchText ?? buildSearchText(posting));
  return ({ criteria, words, hasSearch }) => {
    if (criteria.postingTypes?.length && !criteria.postingTypes.includes(posting.postingType)) return false;
    if (hasSearch && !fulltext(words)) return false;
    if (criteria.locations?.length && !criteria.locations.includes(posting.location)) return false;
    if (criteria.clusters?.length && (posting.cluster === null || !criteria.clusters.includes(posting.cluster))) return false;
    return matchesDateFilter(posting, {
      startDate: criteria.startDate ?? undefined,
      endDate: criteria.startDate ? (criteria.endDate ?? undefined) : undefined,
    });
  };
}

/** Whether one posting matches one saved search's criteria, as the listing would show it under that filter. @public */
export function matchesAlertCriteria(posting: MatchablePosting, criteria: AlertCriteria): boolean {
  return postingMatcher(posting)(prepareCriteria(criteria));
}
