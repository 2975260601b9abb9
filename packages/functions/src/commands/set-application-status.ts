import { canSetApplicationStatus, decisionStatus } from '@opportunity-kit/sdk/domain';
import { orUndefined } from '../platform/appwrite-errors.ts';
import { canRead } from '../portal/permissions.ts';
import { toApplication, type ApplicationRow } from '../portal/rows.ts';
import { DATABASE_ID, TABLES } from '../portal/schema.ts';
import { requireMember } from './caller.ts';
import { invalidInput, notAllowed, notFound } from './command-error.ts';
import type { Command } from './router.ts';

/**
 * PUT /applications/{id}/status — the posting's creator accepts or rejects an application, and may
 * change the decision again at any time (spec section 4).
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
