import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { checkResume, UNREADABLE_RESUME } from './pdf-file.ts';

const pdf = new File(['%PDF-1.7\nresume'], 'resume.pdf', { type: 'application/pdf' });
const renamedText = new File(['Not a PDF, just text.\n'], 'resume.pdf', { type: 'application/pdf' });

describe('checkResume', () => {
  it('takes a PDF by its content', async () => {
    const check = checkResume(pdf, 'application');
    expect(check.immediate).toBeUndefined();
    expect(await check.complete).toBeUndefined();
  });

  it('refuses a text file renamed .pdf once its first bytes are read', async () => {
    const check = checkResume(renamedText, 'review');
    expect(check.immediate).toBeUndefined();
    expect(await check.complete).toBe(MESSAGES.onlyPdf);
  });

  it('refuses what the name, type or size tell at once, with the spec texts', async () => {
    expect(checkResume(new File(['%PDF-1.7'], 'resume.docx'), 'application').immediate).toBe(MESSAGES.onlyPdf);
    expect(checkResume(new File([], 'resume.pdf', { type: 'application/pdf' }), 'application').immediate).toBe('The file is empty');
    expect(checkResume(null, 'application').immediate).toBe(MESSAGES.uploadResume);
    expect(await checkResume(null, 'review').complete).toBe(MESSAGES.selectFile);
  });

  it('says so when the browser cannot read the file', async () => {
    const unreadable = new File(['%PDF-1.7'], 'resume.pdf', { type: 'application/pdf' });
    unreadable.slice = () => {
      throw new DOMException('The file changed on disk', 'NotReadableError');
    };
    expect(await checkResume(unreadable, 'application').complete).toBe(UNREADABLE_RESUME);
  });
});
