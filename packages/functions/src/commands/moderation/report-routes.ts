import {
  checkModerationReason,
  MODERATION_REASON_MISSING,
  DATABASE_ID,
  MODERATION_DECISIONS,
  REPORT_KINDS,
  REPORT_REASON_MAX,
  REPORT_STATUSES,
  REPORTS_PER_DAY,
  TABLES,
  type QueuedReport,
  type Report,
  type ReportKind,
  type ReportStatus,
} from '@opportunity-kit/sdk/domain';
import { ID, Permission, Query, Role, type Models } from 'node-appwrite';
import { hasStatus, orUndefined } from '../../platform/appwrite-errors.ts';
import { requireMember, type Member } from '../../platform/caller.ts';
import { CommandError, invalidInput, notAllowed, notFound } from '../../platform/command-error.ts';
import type { Command } from '../../platform/router.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { canRead, feedModerators, readRoles, reportPermissions } from '../../portal/permissions.ts';
import { allRows, derivedRowId } from '../../portal/alert-rows.ts';
import { countOneBack, countOneUpTo, type CountedRow } from '../../portal/bounded-counter.ts';
import { findTarget, hideTarget, KIND_NAME } from './moderation-targets.ts';

type ReportRow = Models.Row & { reporterId: string; kind: ReportKind; targetId: string; reason: string; status: ReportStatus };

const ALREADY_HIDDEN = 'A teacher has already hidden this, so there is nothing to report.';
const TOO_MANY_REPORTS = `You can send at most ${REPORTS_PER_DAY} reports a day. A teacher will look at the ones you sent; please try again tomorrow.`;

function toReport(row: ReportRow): Report {
  return {
    id: row.$id,
    reporterId: row.reporterId,
    kind: row.kind,
    targetId: row.targetId,
    reason: row.reason,
    status: REPORT_STATUSES.find((status) => status === row.status) ?? 'open',
    createdAt: row.$createdAt,
  };
}

function requireTeacher(member: Member, action: string): Member {
  if (member.role !== 'teacher') throw notAllowed(`Only teachers can ${action}.`);
  return member;
}

async function reportBy(api: ServerApi, reporterId: string, kind: ReportKind, targetId: string): Promise<ReportRow | undefined> {
  const { rows } = await api.tables.listRows<ReportRow>({
    databaseId: DATABASE_ID,
    tableId: TABLES.reports,
    queries: [Query.equal('reporterId', reporterId), Query.equal('kind', kind), Query.equal('targetId', targetId), Query.limit(1)],
  });
  return rows[0];
}

/** The member's reports of today (UTC), one row per member and day. */
function reportsToday(reporterId: string, now: Date): CountedRow {
  const day = now.toISOString().slice(0, 10);
  return { tableId: TABLES.reportCounts, rowId: derivedRowId('reports', reporterId, day), column: 'count', columns: { reporterId, day } };
}

/**
 * POST /reports `{ kind, id, reason }` — a verified member reports something they can read and did
 * not write (reporting one's own content would only fill the teachers' queue; deleting it is theirs
 * to do). Reporting the same thing again answers the first report: one report per member and target.
 * Something the member cannot read is "no longer exists", whether it never existed or a teacher hid
 * it, so an id tells nothing about hidden content. A member sends at most `REPORTS_PER_DAY` reports a
 * day, with a reason of at most `REPORT_REASON_MAX` characters, so nobody floods the teachers' queue.
 */
export const createReport: Command = async ({ caller, body, api }) => {
  const member = requireMember(caller);
  const kind = REPORT_KINDS.find((candidate) => candidate === body.text('kind'));
  const targetId = body.text('id') ?? '';
  const reason = body.text('reason');
  body.done();
  if (!member.role) throw notAllowed('Please verify your e-mail address before reporting.');
  if (!kind) throw invalidInput({ kind: 'Please say whether you report an opportunity, a post or a comment.' });
  const checked = checkModerationReason(reason, MODERATION_REASON_MISSING.report, REPORT_REASON_MAX);
  if (!checked.ok) throw invalidInput({ reason: checked.message });
  const target = await findTarget(api, kind, targetId);
  if (!target || !canRead(target.permissions, member.roles)) throw notFound(`This ${KIND_NAME[kind]} no longer exists.`);
  // Only its author and teachers still read hidden content: they know it is hidden.
  if (target.hiddenReason) throw invalidInput({ id: ALREADY_HIDDEN });
  if (target.authorId === member.id) throw notAllowed(`You cannot report your own ${KIND_NAME[kind]}.`);
  const earlier = await reportBy(api, member.id, kind, target.id);
  if (earlier) return toReport(earlier);
  const counted = reportsToday(member.id, new Date());
  if (!(await countOneUpTo(api.tables, counted, REPORTS_PER_DAY))) throw new CommandError('rate-limited', TOO_MANY_REPORTS);
  try {
    const row = await api.tables.createRow<ReportRow>({
      databaseId: DATABASE_ID,
      tableId: TABLES.reports,
      rowId: ID.unique(),
      data: { reporterId: member.id, kind, targetId: target.id, reason: checked.reason, status: 'open' },
      permissions: reportPermissions(member.id, target.kind === 'job' ? undefined : feedModerators(target.schoolId)),
    });
    return toReport(row);
  } catch (thrown) {
    // Not reported after all (or the same member's simultaneous report won the unique index, and that one is the report).
    await countOneBack(api.tables, counted);
    const winner = hasStatus(thrown, 409) ? await reportBy(api, member.id, kind, target.id) : undefined;
    if (winner) return toReport(winner);
    throw thrown;
  }
};

/** The open reports the member moderates: those their roles read. */
export async function openReportsFor(api: ServerApi, member: Member): Promise<ReportRow[]> {
  const open = await allRows<ReportRow>(api, TABLES.reports, [Query.equal('status', 'open')]);
  return open.filter((row) => canRead(row.$permissions, member.roles));
}

/** How a teacher knows the reporter: their name, else their e-mail; empty when the account is gone. */
async function reporterNameOf(api: ServerApi, reporterId: string): Promise<string> {
  const reporter = await orUndefined(api.users.get({ userId: reporterId }));
  return reporter ? reporter.name || reporter.email : '';
}

/**
 * GET /reports — teachers: the open reports they moderate, oldest first, each with the text of what
 * it reports. A report is read by those who moderate its target (a post's or comment's school staff,
 * issue 23), so a teacher sees only the reports their session could read.
 */
export const reportQueue: Command = async ({ caller, api }) => {
  const teacher = requireTeacher(requireMember(caller), 'see the moderation queue');
  const rows = await openReportsFor(api, teacher);
  rows.sort((a, b) => a.$createdAt.localeCompare(b.$createdAt));
  const queue: QueuedReport[] = [];
  for (const row of rows) {
    const target = await findTarget(api, row.kind, row.targetId);
    queue.push({
      ...toReport(row),
      targetText: target?.text ?? '',
      targetAuthorId: target?.authorId ?? '',
      targetAuthorName: target?.authorName ?? '',
      targetCreatedAt: target?.createdAt ?? null,
      targetPath: target?.path ?? null,
      reporterName: await reporterNameOf(api, row.reporterId),
    });
  }
  return queue;
};

/**
 * POST /reports/{id}/decision `{ decision, reason? }` — a teacher hides what an open report names
 * (the reason is shown to its author) or dismisses the report. The decision closes every open report
 * of the same target and is kept in `moderation_audit`.
 */
export const decideReport: Command = async ({ caller, body, params, api }) => {
  const teacher = requireTeacher(requireMember(caller), 'decide on reports');
  const decision = MODERATION_DECISIONS.find((candidate) => candidate === body.text('decision'));
  const reasonText = body.text('reason');
  body.done();
  if (!decision) throw invalidInput({ decision: 'Please choose hide or dismiss.' });
  const checked = decision === 'hide' ? checkModerationReason(reasonText, MODERATION_REASON_MISSING.hide) : undefined;
  if (checked && !checked.ok) throw invalidInput({ reason: checked.message });
  const reason = checked?.ok ? checked.reason : (reasonText ?? '').trim() || null;
  const report = await orUndefined(api.tables.getRow<ReportRow>({ databaseId: DATABASE_ID, tableId: TABLES.reports, rowId: params.id as string }));
  // Another school's report is as good as absent: only the staff who moderate its target read it.
  if (!report || !canRead(report.$permissions, teacher.roles)) throw notFound('Report not found');
  if (report.status !== 'open') throw invalidInput({ decision: 'This report has already been decided.' });
  const target = await findTarget(api, report.kind, report.targetId);
  if (decision === 'hide') {
    if (!target) throw notFound(`This ${KIND_NAME[report.kind]} no longer exists.`);
    // Hidden already (a decision that failed half-way, since reporting hidden content is refused):
    // hiding again with its first reason finishes what hangs off it.
    await hideTarget(api, target, target.hiddenReason ?? reason ?? '');
  }
  const status: ReportStatus = decision === 'hide' ? 'hidden' : 'dismissed';
  const open = await allRows<ReportRow>(api, TABLES.reports, [
    Query.equal('kind', report.kind),
    Query.equal('targetId', report.targetId),
    Query.equal('status', 'open'),
  ]);
  await Promise.all(open.map((row) => api.tables.updateRow({ databaseId: DATABASE_ID, tableId: TABLES.reports, rowId: row.$id, data: { status } })));
  await api.tables.createRow({
    databaseId: DATABASE_ID,
    tableId: TABLES.moderationAudit,
    rowId: ID.unique(),
    data: {
      teacherId: teacher.id,
      teacherName: (teacher.name || teacher.email).slice(0, 128),
      action: decision,
      kind: report.kind,
      targetId: report.targetId,
      reportId: report.$id,
      reason,
      at: new Date().toISOString(),
    },
    // Read by those who moderate what was reported (the report's readers but its reporter): a school's
    // decisions stay with its staff (issue 23).
    permissions: readRoles(report.$permissions)
      .filter((role) => role !== Role.user(report.reporterId))
      .map((role) => Permission.read(role)),
  });
  return { ...toReport(report), status };
};
