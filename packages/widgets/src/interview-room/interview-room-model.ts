import { signal, type Signal } from '@preact/signals-react';
import type { AiProviders, InterviewAnalysis, InterviewAnalysisStage } from '@opportunity-kit/sdk';

/**
 * Where the room stands: before a session, starting one, in it, ending it, uploading its
 * recording, waiting for the analysis, showing it, or stopped by a failure. @public
 */
export type InterviewPhase = 'idle' | 'starting' | 'live' | 'ending' | 'uploading' | 'analyzing' | 'done' | 'error';

/** The voice connection's states, as the page's Connection Status indicator names them. @public */
export type ConnectionStatus = 'connecting' | 'connected' | 'disconnecting' | 'disconnected';

/** Whether the interviewer is talking or listening. @public */
export type AgentMode = 'speaking' | 'listening';

/** A typed interview in progress: the questions, the one shown, and the answer being written. @public */
export interface TextInterview {
  /** The questions, in order. */
  questions: readonly string[];
  /** The index of the question shown. */
  current: number;
  /** How many questions have an answer. */
  answered: number;
  /** The answer as typed. */
  draft: string;
  /** The answer is on its way. */
  sending: boolean;
  /** Why the last answer was not taken. */
  answerError: string | null;
}

/** A file of the previous session the member can download. @public */
export interface SessionFile {
  /** A local address of the recording, for the download link. */
  url: string;
  /** The name the download is saved under. */
  fileName: string;
}

/** One download of the previous session: its file, or why there is none, in words for the member. @public */
export type SessionDownload = { readonly file: SessionFile; readonly unavailable: null } | { readonly file: null; readonly unavailable: string };

/** What the member can download of the previous session: its recordings and, of a typed interview, its transcript. @public */
export interface SessionDownloads {
  /** Camera with sound, when the camera was available. */
  video: SessionDownload;
  /** Sound alone. */
  audio: SessionDownload;
  /** The questions and the typed answers, as text. */
  transcript: SessionDownload;
}

/** Why nothing can be downloaded before the first session has ended. */
export const DOWNLOADS_AFTER_SESSION = 'Recordings and transcripts can be downloaded after a session ends.';

const notYet: SessionDownload = { file: null, unavailable: DOWNLOADS_AFTER_SESSION };

/** The interview room's signals: the controller writes them, and its `state` reads them. */
export interface InterviewRoomModel {
  phase: Signal<InterviewPhase>;
  /** Who runs interviews and who analyses them in this deployment (null until known). */
  providers: Signal<AiProviders | null>;
  mode: Signal<'voice' | 'text' | null>;
  connection: Signal<ConnectionStatus>;
  agentMode: Signal<AgentMode>;
  /** The camera (and microphone) while a session runs, for the preview. */
  stream: Signal<MediaStream | null>;
  /** Why the camera or microphone is not available, in words for the member. */
  mediaProblem: Signal<string | null>;
  /** Why the voice connection ended on its own, when it was not normal. */
  connectionProblem: Signal<string | null>;
  firstMessage: Signal<string | null>;
  text: Signal<TextInterview | null>;
  /** The recording's upload percent while uploading. */
  progress: Signal<number>;
  /** While analysing: waiting for its turn or being analysed (null until the server says). */
  analysisStage: Signal<InterviewAnalysisStage | null>;
  downloads: Signal<SessionDownloads>;
  analysis: Signal<InterviewAnalysis | null>;
  error: Signal<string | null>;
}

export function createInterviewRoomModel(): InterviewRoomModel {
  return {
    phase: signal<InterviewPhase>('idle'),
    providers: signal<AiProviders | null>(null),
    mode: signal<'voice' | 'text' | null>(null),
    connection: signal<ConnectionStatus>('disconnected'),
    agentMode: signal<AgentMode>('listening'),
    stream: signal<MediaStream | null>(null),
    mediaProblem: signal<string | null>(null),
    connectionProblem: signal<string | null>(null),
    firstMessage: signal<string | null>(null),
    text: signal<TextInterview | null>(null),
    progress: signal(0),
    analysisStage: signal<InterviewAnalysisStage | null>(null),
    downloads: signal<SessionDownloads>({ video: notYet, audio: notYet, transcript: notYet }),
    analysis: signal<InterviewAnalysis | null>(null),
    error: signal<string | null>(null),
  };
}

/** What the interview room shows: {@link useInterviewRoom}'s `state`, and {@link InterviewRoomView}'s. @public */
export interface InterviewRoomState {
  /** Where the room stands. */
  readonly phase: InterviewPhase;
  /** Who runs interviews and who analyses them in this deployment; null until known. */
  readonly providers: AiProviders | null;
  /** A voice conversation or typed questions, once a session started; null before. */
  readonly mode: 'voice' | 'text' | null;
  /** The connection's state, shown as "Connected", "Disconnected", … */
  readonly connection: ConnectionStatus;
  /** Whether the interviewer is speaking or listening. */
  readonly agentMode: AgentMode;
  /** The camera (and microphone) for the preview while a session runs; null otherwise. */
  readonly stream: MediaStream | null;
  /** Why the camera or microphone is not available, in words for the member; null when they are. */
  readonly mediaProblem: string | null;
  /** Why the voice connection ended on its own, when it was not normal; null otherwise. */
  readonly connectionProblem: string | null;
  /** What the interviewer said first, shown while the session is live; null before a session. */
  readonly firstMessage: string | null;
  /** The typed interview in progress; null when none is. */
  readonly text: TextInterview | null;
  /** The recording's upload percent while uploading. */
  readonly progress: number;
  /** While analysing: waiting for its turn on the server, or being analysed; null until the server says. */
  readonly analysisStage: InterviewAnalysisStage | null;
  /** The previous session's recordings and transcript to download, or why each is unavailable. */
  readonly downloads: SessionDownloads;
  /** The session's results, shown in the Results panel; null before any. */
  readonly analysis: InterviewAnalysis | null;
  /** Why the session failed (with phase `error`); null when it did not. */
  readonly error: string | null;
}

/** What a person can do in the interview room: {@link useInterviewRoom}'s `actions`. @public */
export interface InterviewRoomActions {
  /** "Start Session": starts a practice interview; ignored while one is starting, live or being analysed. */
  startSession(): void;
  /** "End Session": ends the live session and has it analysed. */
  endSession(): void;
  /** The typed answer changed. */
  setAnswer(text: string): void;
  /** Sends the typed answer; after the last question the session ends. */
  submitAnswer(): void;
}
