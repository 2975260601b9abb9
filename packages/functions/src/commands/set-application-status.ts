import { canSetApplicationStatus, DATABASE_ID, decisionStatus, TABLES, toApplication } from '@opportunity-kit/sdk/domain';
import { orUndefined } from '../platform/appwrite-errors.ts';
import { requireMember } from '../platform/caller.ts';
import { invalidInput, notAllowed, notFound } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import { canRead } from '../portal/permissions.ts';
import type { ApplicationRow } from '../portal/rows.ts';

/**
 * PUT /applications/{id}/status — the posting's creator accepts or rejects an application, and may
 * change the decision again at any time (`canSetApplicationStatus`).
 */
export const setApplicationStatus: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const requested = body.text('status');
  body.done();
  const application = await orUndefined(
    api.tables.getRow<ApplicationRow>({ databaseId: DATABASE_ID, tableId: TABLES.applications, rowId: params.id as string }),
  );
  if (!application || !canRead(application.$permissions, member.roles)) throw notFound('Application not found');
  if (!canSetApplicationStatus(member, application)) throw notAllowed('Only the creator of the opportunity can decide on its applications.');
  const status = decisionStatus(requested);
  if (!status) throw invalidInput({ status: 'Please choose accepted or rejected' });
  const row = await api.tables.updateRow<ApplicationRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.applications,
    rowId: application.$id,
    data: { status },
  });
  return toApplication(row);
};
