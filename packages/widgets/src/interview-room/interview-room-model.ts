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

/** The previous session's recordings, when there were any. @public */
export interface SessionDownloads {
  /** Camera with sound, when the camera was available. */
  video: SessionFile | null;
  /** Sound alone. */
  audio: SessionFile | null;
}

/** The interview room's state, as signals. */
export interface InterviewRoomModel {
  phase: Signal<InterviewPhase>;
  /** Who runs interviews and who analyses them in this deployment (null until known). */
  providers: Signal<AiProviders | null>;
  mode: Signal<'voice' | 'text' | null>;
  connection: Signal<ConnectionStatus>;
  agentMode: Signal<AgentMode>;
  /** The camera (and microphone) while a voice session runs, for the preview. */
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
    downloads: signal<SessionDownloads>({ video: null, audio: null }),
    analysis: signal<InterviewAnalysis | null>(null),
    error: signal<string | null>(null),
  };
}
