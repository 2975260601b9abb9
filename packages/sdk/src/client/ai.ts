import { MESSAGES } from '../domain/messages.ts';
import { hasPdfSignature, resumeFileProblem } from '../domain/validation.ts';
import type { CommandMethod } from './commands.ts';
import { segment, type PortalContext, type ProgressHandler } from './context.ts';
import { runInterviewAnalysis, type InterviewAnalysis, type InterviewAnalysisStage } from './ai-analysis.ts';
import { invalidInput, PortalError } from './errors.ts';

export type { InterviewAnalysis, InterviewAnalysisStage } from './ai-analysis.ts';

/**
 * Typed calls to the `ai` function (packages/functions/src/ai/README.md): resume review, interview
 * practice and its analysis, and the career coach. No provider key ever reaches the browser; each
 * answer names the provider that answered, so the UI can say so.
 */

/** Who answered: Google Gemini, ElevenLabs (voice interviews), or the built-in local provider. @public */
export type AiProvider = 'gemini' | 'elevenlabs' | 'local';

/** Which provider answers each feature in this deployment. @public */
export interface AiProviders {
  /** Who reviews resumes. */
  resumeReview: 'gemini' | 'local';
  /** Who runs practice interviews: ElevenLabs voice, or typed questions. */
  interview: 'elevenlabs' | 'local';
  /** Who analyses finished interviews. */
  interviewAnalysis: 'gemini' | 'local';
  /** Who answers the career coach. */
  coach: 'gemini' | 'local';
}

/** What the local provider measured in a resume (absent for Gemini reviews). @public */
export interface ResumeReviewDetails {
  /** Resume sections found (for example Education, Experience, Skills). */
  sectionsFound: string[];
  /** Usual resume sections the resume lacks. */
  sectionsMissing: string[];
  /** 0 to 1: the share of the posting's keywords the resume mentions. */
  keywordCoverage: number;
  /** The posting's keywords the resume mentions. */
  matchedKeywords: string[];
  /** The posting's keywords the resume does not mention. */
  missingKeywords: string[];
}

/** A resume reviewed against a posting. `review` uses the AI markdown subset (bold, bullets, paragraphs). @public */
export interface ResumeReview {
  /** Who reviewed it. */
  provider: 'gemini' | 'local';
  /** The posting reviewed against. */
  jobId: string;
  /** The uploaded resume that was reviewed (deleted again afterwards). */
  fileId: string;
  /** The review, for people. */
  review: string;
  /** What the local provider measured; absent for Gemini. */
  details?: ResumeReviewDetails | undefined;
}

/**
 * The interviewer of one voice conversation: the agent's prompt and first message for this posting.
 * Pass them as `overrides: { agent: { prompt: { prompt }, firstMessage } }` when the conversation
 * starts; the shared agent itself is never changed, so sessions started at the same moment each keep
 * their own. @public
 */
export interface InterviewAgentOverrides {
  /** The agent's instructions for this conversation (the posting included). */
  prompt: string;
  /** What the agent says first. */
  firstMessage: string;
}

/** A voice interview: connect with `@elevenlabs/react`'s `startSession({ signedUrl, overrides })`. @public */
export interface VoiceInterviewSession {
  /** Who runs the interview. */
  provider: 'elevenlabs';
  /** Spoken with an ElevenLabs agent. */
  mode: 'voice';
  /** Pass to `analyzeInterview` when the session ends. */
  sessionId: string;
  /** The posting practised for. */
  jobId: string;
  /** The ElevenLabs agent chosen for this session. */
  agentId: string;
  /** For `startSession({ signedUrl, overrides })`; short-lived. */
  signedUrl: string;
  /** The ElevenLabs conversation, when it is known at the start. */
  conversationId: string | null;
  /** What the agent says first. */
  firstMessage: string;
  /** This session's interviewer, to pass as the conversation's overrides. */
  overrides: InterviewAgentOverrides;
}

/** A typed interview: questions drawn from the posting, answered one by one. @public */
export interface TextInterviewSession {
  /** Who runs the interview. */
  provider: 'local';
  /** Typed questions and answers. */
  mode: 'text';
  /** Pass to `answerInterview` and `analyzeInterview`. */
  sessionId: string;
  /** The posting practised for. */
  jobId: string;
  /** The greeting before the first question. */
  firstMessage: string;
  /** The questions, in order. */
  questions: string[];
}

/** A practice interview, voice or typed (see `mode`). @public */
export type InterviewSession = VoiceInterviewSession | TextInterviewSession;

/** After a typed answer: which question it answered and the next one, or null when all are answered. @public */
export interface InterviewAnswerResult {
  /** Who runs the interview. */
  provider: 'local';
  /** The interview answered. */
  sessionId: string;
  /** The question this answer answered (from 0). */
  answeredIndex: number;
  /** The question to show next, or null when all are answered. */
  nextQuestion: { index: number; text: string } | null;
}

/** One message of the coach conversation; `provider` is null on the member's own messages. @public */
export interface CoachMessage {
  /** The message id. */
  id: string;
  /** Who wrote it: the member or the coach. */
  role: 'user' | 'coach';
  /** The message, for people. */
  text: string;
  /** Who answered (null on the member's own messages). */
  provider: 'gemini' | 'local' | null;
  /** When it was written (ISO string). */
  createdAt: string;
}

/** The coach's answer, and the question and answer as stored. @public */
export interface CoachReply {
  /** Who answered. */
  provider: 'gemini' | 'local';
  /** The coach's answer, for people. */
  reply: string;
  /** The question and the answer as stored. */
  messages: CoachMessage[];
}

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
   * again. No file is "Please select a file"; another type is "Please upload only PDF files".
   */
  reviewResume(input: { jobId: string; resume: File | null | undefined }, options?: { onProgress?: ProgressHandler | undefined }): Promise<ResumeReview>;
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
      const problem = resumeFileProblem(input.resume, 'review');
      if (problem) throw invalidInput({ resume: problem });
      const file = input.resume as File;
      if (!hasPdfSignature(new Uint8Array(await file.slice(0, 5).arrayBuffer()))) throw invalidInput({ resume: MESSAGES.onlyPdf });
      const uploaded = await context.upload('resumes', file, options.onProgress);
      try {
        return await call<ResumeReview>('POST', '/resume-review', { jobId: input.jobId, fileId: uploaded.$id });
      } catch (thrown) {
        throw asResumeField(thrown);
      } finally {
        // The review is what the member asked for; the uploaded copy has served its purpose.
        await context.discard('resumes', uploaded.$id);
      }
    },

    startInterview: (jobId) => call<InterviewSession>('POST', '/interviews', { jobId }),

    async answerInterview(sessionId, answer) {
      const text = answer.trim();
      if (!text) throw invalidInput({ answer: 'Please type an answer' });
      return call<InterviewAnswerResult>('POST', `/interviews/${segment(sessionId)}/answers`, { answer: text });
    },

    async analyzeInterview(sessionId, input = {}, options = {}) {
      await context.member();
      const body: { recordingFileId?: string; conversationId?: string } = {};
      if (input.conversationId) body.conversationId = input.conversationId;
      const recording = input.recording ? await context.upload('interview-recordings', input.recording, options.onProgress) : undefined;
      if (recording) body.recordingFileId = recording.$id;
      try {
        return await runInterviewAnalysis(context, { sessionId, body, onStage: options.onStage });
      } catch (thrown) {
        if (recording) await context.discard('interview-recordings', recording.$id);
        throw thrown;
      }
    },

    async askCoach(message) {
      const text = message.trim();
      if (!text) throw invalidInput({ message: 'Please type a question' });
      return call<CoachReply>('POST', '/coach', { message: text });
    },

    async coachHistory() {
      return (await call<{ messages: CoachMessage[] }>('GET', '/coach')).messages;
    },

    async clearCoach() {
      return (await call<{ deleted: number }>('DELETE', '/coach')).deleted;
    },
  };
}

/** The function names the uploaded file `fileId`; to the caller it is the `resume` they passed. */
function asResumeField(thrown: unknown): unknown {
  if (!(thrown instanceof PortalError) || thrown.fields.fileId === undefined) return thrown;
  const { fileId, ...fields } = thrown.fields;
  return new PortalError(thrown.code, thrown.message, { fields: { ...fields, resume: fileId }, status: thrown.status, cause: thrown });
}
