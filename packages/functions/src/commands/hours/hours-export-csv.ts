import { HOURS_MESSAGES, TABLES, type HoursFile, type StudentHoursTotal } from '@opportunity-kit/sdk/domain';
import { requireMember } from '../../platform/caller.ts';
import type { Command } from '../../platform/router.ts';
import { allRows } from '../../portal/alert-rows.ts';
import { totals, type ServiceHoursRow } from './hours-rows.ts';
import { requireTeacher } from './review-hours.ts';

/** GET /hours/export.csv — teachers: every student's approved and pending totals, one line per student, by name. */
export const exportHoursCsv: Command = async ({ caller, api }) => {
  requireTeacher(requireMember(caller), HOURS_MESSAGES.onlyTeachersExport);
  const rows = await allRows<ServiceHoursRow>(api, TABLES.serviceHours, []);
  const byStudent = new Map<string, ServiceHoursRow[]>();
  for (const row of rows) byStudent.set(row.studentId, [...(byStudent.get(row.studentId) ?? []), row]);
  const lines: StudentHoursTotal[] = [...byStudent.values()].map((entries) => {
    const first = entries[0] as ServiceHoursRow;
    return { studentId: first.studentId, studentName: first.studentName ?? '', studentEmail: first.studentEmail, ...totals(entries) };
  });
  lines.sort((a, b) => a.studentName.localeCompare(b.studentName) || a.studentEmail.localeCompare(b.studentEmail));
  const csv = [
    ['Student', 'Email', 'Approved hours', 'Pending hours'],
    ...lines.map((line) => [line.studentName, line.studentEmail, String(line.approvedHours), String(line.pendingHours)]),
  ]
    .map((cells) => cells.map(csvCell).join(','))
    .join('\r\n');
  return {
    fileName: 'community-involvement-hours.csv',
    contentType: 'text/csv',
    base64: Buffer.from(`${csv}\r\n`, 'utf8').toString('base64'),
  } satisfies HoursFile;
};

/**
 * RFC 4180 quoting, and a leading `=`, `+`, `-` or `@` defused with an apostrophe: a student's name
 * must never run as a formula in the teacher's spreadsheet.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}
