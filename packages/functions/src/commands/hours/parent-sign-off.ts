import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  containsWebAddress,
  DATABASE_ID,
  formatHours,
  fromQuarterHours,
  HOURS_ACTIVITY_LABELS,
  HOURS_ACTIVITY_MESSAGES,
  hoursChecksOf,
  TABLES,
  type ParentSignOffAnswer,
  type ParentSignOffView,
} from '@opportunity-kit/sdk/domain';
import { ID, Messaging, type Models } from 'node-appwrite';
import { hasStatus, orUndefined } from '../../platform/appwrite-errors.ts';
import { CommandError, invalidInput } from '../../platform/command-error.ts';
import { portalOrigin } from '../../platform/portal-url.ts';
import type { Command } from '../../platform/router.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { decideTogether, type RowWrite } from '../../portal/atomic-writes.ts';
import { mailRecipient } from '../../portal/mail-recipients.ts';
import { hoursSettings } from './hours-settings.ts';
import { anyEntry, entryGuard, type ServiceHoursRow } from './hours-rows.ts';

/**
 * A parent's or guardian's signatures on an under-18 student's hours (issue 26, PPM 124): the
 * planned-activity notice and the completion record, from a link mailed to the address the student
 * gave. Like the supervisor's link, the token is 256 random bits, only its hash is kept
 * (`hours_parent_links`, row id = the entry's), and it travels in the body, never the path. The link
 * serves both signatures and expires with the supervisor's; each part is signed once.
 */

type ParentLinkRow = Models.Row & { entryId: string; tokenHash: string; expiresAt: string };

const hashOf = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

/** A new link for the entry: the token for the mail, and the write that keeps its hash. */
export function newParentLink(entryId: string, ttlSeconds: number, now: Date): { token: string; write: RowWrite } {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    write: {
      action: 'upsert',
      tableId: TABLES.hoursParentLinks,
      rowId: entryId,
      data: { entryId, tokenHash: hashOf(token), expiresAt: new Date(now.getTime() + ttlSeconds * 1000).toISOString() },
      permissions: [],
    },
  };
}

/** Mails the parent their link; a failed mail leaves the entry as logged (the teacher sees the signature missing). */
export async function mailParent(api: ServerApi, entry: ServiceHoursRow, token: string): Promise<void> {
  if (!entry.parentEmail || !entry.parentName) return;
  const studentName = entry.studentName && !containsWebAddress(entry.studentName) ? entry.studentName : entry.studentEmail;
  const schoolName = hoursSettings().schoolName;
  const link = `${portalOrigin()}/hours/parent/${encodeURIComponent(entry.$id)}?token=${encodeURIComponent(token)}`;
  const content = [
    `Hello ${entry.parentName},`,
    '',
    `${studentName} logged community involvement hours with ${schoolName} and named you as their parent or guardian.`,
    'Ontario asks a parent or guardian of a student under 18 to sign the notice of a planned activity and its completion record:',
    '',
    `  Organisation: ${entry.organisation}`,
    `  Date: ${entry.date}`,
    `  Hours: ${formatHours(fromQuarterHours(entry.quarterHours))}`,
    '',
    'Please read and sign here (no account needed):',
    link,
    '',
    `${schoolName} never asks for a password or any other details in this e-mail.`,
  ].join('\n');
  try {
    await new Messaging(api.client).createEmail({
      messageId: ID.unique(),
      subject: `Please sign your child’s community involvement hours (${schoolName})`,
      content,
      ...(await mailRecipient(api, entry.parentEmail)),
    });
  } catch {
    // The entry stands; the review shows the parent's signatures as missing.
  }
}

/** POST /hours/{id}/parent/view `{ token }` — the parent's page. */
export const viewParentSignOff: Command = async ({ body, params, api }) => {
  const token = body.text('token');
  body.done();
  const row = await entryOfParentLink(api, params.id as string, token);
  const checks = hoursChecksOf(row);
  return {
    id: row.$id,
    studentName: row.studentName ?? '',
    organisation: row.organisation,
    activity: row.activity,
    activityKind: checks.activityKind ? HOURS_ACTIVITY_LABELS[checks.activityKind] : null,
    date: row.date,
    hours: fromQuarterHours(row.quarterHours),
    checks,
  } satisfies ParentSignOffView;
};

/**
 * POST /hours/{id}/parent `{ token, part, name, isParent }` — the parent signs the notice or the
 * completion record. Decided on the entry as it is at commit: two signatures of one part at once keep
 * one, and an entry withdrawn meanwhile answers that the link is no longer valid. A signed-in student
 * cannot sign, not even with the link: a parent signs for them.
 */
export const signParentSignOff: Command = async ({ caller, body, params, api }) => {
  const token = body.text('token');
  const part = body.text('part');
  const name = (body.text('name') ?? '').trim();
  const isParent = body.boolean('isParent') === true;
  body.done();
  if (caller.kind === 'member' && caller.role === 'student') throw new CommandError('not-allowed', HOURS_ACTIVITY_MESSAGES.parentNotStudent);
  if (part !== 'notice' && part !== 'completion') throw invalidInput({ part: HOURS_ACTIVITY_MESSAGES.parentPartInvalid });
  if (!name || name.length > 120 || containsWebAddress(name)) throw invalidInput({ name: HOURS_ACTIVITY_MESSAGES.parentNameToSign });
  if (!isParent) throw invalidInput({ isParent: HOURS_ACTIVITY_MESSAGES.parentConfirm });
  const entryId = params.id as string;
  await entryOfParentLink(api, entryId, token);
  const [signedAt, signedBy] = part === 'notice' ? ['parentNoticeSignedAt', 'parentNoticeSignedBy'] : ['parentCompletionSignedAt', 'parentCompletionSignedBy'];
  try {
    return await decideTogether(api, [entryGuard(entryId)], async () => {
      const row = await entryOfParentLink(api, entryId, token);
      if (row[signedAt as 'parentNoticeSignedAt']) throw new CommandError('not-allowed', HOURS_ACTIVITY_MESSAGES.parentAlreadySigned);
      return {
        writes: [{ action: 'update', tableId: TABLES.serviceHours, rowId: entryId, data: { [signedAt]: new Date().toISOString(), [signedBy]: name } }],
        answer: { id: entryId, part, message: HOURS_ACTIVITY_MESSAGES.parentThanks } satisfies ParentSignOffAnswer,
      };
    });
  } catch (thrown) {
    if (hasStatus(thrown, 404)) throw new CommandError('not-found', HOURS_ACTIVITY_MESSAGES.parentLinkInvalid);
    throw thrown;
  }
};

/** The entry if `token` is its live parent link; a wrong token, an unknown or withdrawn entry and an expired link answer alike. */
async function entryOfParentLink(api: ServerApi, entryId: string, token: string | undefined): Promise<ServiceHoursRow> {
  if (!token) throw invalidInput({ token: HOURS_ACTIVITY_MESSAGES.parentLinkInvalid });
  const [link, row] = await Promise.all([
    orUndefined(api.tables.getRow<ParentLinkRow>({ databaseId: DATABASE_ID, tableId: TABLES.hoursParentLinks, rowId: entryId })),
    anyEntry(api, entryId),
  ]);
  const given = Buffer.from(hashOf(token), 'hex');
  const kept = link ? Buffer.from(link.tokenHash, 'hex') : Buffer.alloc(0);
  const matches = kept.length === given.length && timingSafeEqual(kept, given);
  if (!link || !row || !matches || Date.parse(link.expiresAt) <= Date.now()) throw new CommandError('not-found', HOURS_ACTIVITY_MESSAGES.parentLinkInvalid);
  return row;
}
