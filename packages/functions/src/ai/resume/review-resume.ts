import { BUCKETS, hasPdfSignature, MESSAGES, resumeFileProblem, UPLOADS_BUCKET, type ResumeReview } from '@opportunity-kit/sdk/domain';
import type { Models } from 'node-appwrite';
import { requireMember, type Member } from '../../platform/caller.ts';
import { invalidInput, notFound } from '../../platform/command-error.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { deleteFileIfPresent, ownedFile } from '../../portal/owned-files.ts';
import { readablePosting } from '../../portal/postings.ts';
import { geminiOf, type AiCommand, type AiDeps } from '../ai-deps.ts';
import { pdfText } from '../local/pdf-text.ts';
import { reviewResume } from '../local/resume-review.ts';
import { toPosting } from '../posting.ts';
import { resumeReviewPrompt } from '../prompts.ts';
import { reserveCall, withReservation } from '../usage/daily-caps.ts';

export const FILE_NOT_FOUND = 'The file was not found. Please upload it again.';

/**
 * POST /resume-review {jobId, fileId | resumeFileId}: the caller's own PDF upload (in `uploads`), or a
 * resume they already sent with an application (in `resumes`, their own file), reviewed against a
 * posting the caller can read — by Gemini (the PDF as inline data) or by the local reviewer (its text).
 * "Please select a file" and "Please upload only PDF files" are enforced here as in the browser. The
 * upload has served its purpose once the review is answered or refused: it is deleted either way; a
 * resume on file is only read.
 */
export const reviewResumeRoute: AiCommand = async ({ caller, body, api }, deps) => {
  const member = requireMember(caller);
  const jobId = body.text('jobId')?.trim() ?? '';
  const resumeFileId = body.text('resumeFileId')?.trim() ?? '';
  const fileId = resumeFileId === '' ? (body.text('fileId')?.trim() ?? '') : '';
  body.done();
  if (resumeFileId !== '') {
    // A resume on file stays: it belongs to the applications it was sent with.
    const onFile = await ownedFile(api.storage, BUCKETS.resumes, resumeFileId, member.id);
    return review({ member, api, jobId, fileId: resumeFileId, file: onFile, bucketId: BUCKETS.resumes }, deps);
  }
  const file = await ownedFile(api.storage, UPLOADS_BUCKET, fileId, member.id);
  try {
    return await review({ member, api, jobId, fileId, file, bucketId: UPLOADS_BUCKET }, deps);
  } finally {
    if (file) await deleteFileIfPresent(api.storage, UPLOADS_BUCKET, file.$id);
  }
};

interface ReviewRequest {
  member: Member;
  api: ServerApi;
  jobId: string;
  fileId: string;
  file: Models.File | undefined;
  /** `uploads` for a new upload, `resumes` for a resume the member sent with an application. */
  bucketId: typeof UPLOADS_BUCKET | typeof BUCKETS.resumes;
}

async function review({ member, api, jobId, fileId, file, bucketId }: ReviewRequest, deps: AiDeps): Promise<ResumeReview> {
  if (fileId === '') throw invalidInput({ fileId: MESSAGES.selectFile });
  if (jobId === '') throw invalidInput({ jobId: 'Please choose an opportunity to review against' });
  const posting = toPosting(await readablePosting(api, member, jobId));
  if (!file) throw notFound(FILE_NOT_FOUND);
  // The spec's rule on the name (and the upload limit); the bytes are checked once they are read.
  const problem = resumeFileProblem({ name: file.name, size: file.sizeOriginal }, 'review');
  if (problem) throw invalidInput({ fileId: problem });
  if (file.sizeOriginal > deps.settings.maxPdfBytes)
    throw invalidInput({ fileId: `Please upload a PDF of at most ${Math.floor(deps.settings.maxPdfBytes / 1_000_000)} MB` });

  const gemini = geminiOf(deps);
  const reservation = await reserveCall(api.tables, member.id, 'resume-review', deps.settings.caps['resume-review'], deps.now());
  return withReservation(reservation, async () => {
    const bytes = new Uint8Array(await api.storage.getFileDownload({ bucketId, fileId: file.$id }));
    if (!hasPdfSignature(bytes)) throw invalidInput({ fileId: MESSAGES.onlyPdf });
    if (gemini) {
      const prompt = resumeReviewPrompt(posting);
      const review = await gemini.generate({
        system: prompt.system,
        contents: [
          { role: 'user', parts: [{ text: prompt.text }, { inlineData: { mimeType: 'application/pdf', data: Buffer.from(bytes).toString('base64') } }] },
        ],
      });
      return { provider: 'gemini', jobId: posting.id, fileId: file.$id, review } satisfies ResumeReview;
    }
    const { review, details } = reviewResume((await pdfText(bytes)).text, posting);
    return { provider: 'local', jobId: posting.id, fileId: file.$id, review, details } satisfies ResumeReview;
  });
}
