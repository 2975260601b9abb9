import { canSetApplicationStatus, decisionStatus, TABLES, toApplication } from '@opportunity-kit/sdk/domain';
import { requireMember } from '../platform/caller.ts';
import { invalidInput, notAllowed } from '../platform/command-error.ts';
import type { Command } from '../platform/router.ts';
import { decideTogether } from '../portal/atomic-writes.ts';
import { readableApplication } from './withdraw-application.ts';

/**
 * PUT /applications/{id}/status — the posting's creator accepts or rejects an application, and may
 * change the decision again at any time (`canSetApplicationStatus`). Decided together with a
 * withdrawal at the same instant (`decideTogether`): whichever lands first wins, and the other is
 * answered from what it finds ("Application not found" after a withdrawal).
 */
export const setApplicationStatus: Command = async ({ caller, body, params, api }) => {
  const member = requireMember(caller);
  const requested = body.text('status');
  body.done();
  const { $id: applicationId } = await readableApplication(api, member, params.id as string);
  const status = decisionStatus(requested);
  return decideTogether(api, [{ tableId: TABLES.applications, rowId: applicationId }], async () => {
    const current = await readableApplication(api, member, applicationId);
    if (!canSetApplicationStatus(member, current)) throw notAllowed('Only the creator of the opportunity can decide on its applications.');
    if (!status) throw invalidInput({ status: 'Please choose accepted or rejected' });
    // The first decision's time stays: it measures how long the applicant waited for an answer.
    const decidedAt = current.decidedAt ?? new Date().toISOString();
    return {
      writes: [{ action: 'update', tableId: TABLES.applications, rowId: applicationId, data: { status, decidedAt } }],
      answer: toApplication({ ...current, status, decidedAt }),
    };
  });
};
