import { MESSAGES } from '../domain/messages.ts';
import { hasPdfSignature, resumeFileProblem } from '../domain/validation.ts';
import type {
  AiProviders,
  CoachCleared,
  CoachHistory,
  CoachMessage,
  CoachQuestionBody,
  CoachReply,
  InterviewAnalysis,
  InterviewAnalysisBody,
  InterviewAnswerBody,
  InterviewAnswerResult,
  InterviewSession,
  ResumeOnFile,
  ResumeReview,
  ResumeReviewBody,
  StartInterviewBody,
} from '../domain/wire/ai-payloads.ts';
import type { CommandMethod } from './commands.ts';
import { segment, type PortalContext, type ProgressHandler } from './context.ts';
import { runInterviewAnalysis, type InterviewAnalysisStage } from './ai-analysis.ts';
import { invalidInput, PortalError } from './errors.ts';

export type { InterviewAnalysisStage } from './ai-analysis.ts';
export type {
  AiProvider,
  AiProviders,
  ResumeReviewDetails,
  ResumeReview,
  ResumeOnFile,
  InterviewAgentOverrides,
  VoiceInterviewSession,
  TextInterviewSession,
  InterviewSession,
  InterviewAnswerResult,
  InterviewAnalysis,
  CoachMessage,
  CoachReply,
} from '../domain/wire/ai-payloads.ts';

/**
 * Typed calls to the `ai` function (packages/functions/src/ai/README.md): resume review, interview
 * practice and its analysis, and the career coach. No provider key ever reaches the browser; each
 * answer names the provider that answered, so the UI can say so.
 */

/** What a voice interview's analysis is made from; a typed interview needs neither. @public */
export interface InterviewAnalysisInput {
  /** The session's camera or microphone recording (webm, mp4, mp3 or wav), uploaded first. */
  recording?: File | null | undefined;
  /** The ElevenLabs conversation, when the session did not name one at its start. */
  conversationId?: string | null | undefined;
}

/** How to follow an interview's analysis. @public */
export interface InterviewAnalysisOptions {
  /** Called while the recording uploads. */
  onProgress?: ProgressHandler | undefined;
  /** Called while the analysis waits for its turn (`queued`) and runs (`analysing`). */
  onStage?: ((stage: InterviewAnalysisStage) => void) | undefined;
}

/**
 * The AI features, for signed-in members. Besides the usual codes, calls reject with `ai-blocked`
 * (the model refused; the message is the spec's "Response was blocked…" or "Candidate was blocked due
 * to …"), `ai-unavailable` and `rate-limited` (today's allowance is used up).
 * @public
 */
export interface AiModule {
  /** Which provider answers each feature. */
  providers(): Promise<AiProviders>;
  /**
   * Uploads the PDF (reporting progress), reviews it against the posting, and deletes the upload
   * again. No file is "Please select a file"; another type is "Please upload only PDF files". With
   * `resumeFileId` (one of {@link AiModule.resumesOnFile}) it reviews that resume, uploading nothing.
   */
  reviewResume(
    input: { jobId: string; resume: File | null | undefined } | { jobId: string; resumeFileId: string },
    options?: { onProgress?: ProgressHandler | undefined },
  ): Promise<ResumeReview>;
  /** The resumes the member already sent with their applications, newest first, to review without a new upload. */
  resumesOnFile(): Promise<ResumeOnFile[]>;
  /** Starts a practice interview for a posting: voice when ElevenLabs is configured, typed otherwise. */
  startInterview(jobId: string): Promise<InterviewSession>;
  /** Answers the next question of a typed interview. */
  answerInterview(sessionId: string, answer: string): Promise<InterviewAnswerResult>;
  /**
   * Analyses a finished interview: uploads its recording first (reporting progress), then runs the
   * analysis as an asynchronous execution, which may outlast Appwrite's 30 s limit on synchronous
   * ones, and follows it to its end (`onStage` says whether it waits for its turn or is being analysed).
   */
  analyzeInterview(sessionId: string, input?: InterviewAnalysisInput, options?: InterviewAnalysisOptions): Promise<InterviewAnalysis>;
  /** Sends a message to the career coach. */
  askCoach(message: string): Promise<CoachReply>;
  /** The coach conversation so far, oldest first (the latest 50 messages). */
  coachHistory(): Promise<CoachMessage[]>;
  /** Forgets the coach conversation; answers how many messages were deleted. */
  clearCoach(): Promise<number>;
}

export function createAi(context: PortalContext): AiModule {
  /** Every AI route is for members only; a guest is told so before anything is sent. */
  async function call<T>(method: CommandMethod, path: string, body?: unknown): Promise<T> {
    await context.member();
    return context.aiCall<T>(method, path, body);
  }

  return {
    providers: () => call<AiProviders>('GET', '/providers'),

    async reviewResume(input, options = {}) {
      await context.member();
      if ('resumeFileId' in input) {
        try {
          return await call<ResumeReview>('POST', '/resume-review', { jobId: input.jobId, resumeFileId: input.resumeFileId } satisfies ResumeReviewBody);
        } catch (thrown) {
          throw asResumeField(thrown);
        }
      }
      const problem = resumeFileProblem(input.resume, 'review');
      if (problem) throw invalidInput({ resume: problem });
      const file = input.resume as File;
      if (!hasPdfSignature(new Uint8Array(await file.slice(0, 5).arrayBuffer()))) throw invalidInput({ resume: MESSAGES.onlyPdf });
      // The function deletes the upload once it has answered: the review is what the member asked for.
      const uploaded = await context.upload(file, options.onProgress);
      try {
        return await call<ResumeReview>('POST', '/resume-review', { jobId: input.jobId, fileId: uploaded.$id } satisfies ResumeReviewBody);
      } catch (thrown) {
        throw asResumeField(thrown);
      }
    },

    resumesOnFile: () => call<ResumeOnFile[]>('GET', '/resumes'),

    startInterview: (jobId) => call<InterviewSession>('POST', '/interviews', { jobId } satisfies StartInterviewBody),

    async answerInterview(sessionId, answer) {
      const text = answer.trim();
      if (!text) throw invalidInput({ answer: 'Please type an answer' });
      return call<InterviewAnswerResult>('POST', `/interviews/${segment(sessionId)}/answers`, { answer: text } satisfies InterviewAnswerBody);
    },

    async analyzeInterview(sessionId, input = {}, options = {}) {
      await context.member();
      const body: InterviewAnalysisBody = {};
      if (input.conversationId) body.conversationId = input.conversationId;
      // The function deletes the recording once it has analysed it (or refused to).
      const recording = input.recording ? await context.upload(input.recording, options.onProgress) : undefined;
      if (recording) body.recordingFileId = recording.$id;
      return runInterviewAnalysis(context, { sessionId, body, onStage: options.onStage });
    },

    async askCoach(message) {
      const text = message.trim();
      if (!text) throw invalidInput({ message: 'Please type a question' });
      return call<CoachReply>('POST', '/coach', { message: text } satisfies CoachQuestionBody);
    },

    async coachHistory() {
      return (await call<CoachHistory>('GET', '/coach')).messages;
    },

    async clearCoach() {
      return (await call<CoachCleared>('DELETE', '/coach')).deleted;
    },
  };
}

/** The function names the uploaded file `fileId`; to the caller it is the `resume` they passed. */
function asResumeField(thrown: unknown): unknown {
  if (!(thrown instanceof PortalError) || thrown.fields.fileId === undefined) return thrown;
  const { fileId, ...fields } = thrown.fields;
  return new PortalError(thrown.code, thrown.message, { fields: { ...fields, resume: fileId }, status: thrown.status, cause: thrown });
}
