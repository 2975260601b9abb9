import { DATABASE_ID, fulltextWords, TABLES, type AlertCriteria, type MatchablePosting } from '@opportunity-kit/sdk/domain';
import { Query, type Models } from 'node-appwrite';
import type { ServerApi } from '../platform/server-client.ts';
import { allRows, derivedRowId, IDS_PER_QUERY, rowsByIds, type AlertRow } from './alert-rows.ts';

/**
 * The index of saved searches (issue 27): a new posting must find the searches it may match among
 * 100,000 without reading them all. Every saved search is filed under the keys of ONE criterion it
 * requires (a matching posting must have that location, that cluster, one of those words, that type),
 * one `alert_keys` row per key with an index on `key`; a posting lists every key it has, and the
 * searches filed under any of them are the only candidates. The full rule (`postingMatcher`) then
 * decides, so a key only ever narrows, and a search filed under a criterion it requires is never
 * missed.
 *
 * The criterion chosen is the one that narrows most: a location, else the search's words, else a
 * cluster, else a posting type; a search of dates only is filed under `*`, which every posting has.
 * The last search word also matches as a prefix (the listing's full-text rule), so it is filed under
 * its first {@link PREFIX_LENGTH} letters, and a posting lists the first one to three letters of each
 * of its words.
 */

/** Keys of the index written by this version; an alert row without it (saved before issue 27) is filed by {@link fileAlerts}. */
export const ALERT_KEYS_VERSION = 1;
const PREFIX_LENGTH = 3;

export type AlertKeyColumns = { alertId: string; studentId: string; key: string };
type AlertKeyRow = Models.Row & AlertKeyColumns;

const lower = (value: string): string => value.trim().toLowerCase();

/** The keys a saved search is filed under: those of the one criterion that narrows most. */
export function alertKeys(criteria: AlertCriteria): string[] {
  if (criteria.locations?.length) return unique(criteria.locations.map((location) => `l:${lower(location)}`));
  const words = criteria.search?.trim() ? fulltextWords(criteria.search) : [];
  if (words.length) {
    const last = words[words.length - 1] as string;
    return unique([...words.slice(0, -1).map((word) => `w:${word}`), `p:${last.slice(0, PREFIX_LENGTH)}`]);
  }
  if (criteria.clusters?.length) return unique(criteria.clusters.map((cluster) => `c:${lower(cluster)}`));
  if (criteria.postingTypes?.length) return unique(criteria.postingTypes.map((type) => `t:${type}`));
  return ['*'];
}

/** Every key a posting has: the searches filed under any of them are the candidates it may match. */
export function postingKeys(posting: MatchablePosting & { searchText?: string | null }): string[] {
  const keys = new Set<string>(['*', `t:${posting.postingType}`, `l:${lower(posting.location)}`]);
  if (posting.cluster) keys.add(`c:${lower(posting.cluster)}`);
  const text = posting.searchText ?? [posting.title, posting.company, posting.description].join(' ');
  for (const word of new Set(fulltextWords(text))) {
    keys.add(`w:${word}`);
    for (let length = 1; length <= Math.min(PREFIX_LENGTH, word.length); length += 1) keys.add(`p:${word.slice(0, length)}`);
  }
  return [...keys];
}

/** The rows of a saved search's keys: their ids derive from the search and the key, so writing them twice adds nothing. */
export function alertKeyRows(alertId: string, studentId: string, criteria: AlertCriteria): Array<AlertKeyColumns & { $id: string; $permissions: string[] }> {
  // Nobody but the functions reads the index: no permission at all.
  return alertKeys(criteria).map((key) => ({ $id: derivedRowId('alert-key', alertId, key), $permissions: [], alertId, studentId, key }));
}

/** Files a saved search under its keys (before its row is written, so a search is never without them). */
export async function fileAlert(api: ServerApi, alertId: string, studentId: string, criteria: AlertCriteria): Promise<void> {
  await api.tables.upsertRows({ databaseId: DATABASE_ID, tableId: TABLES.alertKeys, rows: alertKeyRows(alertId, studentId, criteria) });
}

/** Removes a saved search's keys (after its row is deleted; a key left behind only adds a candidate the rule then refuses). */
export async function unfileAlert(api: ServerApi, alertId: string): Promise<void> {
  await api.tables.deleteRows({ databaseId: DATABASE_ID, tableId: TABLES.alertKeys, queries: [Query.equal('alertId', alertId)] });
}

/** The saved searches kept before the index existed (no `keysVersion`): candidates of every posting until they are filed. */
export function unfiledAlerts(api: ServerApi): Promise<AlertRow[]> {
  return allRows<AlertRow>(api, TABLES.alerts, [Query.isNull('keysVersion')]);
}

/** Files saved searches under their keys and marks them filed, a hundred per request. */
export async function fileAlerts(api: ServerApi, alerts: readonly AlertRow[]): Promise<void> {
  for (let start = 0; start < alerts.length; start += IDS_PER_QUERY) {
    const chunk = alerts.slice(start, start + IDS_PER_QUERY);
    await api.tables.upsertRows({
      databaseId: DATABASE_ID,
      tableId: TABLES.alertKeys,
      rows: chunk.flatMap((row) => alertKeyRows(row.$id, row.studentId, row)),
    });
    await api.tables.updateRows({
      databaseId: DATABASE_ID,
      tableId: TABLES.alerts,
      data: { keysVersion: ALERT_KEYS_VERSION },
      queries: [
        Query.equal(
          '$id',
          chunk.map((row) => row.$id),
        ),
      ],
    });
  }
}

/** The saved searches filed under any of the posting's keys: the only ones it may match. */
export async function candidateAlerts(api: ServerApi, posting: MatchablePosting & { searchText?: string | null }): Promise<AlertRow[]> {
  const alertIds = new Set<string>();
  const keys = postingKeys(posting);
  for (let start = 0; start < keys.length; start += IDS_PER_QUERY) {
    const chunk = keys.slice(start, start + IDS_PER_QUERY);
    for (const row of await allRows<AlertKeyRow>(api, TABLES.alertKeys, [Query.equal('key', chunk), Query.select(['$id', 'alertId'])])) {
      alertIds.add(row.alertId);
    }
  }
  return rowsByIds<AlertRow>(api, TABLES.alerts, [...alertIds]);
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)];
}
