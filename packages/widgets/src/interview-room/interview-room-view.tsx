import { useEffect, useId, useRef, type MouseEvent } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { AiProviders } from '@opportunity-kit/sdk';
import { AiText, ProviderNote, providerName } from '../ai-text/ai-text.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import { CameraPreview } from './camera-preview.tsx';
import { TYPED_WITHOUT_RECORDING } from './interview-room-controller.ts';
import type { ConnectionStatus, InterviewPhase, InterviewRoomActions, InterviewRoomState, SessionDownload, SessionDownloads } from './interview-room-model.ts';
import { TypedInterview } from './typed-interview.tsx';

/**
 * Props of {@link InterviewRoomView}: the room's `state` and `actions` (from {@link useInterviewRoom}),
 * the posting's title and the way back to it.
 * @public
 */
export interface InterviewRoomViewProps extends WidgetBinding<InterviewRoomState, InterviewRoomActions> {
  /** The posting's page; "Back to Job" links there. */
  backHref: string;
  /** Called instead of following "Back to Job", for client-side routers. */
  onBack?: (() => void) | undefined;
  /** The posting's title, for the heading. */
  jobTitle?: string | undefined;
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
 * the previous session's video, audio and (typed interviews) transcript with why any is missing, and
 * the Results panel. A typed interview (local provider) shows its questions one at a time instead of
 * a voice conversation, with the camera on when the member allows it; it shows no agent indicator, no
 * empty camera box and no device errors (it needs neither camera nor microphone). The agent indicator
 * shows while a voice session is connected. Focus and the scroll move to the results when they arrive.
 * @public
 */
export function InterviewRoomView(props: InterviewRoomViewProps) {
  const { state, actions } = props;
  const { phase, connection, agentMode, text, analysis, downloads } = state;
  const id = useId();
  const end = useRef<HTMLButtonElement>(null);
  const results = useRef<HTMLHeadingElement>(null);
  const previous = useRef(phase);
  const live = phase === 'live';
  const busy = BUSY.includes(phase);
  // A typed interview (this session's mode, or the deployment's before one starts) has no agent to hear it
  // and needs no camera or microphone: their indicator, empty box and errors would only alarm.
  const typed = state.mode ? state.mode === 'text' : state.providers?.interview === 'local';
  const agentHears = state.mode === 'voice' && connection === 'connected';
  const hasVideo = Boolean(state.stream?.getVideoTracks().length);

  useEffect(() => {
    const was = previous.current;
    previous.current = phase;
    // Start and End are disabled in turn, so focus moves on with the session instead of being lost.
    if (phase === 'live' && was !== 'live' && state.mode === 'voice') end.current?.focus();
    if (was === 'live' && phase !== 'live') results.current?.focus();
    // The analysis arrives long after the session ended, below the fold on a phone: bring it up.
    if (phase === 'done' && was !== 'done') {
      results.current?.focus();
      results.current?.scrollIntoView?.({ block: 'start', behavior: prefersReducedMotion() ? 'auto' : 'smooth' });
    }
  }, [phase, state.mode]);

  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!props.onBack || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    props.onBack();
  };
  const line = providerLine(state.providers, state.mode);

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
        {agentHears ? (
          <p className="ok-interview__agent" data-state={agentMode} data-active={live || undefined}>
            {agentMode === 'speaking' ? 'Agent is Speaking' : 'Agent is Listening'}
          </p>
        ) : null}
      </div>

      {state.mediaProblem && typed ? (
        hasVideo ? null : (
          <p className="ok-interview__note">{TYPED_WITHOUT_RECORDING}</p>
        )
      ) : state.mediaProblem ? (
        <p className="ok-interview__problem" role="alert">
          {state.mediaProblem}
        </p>
      ) : null}
      {state.connectionProblem ? (
        <p className="ok-interview__problem" role="alert">
          {state.connectionProblem}
        </p>
      ) : null}

      <div className="ok-interview__stage">
        {typed && !hasVideo ? null : <CameraPreview stream={state.stream} />}
        {live && state.firstMessage ? (
          <div className="ok-interview__conversation">
            <p className="ok-interview__first-message">
              <span className="ok-interview__speaker">Interviewer:</span> {state.firstMessage}
            </p>
            {text ? <TypedInterview text={text} actions={actions} /> : null}
          </div>
        ) : null}
      </div>

      <Downloads downloads={downloads} />

      <section className="ok-interview__results" aria-labelledby={`${id}-results`} aria-busy={busy}>
        <h3 className="ok-interview__results-title ok-focus-target" id={`${id}-results`} ref={results} tabIndex={-1}>
          Results
        </h3>
        <div className="ok-interview__status" role="status">
          {phase === 'uploading' ? (
            <>
              <progress className="ok-interview__progress" max={100} value={state.progress} aria-label="Uploading the recording" />
              {` Uploading the recording: ${state.progress}%`}
            </>
          ) : phase === 'ending' || phase === 'analyzing' ? (
            <>
              <progress className="ok-interview__progress" aria-label="Analysing the interview" />
              {` ${MESSAGES.generatingResults}`}
              {state.analysisStage === 'queued' ? ` ${WAITING_FOR_TURN}` : null}
            </>
          ) : null}
        </div>
        {phase === 'error' ? (
          <p className="ok-interview__error" role="alert">
            {state.error ?? MESSAGES.genericError}
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

/** The previous session's video, audio and transcript, and in words why any of them is missing. */
function Downloads({ downloads }: { downloads: SessionDownloads }) {
  const id = useId();
  const { video, audio, transcript } = downloads;
  // Before a first session all three share one reason: it is said once.
  const reasons = [...new Set([video, audio, transcript].map((download) => download.unavailable).filter((reason) => reason !== null))];
  return (
    <div className="ok-interview__downloads" role="group" aria-labelledby={`${id}-label`}>
      <span className="ok-interview__downloads-label" id={`${id}-label`}>
        Previous session
      </span>
      <Download download={video} label="Download video" reasonId={`${id}-reasons`} />
      <Download download={audio} label="Download audio" reasonId={`${id}-reasons`} />
      <Download download={transcript} label="Download transcript" reasonId={`${id}-reasons`} />
      {reasons.length ? (
        <p className="ok-interview__downloads-reasons" id={`${id}-reasons`}>
          {reasons.join(' ')}
        </p>
      ) : null}
    </div>
  );
}

/** A link that downloads a file of the session, or a disabled button described by why there is none. */
function Download({ download, label, reasonId }: { download: SessionDownload; label: string; reasonId: string }) {
  return download.file ? (
    <a className="ok-interview__button ok-interview__download" href={download.file.url} download={download.file.fileName}>
      {label}
    </a>
  ) : (
    <button className="ok-interview__button ok-interview__download" type="button" disabled aria-describedby={reasonId}>
      {label}
    </button>
  );
}

/** Whether the member asked their system for less motion: then the page jumps instead of gliding. */
function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
