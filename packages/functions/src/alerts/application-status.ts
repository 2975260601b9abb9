import { DATABASE_ID, TABLES, toApplication, type Application } from '@opportunity-kit/sdk/domain';
import { orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { derivedRowId } from '../portal/alert-rows.ts';
import { notify } from '../portal/notices.ts';
import type { ApplicationRow } from '../portal/rows.ts';

export const applicationStatusMessage = (application: Pick<Application, 'jobTitle' | 'status'>): string =>
  application.status === 'accepted'
    ? `Your application for ${application.jobTitle} was accepted.`
    : `Your application for ${application.jobTitle} was not accepted this time.`;

/**
 * Runs on an application's update event: a decision (accepted or rejected) notifies the applicant,
 * in the bell and by e-mail, once per decision; other updates (the posting removed) notify nobody.
 */
export async function notifyApplicationStatus(api: ServerApi, applicationId: string): Promise<boolean> {
  const row = await orUndefined(api.tables.getRow<ApplicationRow>({ databaseId: DATABASE_ID, tableId: TABLES.applications, rowId: applicationId }));
  if (!row) return false;
  const application = toApplication(row);
  if (application.status === 'pending') return false;
  return notify(api, applicationStatusRowId(application.id, application.status), {
    recipientId: application.applicantId,
    kind: 'application-status',
    message: applicationStatusMessage(application),
    jobId: application.jobId,
    jobTitle: application.jobTitle,
    applicationId: application.id,
  });
}

/** The notice of one decision on one application: written once, whichever path decides. */
export const applicationStatusRowId = (applicationId: string, status: string): string => derivedRowId('application-status', applicationId, status);
