import { getDocumentProxy } from 'unpdf';
import { invalidInput } from '../../platform/command-error.ts';

/** A resume longer than this is no resume; reading stops there. */
const MAX_PAGES = 10;
const MAX_CHARACTERS = 60_000;

export const UNREADABLE_PDF = 'This PDF could not be read. Please export your resume again as a PDF and upload it.';

/**
 * The text of a PDF (pdf.js through `unpdf`, which needs no canvas and no download), pages joined by
 * newlines. A file pdf.js cannot open (damaged, encrypted) is refused as invalid input; a PDF that has
 * only images answers an empty text, which the review explains.
 */
export async function pdfText(bytes: Uint8Array): Promise<{ text: string; pages: number }> {
  let document: Awaited<ReturnType<typeof getDocumentProxy>>;
  try {
    // pdf.js takes ownership of (and detaches) the buffer it is given: hand it a copy.
    document = await getDocumentProxy(new Uint8Array(bytes), { isEvalSupported: false, stopAtErrors: false, verbosity: 0 });
  } catch {
    throw invalidInput({ fileId: UNREADABLE_PDF });
  }
  try {
    const pages = document.numPages;
    const texts: string[] = [];
    let length = 0;
    for (let number = 1; number <= Math.min(pages, MAX_PAGES) && length < MAX_CHARACTERS; number++) {
      const page = await document.getPage(number);
      const content = await page.getTextContent();
      const lines: string[] = [];
      let line = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        line += item.str;
        if (item.hasEOL) {
          lines.push(line);
          line = '';
        }
      }
      if (line) lines.push(line);
      const text = lines.join('\n');
      texts.push(text);
      length += text.length;
    }
    return { text: texts.join('\n').slice(0, MAX_CHARACTERS), pages };
  } catch {
    throw invalidInput({ fileId: UNREADABLE_PDF });
  } finally {
    await document.destroy();
  }
}
