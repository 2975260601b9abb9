/**
 * What the `ai` function is sent and answers, route by route (packages/functions/src/ai/README.md),
 * and the `interview_sessions` row the browser reads an analysis from. The SDK types its calls with
 * these and the function its answers, so the two cannot drift apart.
 */

/** Who answered: Google Gemini, ElevenLabs (voice interviews), or the built-in local provider. @public */
export type AiProvider = 'gemini' | 'elevenlabs' | 'local';

/** Which provider answers each feature in this deployment (`GET /providers`). @public */
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

/**
 * The body of `POST /resume-review`: the posting to review against, and either the caller's new upload
 * (`fileId`, in `uploads`) or a resume of theirs already on file (`resumeFileId`, in `resumes`).
 */
export interface ResumeReviewBody {
  jobId: string;
  fileId?: string;
  resumeFileId?: string;
}

/** A resume the member already sent with an application, which they may have reviewed without uploading it again. @public */
export interface ResumeOnFile {
  /** The file in the `resumes` bucket. */
  fileId: string;
  /** Its name as uploaded. */
  fileName: string;
  /** The titles of the postings it was sent to, newest first. */
  sentWith: string[];
  /** When it was last sent (ISO string). */
  sentAt: string;
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

/** The body of `POST /interviews`. */
export interface StartInterviewBody {
  jobId: string;
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

/** The body of `POST /interviews/{sessionId}/answers`. */
export interface InterviewAnswerBody {
  answer: string;
}

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

/** The body of `POST /interviews/{sessionId}/analysis`: a voice session's recording or conversation; a typed one needs neither. */
export interface InterviewAnalysisBody {
  recordingFileId?: string;
  conversationId?: string;
}

/** The analysis of a practice interview, and what it was made from. @public */
export interface InterviewAnalysis {
  /** Who analysed it. */
  provider: 'gemini' | 'local';
  /** The interview analysed. */
  sessionId: string;
  /** What was analysed: the recording, the conversation audio, its transcript, or the typed answers. */
  source: 'recording' | 'conversation-audio' | 'transcript' | 'typed-answers';
  /** The analysis, for people. */
  analysis: string;
}

/** Where the latest analysis of a session stands: `running`, then `done` (with `analysis`) or `failed` (with `analysisError`). */
export type InterviewAnalysisStatus = 'running' | 'done' | 'failed';

/**
 * A row of `interview_sessions`: one practice interview, readable by its student only. The analysis
 * runs as an asynchronous execution, whose answer Appwrite does not keep, so the function leaves its
 * outcome on the row (`analysisStatus`, `analysisSource`, `analysisError`) for the browser to read.
 */
export type InterviewSessionColumns = {
  userId: string;
  jobId: string;
  jobTitle: string;
  provider: 'elevenlabs' | 'local';
  mode: 'voice' | 'text';
  agentId: string | null;
  conversationId: string | null;
  questions: string[];
  answers: string[];
  analysis: string | null;
  analysisProvider: InterviewAnalysis['provider'] | null;
  analysisStatus?: InterviewAnalysisStatus | null;
  analysisSource?: InterviewAnalysis['source'] | null;
  /** Why the latest analysis failed, for people (the refusal's message). */
  analysisError?: string | null;
};

/** The body of `POST /coach`. */
export interface CoachQuestionBody {
  message: string;
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

/** The coach's answer, and the question and answer as stored (`POST /coach`). @public */
export interface CoachReply {
  /** Who answered. */
  provider: 'gemini' | 'local';
  /** The coach's answer, for people. */
  reply: string;
  /** The question and the answer as stored. */
  messages: CoachMessage[];
}

/** The conversation so far, oldest first (`GET /coach`), and who answers the coach now. */
export interface CoachHistory {
  provider: 'gemini' | 'local';
  messages: CoachMessage[];
}

/** How many messages `DELETE /coach` forgot. */
export interface CoachCleared {
  deleted: number;
}
