import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { createInterviewRoomController, type InterviewApi } from './interview-room-controller.ts';
import { browserMedia, type InterviewMedia } from './interview-media.ts';
import { createInterviewRoomModel, type InterviewRoomActions, type InterviewRoomState } from './interview-room-model.ts';
import { InterviewRoomView } from './interview-room-view.tsx';
import { connectElevenLabs, type VoiceConnector } from './voice-connection.ts';

/** Options of {@link useInterviewRoom}: the SDK, and the posting practised for. @public */
export interface InterviewRoomOptions {
  /** The SDK's `client.ai` (or anything with the interview calls). */
  ai: InterviewApi;
  /** The posting practised for. */
  jobId: string;
  /** Camera, microphone and recording; the browser's by default. Tests and stories pass stand-ins. */
  media?: InterviewMedia | undefined;
  /** The voice conversation; ElevenLabs (loaded on first use) by default. Tests and stories pass stand-ins. */
  voice?: VoiceConnector | undefined;
}

/** Props of {@link InterviewRoom}. @public */
export interface InterviewRoomProps extends InterviewRoomOptions {
  /** The posting's title, for the heading. */
  jobTitle?: string | undefined;
  /** The posting's page, for "Back to Job". */
  backHref: string;
  /** Called instead of following "Back to Job", for client-side routers. */
  onBack?: (() => void) | undefined;
}

/**
 * The interview room without its markup: a practice interview started through the `ai` function and
 * run as a voice conversation (camera and microphone recorded, the recording analysed at the end) or
 * as typed questions (the camera on and recorded for the member when allowed, the answers analysed),
 * its connection, its downloads and its results, for a view of your own. The options are read
 * once; unmounting ends the session and releases the camera.
 * @public
 */
export function useInterviewRoom(options: InterviewRoomOptions): WidgetBinding<InterviewRoomState, InterviewRoomActions> {
  return useWidgetController(() =>
    createInterviewRoomController(options.ai, createInterviewRoomModel(), {
      jobId: options.jobId,
      media: options.media ?? browserMedia(),
      voice: options.voice ?? connectElevenLabs,
    }),
  );
}

/**
 * The connected interview room: starts a practice interview through the `ai` function, then runs it
 * as a voice conversation with an ElevenLabs agent (camera and microphone recorded, the recording
 * analysed at the end) or, with the local provider, as five typed questions answered on camera when
 * the member allows it. Leaving the page ends the session and releases the camera.
 * @public
 */
export function InterviewRoom(props: InterviewRoomProps) {
  const { state, actions } = useInterviewRoom(props);
  return <InterviewRoomView state={state} actions={actions} backHref={props.backHref} onBack={props.onBack} jobTitle={props.jobTitle} />;
}
