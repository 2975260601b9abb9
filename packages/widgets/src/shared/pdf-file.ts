import { hasPdfSignature, MESSAGES, resumeFileProblem } from '@opportunity-kit/sdk/domain';

/** What a resume is picked for: an application (no file: "Please upload your resume") or an AI review ("Please select a file"). */
export type ResumePurpose = 'application' | 'review';

/** Not a spec text: the browser could not read the picked file (it was moved or changed on disk since). */
export const UNREADABLE_RESUME = 'The file could not be read. Please choose it again.';

/** The length of the `%PDF-` signature every PDF starts with. */
const PDF_SIGNATURE_BYTES = 5;

/** The outcome of {@link checkResume}, in two steps so that what is known at once is shown at once. */
export interface ResumeCheck {
  /** What the name, type and size already refuse ("Please upload only PDF files", over 10 MB, empty); undefined when they pass. */
  readonly immediate: string | undefined;
  /** Every rule, the content's signature included; resolves to `immediate` without reading when that refused already. */
  readonly complete: Promise<string | undefined>;
}

/**
 * The one check of a picked resume that the application form and the resume review share: the
 * domain's rules for its name, type and size, then its first bytes, since a text file renamed
 * `.pdf` passes every rule a name can tell. The SDK and the server refuse such a file too, but only
 * after a submit; checking when it is picked lets the form say so once, beside the picker.
 */
export function checkResume(file: File | null, purpose: ResumePurpose): ResumeCheck {
  const immediate = resumeFileProblem(file, purpose);
  if (immediate || !file) return { immediate, complete: Promise.resolve(immediate) };
  return { immediate, complete: contentProblem(file) };
}

async function contentProblem(file: Blob): Promise<string | undefined> {
  try {
    const start = new Uint8Array(await file.slice(0, PDF_SIGNATURE_BYTES).arrayBuffer());
    return hasPdfSignature(start) ? undefined : MESSAGES.onlyPdf;
  } catch {
    // A file that cannot be read now could not be uploaded either.
    return UNREADABLE_RESUME;
  }
}
