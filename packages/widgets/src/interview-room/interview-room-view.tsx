import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { AiProviders, InterviewAnalysis, InterviewAnalysisStage } from '@opportunity-kit/sdk';
import { AiText, ProviderNote, providerName } from '../ai-text/ai-text.tsx';
import { CameraPreview } from './camera-preview.tsx';
import type { InterviewActions } from './interview-room-controller.ts';
import type { AgentMode, ConnectionStatus, InterviewPhase, SessionDownloads, TextInterview } from './interview-room-model.ts';
import { TypedInterview } from './typed-interview.tsx';

/** Props of {@link InterviewRoomView}. @public */
export interface InterviewRoomViewProps {
  /** The posting's page; "Back to Job" links there. */
  backHref: string;
  /** Called instead of following "Back to Job", for client-side routers. */
  onBack?: (() => void) | undefined;
  /** The posting's title, for the heading. */
  jobTitle?: string | undefined;
  /** Where the room stands. */
  phase: InterviewPhase;
  /** Who runs interviews and who analyses them in this deployment; null until known. */
  providers: AiProviders | null;
  /** A voice conversation or typed questions, once a session started; null before. */
  mode: 'voice' | 'text' | null;
  /** The connection's state, shown as "Connected", "Disconnected", … */
  connection: ConnectionStatus;
  /** Whether the interviewer is speaking or listening. */
  agentMode: AgentMode;
  /** The camera (and microphone) for the preview while a voice session runs. */
  stream: MediaStream | null;
  /** Why the camera or microphone is not available, in words for the member. */
  mediaProblem: string | null;
  /** Why the voice connection ended on its own, when it was not normal. */
  connectionProblem: string | null;
  /** What the interviewer said first, shown while the session is live. */
  firstMessage: string | null;
  /** The typed interview in progress, or null. */
  text: TextInterview | null;
  /** The recording's upload percent while uploading. */
  progress: number;
  /** While analysing: waiting for its turn on the server, or being analysed. */
  analysisStage?: InterviewAnalysisStage | null | undefined;
  /** The previous session's recordings to download. */
  downloads: SessionDownloads;
  /** The session's results, shown in the Results panel. */
  analysis: InterviewAnalysis | null;
  /** Why the session failed (with phase `error`). */
  error: string | null;
  /** What the room's controls ask for. */
  actions: InterviewActions;
}

const CONNECTION_LABELS: Record<ConnectionStatus, string> = {
  connecting: 'Connecting',
  connected: 'Connected',
  disconnecting: 'Disconnecting',
  disconnected: 'Disconnected',
};
const BUSY: readonly InterviewPhase[] = ['starting', 'ending', 'uploading', 'analyzing'];
/** The analysis runs on the server in the background and may wait for a free worker first. */
export const WAITING_FOR_TURN = 'Your interview is waiting its turn to be analysed.';

function providerLine(providers: AiProviders | null, mode: 'voice' | 'text' | null): string | null {
  if (!providers) return null;
  const voice = mode ? mode === 'voice' : providers.interview === 'elevenlabs';
  const interview = voice ? `Voice interview with an ${providerName('elevenlabs')} agent` : `Typed interview from ${providerName('local')}`;
  return `${interview}; results by ${providerName(providers.interviewAnalysis)}.`;
}

/**
 * The interview page (spec route `/interview/{id}`): Back to Job, Start Session and End Session, the
 * connection status, whether the agent is speaking or listening, the camera preview, downloads of
 * the previous session's video and audio, and the Results panel. A typed interview (local provider)
 * shows its questions one at a time instead of a voice conversation.
 * @public
 */
export function InterviewRoomView(props: InterviewRoomViewProps) {
  const { phase, connection, agentMode, text, analysis, downloads, actions } = props;
  const id = useId();
  const end = useRef<HTMLButtonElement>(null);
  const results = useRef<HTMLHeadingElement>(null);
  const previous = useRef(phase);
  const live = phase === 'live';
  const busy = BUSY.includes(phase);

  useEffect(() => {
    const was = previous.current;
    previous.current = phase;
    // Start and End are disabled in turn, so focus moves on with the session instead of being lost.
    if (phase === 'live' && was !== 'live' && props.mode === 'voice') end.current?.focus();
    if (was === 'live' && phase !== 'live') results.current?.focus();
  }, [phase, props.mode]);

  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!props.onBack || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    props.onBack();
  };
  const line = providerLine(props.providers, props.mode);

  return (
    <section className="ok-interview" aria-labelledby={`${id}-title`} data-state={phase}>
      <header className="ok-interview__header">
        <a className="ok-interview__back" href={props.backHref} onClick={back}>
          Back to Job
        </a>
        <h2 className="ok-interview__title" id={`${id}-title`}>
          {props.jobTitle ? `Practice interview: ${props.jobTitle}` : 'Practice interview'}
        </h2>
        {line ? <p className="ok-interview__provider">{line}</p> : null}
      </header>

      <div className="ok-interview__controls">
        <button className="ok-interview__button ok-interview__start" type="button" onClick={actions.startSession} disabled={live || busy}>
          {phase === 'starting' ? 'Starting...' : 'Start Session'}
        </button>
        <button className="ok-interview__button ok-interview__end" type="button" ref={end} onClick={actions.endSession} disabled={!live}>
          End Session
        </button>
      </div>

      <div className="ok-interview__indicators">
        <p className="ok-interview__connection" data-state={connection} role="status">
          Connection Status: <strong>{CONNECTION_LABELS[connection]}</strong>
        </p>
        <p className="ok-interview__agent" data-state={agentMode} data-active={live || undefined}>
          {agentMode === 'speaking' ? 'Agent is Speaking' : 'Agent is Listening'}
        </p>
      </div>

      {props.mediaProblem ? (
        <p className="ok-interview__problem" role="alert">
          {props.mediaProblem}
        </p>
      ) : null}
      {props.connectionProblem ? (
        <p className="ok-interview__problem" role="alert">
          {props.connectionProblem}
        </p>
      ) : null}

      <div className="ok-interview__stage">
        <CameraPreview stream={props.stream} />
        {live && props.firstMessage ? (
          <div className="ok-interview__conversation">
            <p className="ok-interview__first-message">
              <span className="ok-interview__speaker">Interviewer:</span> {props.firstMessage}
            </p>
            {text ? <TypedInterview text={text} onAnswer={actions.setAnswer} onSubmit={actions.submitAnswer} /> : null}
          </div>
        ) : null}
      </div>

      <div className="ok-interview__downloads" role="group" aria-labelledby={`${id}-downloads`}>
        <span className="ok-interview__downloads-label" id={`${id}-downloads`}>
          Previous session
        </span>
        <Download file={downloads.video} label="Download video" />
        <Download file={downloads.audio} label="Download audio" />
      </div>

      <section className="ok-interview__results" aria-labelledby={`${id}-results`} aria-busy={busy}>
        <h3 className="ok-interview__results-title" id={`${id}-results`} ref={results} tabIndex={-1}>
          Results
        </h3>
        <div className="ok-interview__status" role="status">
          {phase === 'uploading' ? (
            <>
              <progress className="ok-interview__progress" max={100} value={props.progress} aria-label="Uploading the recording" />
              {` Uploading the recording: ${props.progress}%`}
            </>
          ) : phase === 'ending' || phase === 'analyzing' ? (
            <>
              <progress className="ok-interview__progress" aria-label="Analysing the interview" />
              {` ${MESSAGES.generatingResults}`}
              {props.analysisStage === 'queued' ? ` ${WAITING_FOR_TURN}` : null}
            </>
          ) : null}
        </div>
        {phase === 'error' ? (
          <p className="ok-interview__error" role="alert">
            {props.error ?? MESSAGES.genericError}
          </p>
        ) : null}
        {analysis && phase === 'done' ? (
          <div className="ok-interview__analysis">
            <AiText text={analysis.analysis} />
            <ProviderNote provider={analysis.provider} verb="Analysed by" />
          </div>
        ) : null}
        {phase === 'idle' || phase === 'starting' || live ? <p className="ok-interview__hint">Your results appear here when the session ends.</p> : null}
      </section>
    </section>
  );
}

/** A link that downloads a recording, or a disabled button until there is one. */
function Download({ file, label }: { file: { url: string; fileName: string } | null; label: string }) {
  return file ? (
    <a className="ok-interview__button ok-interview__download" href={file.url} download={file.fileName}>
      {label}
    </a>
  ) : (
    <button className="ok-interview__button ok-interview__download" type="button" disabled title="Available after a session">
      {label}
    </button>
  );
}
