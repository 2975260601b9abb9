import { hoursCheckLines, hoursChecksOf, formatHours, fromQuarterHours, type HoursFile } from '@opportunity-kit/sdk/domain';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { requireMember } from '../../platform/caller.ts';
import type { Command } from '../../platform/router.ts';
import { hoursSettings } from './hours-settings.ts';
import { entriesOf, type ServiceHoursRow } from './hours-rows.ts';

/** A5-ish narrow pages read well on a phone and still print on letter paper. */
const PAGE = { width: 420, height: 595, margin: 36 } as const;
const SIZE = { title: 16, heading: 11, body: 9 } as const;

/**
 * GET /hours/record.pdf — the caller's record of community involvement: the school, the student, each
 * approved entry (the approved part of a partial one) with its supervisor and reviewer, and the total.
 * Answered base64-encoded in the JSON envelope, since a function's answer here is JSON.
 */
export const hoursRecordPdf: Command = async ({ caller, api }) => {
  const member = requireMember(caller);
  const { schoolName, requiredHours } = hoursSettings();
  const approved = (await entriesOf(api, member.id))
    .filter((row) => row.status === 'approved' || row.status === 'partial')
    .sort((a, b) => a.date.localeCompare(b.date));
  const bytes = await recordPdf({ schoolName, requiredHours, studentName: member.name || member.email, studentEmail: member.email, entries: approved });
  return { fileName: 'community-involvement-hours.pdf', contentType: 'application/pdf', base64: Buffer.from(bytes).toString('base64') } satisfies HoursFile;
};

interface RecordInput {
  schoolName: string;
  requiredHours: number;
  studentName: string;
  studentEmail: string;
  entries: readonly ServiceHoursRow[];
}

export async function recordPdf(input: RecordInput): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Community involvement hours: ${printable(input.studentName)}`);
  pdf.setProducer('Opportunity Kit');
  const regular = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const writer = new PageWriter(pdf, regular, bold);

  writer.line(input.schoolName, { font: 'bold', size: SIZE.title });
  writer.line('Community involvement hours record', { size: SIZE.heading });
  writer.gap();
  writer.line(`Student: ${input.studentName} (${input.studentEmail})`, { size: SIZE.heading });
  writer.line(`Printed: ${new Date().toISOString().slice(0, 10)}`);
  writer.gap();
  if (input.entries.length === 0) writer.line('No approved hours yet.');
  let totalQuarters = 0;
  for (const entry of input.entries) {
    const quarters = entry.approvedQuarterHours ?? 0;
    totalQuarters += quarters;
    writer.line(`${entry.date}  ${entry.organisation}  ${formatHours(fromQuarterHours(quarters))}`, { font: 'bold' });
    writer.line(entry.activity);
    writer.line(`Supervisor: ${entry.supervisorName} (${entry.supervisorEmail})`);
    // Every check and signature the teacher saw (issue 26).
    for (const check of hoursCheckLines(hoursChecksOf(entry))) writer.line(`${check.term}: ${check.value}`);
    writer.line(
      `Reviewed by: ${entry.reviewerName ?? ''}${entry.status === 'partial' ? ` (partially approved, ${formatHours(fromQuarterHours(entry.quarterHours))} logged)` : ''}`,
    );
    writer.gap();
  }
  writer.line(`Total approved: ${formatHours(fromQuarterHours(totalQuarters))} of ${formatHours(input.requiredHours)} required`, {
    font: 'bold',
    size: SIZE.heading,
  });
  return pdf.save();
}

/** Writes wrapped lines top to bottom, starting a new page when one is full. */
class PageWriter {
  private page: PDFPage;
  private y = PAGE.height - PAGE.margin;

  constructor(
    private readonly pdf: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
  ) {
    this.page = pdf.addPage([PAGE.width, PAGE.height]);
  }

  line(text: string, options: { font?: 'bold'; size?: number } = {}): void {
    const font = options.font === 'bold' ? this.bold : this.regular;
    const size = options.size ?? SIZE.body;
    for (const part of wrap(printable(text), font, size, PAGE.width - 2 * PAGE.margin)) {
      if (this.y - size < PAGE.margin) {
        this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
        this.y = PAGE.height - PAGE.margin;
      }
      this.y -= size * 1.35;
      this.page.drawText(part, { x: PAGE.margin, y: this.y, size, font, color: rgb(0.1, 0.1, 0.1) });
    }
  }

  gap(): void {
    this.y -= SIZE.body;
  }
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = current ? `${current} ${word}` : word;
    if (current && font.widthOfTextAtSize(candidate, size) > width) {
      lines.push(current);
      current = word;
    } else current = candidate;
  }
  return [...lines, current];
}

/**
 * The standard PDF fonts encode WinAnsi only: typographic quotes and dashes become their plain forms,
 * and any other character outside Latin-1 a question mark, rather than failing the whole record.
 */
function printable(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/[“”]/g, '"')
    .replace(/[–—]/g, '-')
    .replace(/[^\x20-\x7e\xa0-\xff]/g, '?');
}
