import { HOURS_MESSAGES, spreadsheetCsv, type HoursFile, type StudentHoursTotal } from '@opportunity-kit/sdk/domain';
import { requireMember } from '../../platform/caller.ts';
import type { Command } from '../../platform/router.ts';
import { entriesOfStaffSchools, totals, type ServiceHoursRow } from './hours-rows.ts';
import { requireTeacher } from './review-hours.ts';

/** GET /hours/export.csv — teachers: their schools' students' approved and pending totals, one line per student, by name. */
export const exportHoursCsv: Command = async ({ caller, api }) => {
  const teacher = requireTeacher(requireMember(caller), HOURS_MESSAGES.onlyTeachersExport);
  const rows = await entriesOfStaffSchools(api, teacher);
  const byStudent = new Map<string, ServiceHoursRow[]>();
  for (const row of rows) byStudent.set(row.studentId, [...(byStudent.get(row.studentId) ?? []), row]);
  const lines: StudentHoursTotal[] = [...byStudent.values()].map((entries) => {
    const first = entries[0] as ServiceHoursRow;
    return { studentId: first.studentId, studentName: first.studentName ?? '', studentEmail: first.studentEmail, ...totals(entries) };
  });
  lines.sort((a, b) => a.studentName.localeCompare(b.studentName) || a.studentEmail.localeCompare(b.studentEmail));
  // The teacher opens it in a spreadsheet, where a student's name must never run as a formula.
  const csv = spreadsheetCsv([
    ['Student', 'Email', 'Approved hours', 'Pending hours'],
    ...lines.map((line) => [line.studentName, line.studentEmail, String(line.approvedHours), String(line.pendingHours)]),
  ]);
  return {
    fileName: 'community-involvement-hours.csv',
    contentType: 'text/csv',
    base64: Buffer.from(csv, 'utf8').toString('base64'),
  } satisfies HoursFile;
};
