import { batch, computed } from '@preact/signals-react';
import { PortalError, type AiModule, type InterviewAnalysis } from '@opportunity-kit/sdk';
import { createLatestRequest, type RequestToken } from '../shared/latest-request.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import { MediaProblem, type InterviewMedia, type MediaCapture } from './interview-media.ts';
import type { InterviewRoomActions, InterviewRoomModel, InterviewRoomState, SessionDownload, TextInterview } from './interview-room-model.ts';
import { sessionBlobs, type EndedSession, type SessionBlob } from './session-downloads.ts';
import type { VoiceCall, VoiceConnector, VoiceSessionStart } from './voice-connection.ts';

/** The part of the SDK's `ai` module the interview room uses. @public */
export type InterviewApi = Pick<AiModule, 'providers' | 'startInterview' | 'answerInterview' | 'analyzeInterview'>;

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
/** Said after why the camera and microphone could not be opened for a typed interview, which needs neither. */
export const TYPED_WITHOUT_RECORDING = 'You can still answer the typed questions; this session is not recorded.';

/** One practice session while it runs. */
interface Session {
  id: string;
  call: VoiceCall | null;
  /** The camera and microphone, once open (a typed interview opens them after its questions show). */
  capture: MediaCapture | null;
  /** The typed interview's questions and the answers the server took, in order; null for a voice one. */
  typed: { firstMessage: string | null; questions: readonly string[]; answers: string[] } | null;
}

const browserUrls: BlobUrls = { create: (blob) => URL.createObjectURL(blob), revoke: (url) => URL.revokeObjectURL(url) };
const messageOf = (thrown: unknown): string => PortalError.from(thrown).message;
const mediaProblemOf = (thrown: unknown): string => (thrown instanceof MediaProblem ? thrown.message : 'The camera and microphone could not be started.');
const extension = (blob: Blob) => (blob.type.includes('mp4') ? 'mp4' : 'webm');

/**
 * Learns the providers when started; runs one practice session at a time (voice or typed) and has it
 * analysed. Stopping ends the session in progress, releases the camera and drops every answer still
 * on its way.
 */
export function createInterviewRoomController(
  ai: InterviewApi,
  model: InterviewRoomModel,
  deps: InterviewDependencies,
): WidgetController<InterviewRoomState, InterviewRoomActions> {
  const urls = deps.urls ?? browserUrls;
  // The session in progress; a newer session (or stopping) makes every older callback a no-op.
  let session: Session | null = null;
  const requests = createLatestRequest();
  // Apart from `requests`, so a session started before the providers answer does not drop them.
  const courtesy = createLatestRequest();

  const patchText = (patch: Partial<TextInterview>) => {
    const text = model.text.value;
    if (text) model.text.value = { ...text, ...patch };
  };

  function revokeDownloads(): void {
    const { video, audio, transcript } = model.downloads.value;
    for (const download of [video, audio, transcript]) if (download.file) urls.revoke(download.file.url);
  }

  function keepDownloads(ended: EndedSession): void {
    const download = (made: SessionBlob): SessionDownload =>
      'blob' in made ? { file: { url: urls.create(made.blob), fileName: made.fileName }, unavailable: null } : { file: null, unavailable: made.unavailable };
    revokeDownloads();
    const { video, audio, transcript } = sessionBlobs(ended);
    model.downloads.value = { video: download(video), audio: download(audio), transcript: download(transcript) };
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
    // The interviewer may already have hung up; ending twice is harmless, failing to end is not fatal.
    await current.call?.end().catch(() => undefined);
    const recording = current.capture ? await current.capture.stop() : null;
    if (!mine.isCurrent()) return;
    batch(() => {
      model.connection.value = 'disconnected';
      model.agentMode.value = 'listening';
      model.stream.value = null;
      model.text.value = null;
      keepDownloads({ recording, typed: current.typed });
    });
    if (current.typed) {
      // A typed interview is analysed from its answers; its recording is the member's alone.
      if (current.typed.answers.length > 0) {
        await analyse(current.id, mine, {});
      } else {
        batch(() => {
          model.error.value = NO_ANSWERS;
          model.phase.value = 'error';
        });
      }
      return;
    }
    const blob = recording?.video ?? recording?.audio ?? null;
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
        model.mediaProblem.value = mediaProblemOf(thrown);
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
    session = { id: sessionId, call, capture, typed: null };
    capture.record();
    batch(() => {
      model.connection.value = 'connected';
      model.phase.value = 'live';
    });
  }

  /**
   * The questions show at once; the camera follows when the member allows it, for the same preview
   * and recordings as a voice interview. A typed interview needs neither, so a refusal only says so.
   */
  async function openTypedSessionCamera(current: Session, mine: RequestToken): Promise<void> {
    let capture: MediaCapture;
    try {
      capture = await deps.media.start();
    } catch (thrown) {
      if (mine.isCurrent() && session === current) model.mediaProblem.value = `${mediaProblemOf(thrown)} ${TYPED_WITHOUT_RECORDING}`;
      return;
    }
    // Ended (or the room went away) while the member was still answering the browser's prompt.
    if (!mine.isCurrent() || session !== current) {
      await capture.stop();
      return;
    }
    current.capture = capture;
    capture.record();
    batch(() => {
      model.mediaProblem.value = capture.problem;
      model.stream.value = capture.stream;
    });
  }

  async function startSession(): Promise<void> {
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
      const typed: Session = {
        id: started.sessionId,
        call: null,
        capture: null,
        typed: { firstMessage: started.firstMessage, questions: started.questions, answers: [] },
      };
      session = typed;
      batch(() => {
        model.text.value = { questions: started.questions, current: 0, answered: 0, draft: '', sending: false, answerError: null };
        model.connection.value = 'connected';
        model.phase.value = 'live';
      });
      await openTypedSessionCamera(typed, mine);
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      batch(() => {
        model.error.value = messageOf(thrown);
        model.phase.value = 'error';
      });
    }
  }

  async function submitAnswer(): Promise<void> {
    const text = model.text.value;
    const current = session;
    if (!text || !current || text.sending || model.phase.value !== 'live') return;
    patchText({ sending: true, answerError: null });
    try {
      const result = await ai.answerInterview(current.id, text.draft);
      // Ended (by End Session or stopping) while the answer was on its way: nothing is left to update.
      if (session !== current) return;
      current.typed?.answers.push(text.draft.trim());
      const next = result.nextQuestion;
      patchText({ sending: false, draft: '', answered: text.answered + 1, current: next ? next.index : text.current });
      if (!next) await endSession();
    } catch (thrown) {
      if (session === current) patchText({ sending: false, answerError: messageOf(thrown) });
    }
  }

  const actions: InterviewRoomActions = {
    startSession: () => void startSession(),
    endSession: () => void endSession(),
    setAnswer(draft) {
      patchText({ draft, answerError: null });
    },
    submitAnswer: () => void submitAnswer(),
  };

  return {
    state: computed(() => ({
      phase: model.phase.value,
      providers: model.providers.value,
      mode: model.mode.value,
      connection: model.connection.value,
      agentMode: model.agentMode.value,
      stream: model.stream.value,
      mediaProblem: model.mediaProblem.value,
      connectionProblem: model.connectionProblem.value,
      firstMessage: model.firstMessage.value,
      text: model.text.value,
      progress: model.progress.value,
      analysisStage: model.analysisStage.value,
      downloads: model.downloads.value,
      analysis: model.analysis.value,
      error: model.error.value,
    })),
    actions,
    start() {
      const mine = courtesy.current();
      ai.providers().then(
        (providers) => {
          if (mine.isCurrent()) model.providers.value = providers;
        },
        // Which provider will answer is a courtesy note; the session names its own provider.
        () => undefined,
      );
      return () => {
        courtesy.invalidate();
        requests.invalidate();
        const current = session;
        session = null;
        void current?.call?.end().catch(() => undefined);
        void current?.capture?.stop();
        revokeDownloads();
      };
    },
  };
}
