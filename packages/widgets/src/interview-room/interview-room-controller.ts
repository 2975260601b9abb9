import { batch } from '@preact/signals-react';
import { PortalError, type AiModule, type InterviewAnalysis } from '@opportunity-kit/sdk';
import { MediaProblem, type InterviewMedia, type MediaCapture, type SessionRecording } from './interview-media.ts';
import type { InterviewRoomModel, SessionDownloads, SessionFile, TextInterview } from './interview-room-model.ts';
import type { VoiceCall, VoiceConnector, VoiceSessionStart } from './voice-connection.ts';
import { createLatestRequest, type RequestToken } from '../shared/latest-request.ts';

/** The part of the SDK's `ai` module the interview room uses. @public */
export type InterviewApi = Pick<AiModule, 'providers' | 'startInterview' | 'answerInterview' | 'analyzeInterview'>;

/** What the room's view can ask for. @public */
export interface InterviewActions {
  /** "Start Session": starts a practice interview; ignored while one is starting, live or being analysed. */
  startSession(): void;
  /** "End Session": ends the live session and has it analysed. */
  endSession(): void;
  /** The typed answer changed. */
  setAnswer(text: string): void;
  /** Sends the typed answer; after the last question the session ends. */
  submitAnswer(): void;
}

export interface InterviewRoomController extends InterviewActions {
  startSession(): Promise<void>;
  endSession(): Promise<void>;
  submitAnswer(): Promise<void>;
  /** Learns the providers; returns the function that ends any session and releases the camera. */
  start(): () => void;
}

/** Addresses for the download links of a session's recordings. */
export interface BlobUrls {
  create(blob: Blob): string;
  revoke(url: string): void;
}

export interface InterviewDependencies {
  jobId: string;
  media: InterviewMedia;
  voice: VoiceConnector;
  urls?: BlobUrls;
}

/** Said when a typed interview ends before any answer: the analysis needs at least one. */
export const NO_ANSWERS = 'Answer at least one question to get results.';

const browserUrls: BlobUrls = { create: (blob) => URL.createObjectURL(blob), revoke: (url) => URL.revokeObjectURL(url) };
const messageOf = (thrown: unknown): string => PortalError.from(thrown).message;
const extension = (blob: Blob) => (blob.type.includes('mp4') ? 'mp4' : 'webm');

export function createInterviewRoomController(ai: InterviewApi, model: InterviewRoomModel, deps: InterviewDependencies): InterviewRoomController {
  const urls = deps.urls ?? browserUrls;
  // The session in progress; a newer session (or unmounting) makes every older callback a no-op.
  let session: { id: string; call: VoiceCall | null; capture: MediaCapture | null } | null = null;
  const requests = createLatestRequest();
  let mounted = true;

  const patchText = (patch: Partial<TextInterview>) => {
    const text = model.text.value;
    if (text) model.text.value = { ...text, ...patch };
  };

  function keepDownloads(recording: SessionRecording): void {
    const file = (blob: Blob | null, name: string): SessionFile | null => (blob ? { url: urls.create(blob), fileName: `${name}.${extension(blob)}` } : null);
    const previous = model.downloads.value;
    for (const old of [previous.video, previous.audio]) if (old) urls.revoke(old.url);
    const downloads: SessionDownloads = { video: file(recording.video, 'interview-video'), audio: file(recording.audio, 'interview-audio') };
    model.downloads.value = downloads;
  }

  async function analyse(sessionId: string, mine: RequestToken, input: Parameters<InterviewApi['analyzeInterview']>[1]): Promise<void> {
    batch(() => {
      model.phase.value = input?.recording ? 'uploading' : 'analyzing';
      model.progress.value = 0;
      model.analysisStage.value = null;
    });
    try {
      const analysis: InterviewAnalysis = await ai.analyzeInterview(sessionId, input, {
        onProgress: ({ percent }) => {
          if (!mine.isCurrent()) return;
          batch(() => {
            model.progress.value = percent;
            if (percent >= 100) model.phase.value = 'analyzing';
          });
        },
        // The analysis runs in the background on the server; its stage is shown until it ends.
        onStage: (stage) => {
          if (!mine.isCurrent()) return;
          batch(() => {
            model.phase.value = 'analyzing';
            model.analysisStage.value = stage;
          });
        },
      });
      if (!mine.isCurrent()) return;
      batch(() => {
        model.analysis.value = analysis;
        model.analysisStage.value = null;
        model.phase.value = 'done';
      });
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      batch(() => {
        model.error.value = messageOf(thrown);
        model.analysisStage.value = null;
        model.phase.value = 'error';
      });
    }
  }

  async function endSession(): Promise<void> {
    const current = session;
    if (!current || model.phase.value !== 'live') return;
    const mine = requests.current();
    session = null;
    batch(() => {
      model.phase.value = 'ending';
      model.connection.value = 'disconnecting';
    });
    if (model.mode.value === 'text') {
      const answered = model.text.value?.answered ?? 0;
      batch(() => {
        model.connection.value = 'disconnected';
        model.text.value = null;
      });
      if (answered > 0) {
        await analyse(current.id, mine, {});
      } else {
        batch(() => {
          model.error.value = NO_ANSWERS;
          model.phase.value = 'error';
        });
      }
      return;
    }
    // The interviewer may already have hung up; ending twice is harmless, failing to end is not fatal.
    await current.call?.end().catch(() => undefined);
    const recording = (await current.capture?.stop()) ?? { video: null, audio: null };
    if (!mine.isCurrent()) return;
    batch(() => {
      model.connection.value = 'disconnected';
      model.agentMode.value = 'listening';
      model.stream.value = null;
      keepDownloads(recording);
    });
    const blob = recording.video ?? recording.audio;
    // Without a recording the function analyses the conversation's own audio (fetched 1.5 s later).
    const file = blob ? new File([blob], `interview-${current.id}.${extension(blob)}`, { type: blob.type }) : null;
    await analyse(current.id, mine, { recording: file, conversationId: current.call?.conversationId ?? null });
  }

  async function startVoice(sessionId: string, start: VoiceSessionStart, mine: RequestToken): Promise<void> {
    model.connection.value = 'connecting';
    let capture: MediaCapture;
    try {
      capture = await deps.media.start();
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      batch(() => {
        model.mediaProblem.value = thrown instanceof MediaProblem ? thrown.message : 'The camera and microphone could not be started.';
        model.connection.value = 'disconnected';
        model.phase.value = 'idle';
      });
      return;
    }
    if (!mine.isCurrent()) {
      await capture.stop();
      return;
    }
    batch(() => {
      model.mediaProblem.value = capture.problem;
      model.stream.value = capture.stream;
    });
    let call: VoiceCall;
    try {
      call = await deps.voice(start, {
        onStatus: (status) => {
          if (mine.isCurrent()) model.connection.value = status;
        },
        onMode: (mode) => {
          if (mine.isCurrent()) model.agentMode.value = mode;
        },
        onEnd: (problem) => {
          if (!mine.isCurrent()) return;
          model.connectionProblem.value = problem;
          void endSession();
        },
      });
    } catch (thrown) {
      await capture.stop();
      if (!mine.isCurrent()) return;
      batch(() => {
        model.stream.value = null;
        model.connection.value = 'disconnected';
        model.error.value = thrown instanceof Error && thrown.message ? thrown.message : messageOf(thrown);
        model.phase.value = 'error';
      });
      return;
    }
    if (!mine.isCurrent()) {
      await call.end().catch(() => undefined);
      await capture.stop();
      return;
    }
    session = { id: sessionId, call, capture };
    capture.record();
    batch(() => {
      model.connection.value = 'connected';
      model.phase.value = 'live';
    });
  }

  return {
    endSession,

    start() {
      mounted = true;
      ai.providers().then(
        (providers) => {
          if (mounted) model.providers.value = providers;
        },
        // Which provider will answer is a courtesy note; the session names its own provider.
        () => undefined,
      );
      return () => {
        mounted = false;
        requests.invalidate();
        const current = session;
        session = null;
        void current?.call?.end().catch(() => undefined);
        void current?.capture?.stop();
        const { video, audio } = model.downloads.value;
        for (const file of [video, audio]) if (file) urls.revoke(file.url);
      };
    },

    async startSession() {
      if (['starting', 'live', 'ending', 'uploading', 'analyzing'].includes(model.phase.value)) return;
      const mine = requests.begin();
      batch(() => {
        model.phase.value = 'starting';
        model.error.value = null;
        model.mediaProblem.value = null;
        model.connectionProblem.value = null;
        model.analysis.value = null;
        model.text.value = null;
        model.firstMessage.value = null;
      });
      try {
        const started = await ai.startInterview(deps.jobId);
        if (!mine.isCurrent()) return;
        batch(() => {
          model.mode.value = started.mode;
          model.firstMessage.value = started.firstMessage;
          model.agentMode.value = 'listening';
        });
        if (started.mode === 'voice') {
          await startVoice(started.sessionId, { signedUrl: started.signedUrl, overrides: started.overrides }, mine);
          return;
        }
        session = { id: started.sessionId, call: null, capture: null };
        batch(() => {
          model.text.value = { questions: started.questions, current: 0, answered: 0, draft: '', sending: false, answerError: null };
          model.connection.value = 'connected';
          model.phase.value = 'live';
        });
      } catch (thrown) {
        if (!mine.isCurrent()) return;
        batch(() => {
          model.error.value = messageOf(thrown);
          model.phase.value = 'error';
        });
      }
    },

    setAnswer(draft) {
      patchText({ draft, answerError: null });
    },

    async submitAnswer() {
      const text = model.text.value;
      const current = session;
      if (!text || !current || text.sending || model.phase.value !== 'live') return;
      patchText({ sending: true, answerError: null });
      try {
        const result = await ai.answerInterview(current.id, text.draft);
        if (session !== current) return;
        const next = result.nextQuestion;
        patchText({ sending: false, draft: '', answered: text.answered + 1, current: next ? next.index : text.current });
        if (!next) await endSession();
      } catch (thrown) {
        if (session === current) patchText({ sending: false, answerError: messageOf(thrown) });
      }
    },
  };
}
