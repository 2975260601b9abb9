import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { createInterviewRoomController, type InterviewApi } from './interview-room-controller.ts';
import { browserMedia, type InterviewMedia } from './interview-media.ts';
import { createInterviewRoomModel } from './interview-room-model.ts';
import { InterviewRoomView } from './interview-room-view.tsx';
import { connectElevenLabs, type VoiceConnector } from './voice-connection.ts';

/** Props of {@link InterviewRoom}. @public */
export interface InterviewRoomProps {
  /** The SDK's `client.ai` (or anything with the interview calls). */
  ai: InterviewApi;
  /** The posting practised for. */
  jobId: string;
  /** The posting's title, for the heading. */
  jobTitle?: string;
  /** The posting's page, for "Back to Job". */
  backHref: string;
  /** Called instead of following "Back to Job", for client-side routers. */
  onBack?: () => void;
  /** Camera, microphone and recording; the browser's by default. */
  media?: InterviewMedia;
  /** The voice conversation; ElevenLabs (loaded on first use) by default. */
  voice?: VoiceConnector;
}

/**
 * The connected interview room: starts a practice interview through the `ai` function, then runs it
 * as a voice conversation with an ElevenLabs agent (camera and microphone recorded, the recording
 * analysed at the end) or, with the local provider, as five typed questions. Leaving the page ends
 * the session and releases the camera.
 * @public
 */
export function InterviewRoom({ ai, jobId, jobTitle, backHref, onBack, media, voice }: InterviewRoomProps) {
  useSignals();
  const [model] = useState(createInterviewRoomModel);
  const [controller] = useState(() => createInterviewRoomController(ai, model, { jobId, media: media ?? browserMedia(), voice: voice ?? connectElevenLabs }));
  useEffect(() => controller.start(), [controller]);
  return (
    <InterviewRoomView
      backHref={backHref}
      onBack={onBack}
      jobTitle={jobTitle}
      phase={model.phase.value}
      providers={model.providers.value}
      mode={model.mode.value}
      connection={model.connection.value}
      agentMode={model.agentMode.value}
      stream={model.stream.value}
      mediaProblem={model.mediaProblem.value}
      connectionProblem={model.connectionProblem.value}
      firstMessage={model.firstMessage.value}
      text={model.text.value}
      progress={model.progress.value}
      analysisStage={model.analysisStage.value}
      downloads={model.downloads.value}
      analysis={model.analysis.value}
      error={model.error.value}
      actions={controller}
    />
  );
}
