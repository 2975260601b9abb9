import {
  ALERT_LIMITS,
  ALERT_MESSAGES,
  DATABASE_ID,
  TABLES,
  toAlert,
  validateAlertCriteria,
  type Alert,
  type AlertColumns,
  type PostingType,
  type Removed,
} from '@opportunity-kit/sdk/domain';
import { Query } from 'node-appwrite';
import { hasStatus, orUndefined } from '../../platform/appwrite-errors.ts';
import { CommandError, invalidInput, notFound } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { ALERT_KEYS_VERSION, fileAlert, unfileAlert } from '../../portal/alert-keys.ts';
import { allRows, derivedRowId, studentOnlyPermissions, type AlertRow } from '../../portal/alert-rows.ts';
import { requireConfirmedStudent, requireStudent } from './student.ts';

/**
 * Saved searches (issue 17). A student has at most 20: each alert takes one of 20 slots, whose row id
 * is derived from the student and the slot number, so two saves at the same moment can never make a
 * 21st (the second create of a slot fails as a duplicate and moves on; there is no 21st slot).
 */

const slotIds = (studentId: string): string[] => Array.from({ length: ALERT_LIMITS.perStudent }, (_, slot) => derivedRowId('alert', studentId, String(slot)));

const alertsOf = (api: ServerApi, studentId: string): Promise<AlertRow[]> => allRows<AlertRow>(api, TABLES.alerts, [Query.equal('studentId', studentId)]);

/** POST /alerts — saves the listing's filter as a saved search. */
export const createAlert: Command = async ({ caller, body, api }) => {
  const student = requireConfirmedStudent(caller);
  const criteria = {
    search: body.text('search'),
    postingTypes: body.textList('postingTypes') as PostingType[] | undefined,
    locations: body.textList('locations'),
    clusters: body.textList('clusters'),
    startDate: body.text('startDate'),
    endDate: body.text('endDate'),
  };
  body.done();
  const checked = validateAlertCriteria(criteria);
  if (!checked.ok) throw invalidInput(checked.errors);
  const taken = new Set((await alertsOf(api, student.id)).map((row) => row.$id));
  for (const rowId of slotIds(student.id)) {
    if (taken.has(rowId)) continue;
    try {
      // Filed first: a search whose row exists is always found by the postings it may match.
      await fileAlert(api, rowId, student.id, checked.value);
      const row = await api.tables.createRow<AlertRow>({
        databaseId: DATABASE_ID,
        tableId: TABLES.alerts,
        rowId,
        data: { studentId: student.id, ...checked.value, keysVersion: ALERT_KEYS_VERSION } satisfies AlertColumns & { keysVersion: number },
        permissions: studentOnlyPermissions(student.id),
      });
      return toAlert(row) satisfies Alert;
    } catch (thrown) {
      // Taken meanwhile by a save running at the same time: try the next slot.
      if (!hasStatus(thrown, 409)) throw thrown;
    }
  }
  throw new CommandError('invalid-input', ALERT_MESSAGES.tooMany);
};

/** GET /alerts — the student's saved searches, oldest first. */
export const listAlerts: Command = async ({ caller, api }) => {
  const student = requireStudent(caller);
  return (await alertsOf(api, student.id)).map(toAlert).sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : 0)) satisfies Alert[];
};

/** DELETE /alerts/{id} — deletes one of the student's saved searches; anyone else's is "not found". */
export const deleteAlert: Command = async ({ caller, params, api }) => {
  const student = requireStudent(caller);
  const rowId = params.id as string;
  const row = await orUndefined(api.tables.getRow<AlertRow>({ databaseId: DATABASE_ID, tableId: TABLES.alerts, rowId }));
  if (!row || row.studentId !== student.id) throw notFound(ALERT_MESSAGES.alertNotFound);
  await api.tables.deleteRow({ databaseId: DATABASE_ID, tableId: TABLES.alerts, rowId });
  await unfileAlert(api, rowId);
  return { id: rowId } satisfies Removed;
};
