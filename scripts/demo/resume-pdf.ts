/**
 * A one-page resume as a real PDF 1.4 file (Helvetica text, a correct cross-reference table), so a
 * demo application carries a resume that any PDF viewer opens and the AI review can read.
 */

export interface ResumeContent {
  name: string;
  email: string;
  headline: string;
  sections: ReadonlyArray<{ title: string; lines: readonly string[] }>;
}

export function resumePdf(resume: ResumeContent): Buffer {
  const text: string[] = [];
  let y = 760;
  const line = (content: string, font: 'F1' | 'F2', size: number, gap: number) => {
    text.push(`BT /${font} ${size} Tf 56 ${y} Td (${escape(content)}) Tj ET`);
    y -= gap;
  };
  line(resume.name, 'F2', 22, 22);
  line(`${resume.email}  |  ${resume.headline}`, 'F1', 10, 28);
  for (const section of resume.sections) {
    line(section.title.toUpperCase(), 'F2', 12, 16);
    for (const entry of section.lines) line(entry, 'F1', 10, 14);
    y -= 10;
  }
  const stream = text.join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    `<< /Title (${escape(`${resume.name} - Resume`)}) /Producer (Opportunity Kit demo) >>`,
  ];
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** PDF string literals escape backslashes and parentheses; anything outside Latin-1 becomes `?`. */
function escape(value: string): string {
  return value.replace(/[\\()]/g, (character) => `\\${character}`).replace(/[^\x20-\xff]/g, '?');
}
