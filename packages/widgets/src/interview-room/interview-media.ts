/**
 * The camera and microphone of a voice interview: a preview stream, and recordings of the session
 * (camera with sound, and sound alone) made with `MediaRecorder`. The controller depends on the
 * `InterviewMedia` interface only, so stories and tests use recordings that need no camera.
 */

/** What a session left behind; either may be missing (no camera, or no recorder in this browser). @public */
export interface SessionRecording {
  /** Camera with sound. */
  video: Blob | null;
  /** Sound alone. */
  audio: Blob | null;
}

/** Media in use for one session. @public */
export interface MediaCapture {
  /** Camera and microphone, or the microphone alone when the camera is not available. */
  readonly stream: MediaStream;
  /** Why there is no camera or no recording, for the member; null when all is well. */
  readonly problem: string | null;
  /** Starts recording (when the interviewer is connected). */
  record(): void;
  /** Stops recording and releases the camera and microphone. */
  stop(): Promise<SessionRecording>;
}

/**
 * Opens the camera and microphone. The room shows the `message` of a `MediaProblem` it rejects with
 * (the browser's media does so when the microphone is not available), and a general sentence otherwise.
 * @public
 */
export interface InterviewMedia {
  /** Opens the devices for one session; recording waits for `record()`. */
  start(): Promise<MediaCapture>;
}

/** The camera or microphone could not be used; `message` says why, for the member. */
export class MediaProblem extends Error {
  /** `MediaProblem`, as error messages and logs name it. */
  override readonly name = 'MediaProblem';
}

/** Why a device could not be opened, from `getUserMedia`'s error names, in words for the member. */
export function mediaProblemMessage(device: 'camera' | 'microphone', error: unknown): string {
  const name = error instanceof Error ? error.name : '';
  const Device = device === 'camera' ? 'Camera' : 'Microphone';
  if (name === 'NotAllowedError' || name === 'SecurityError') {
    return `${Device} access was blocked. Allow the ${device} for this site in your browser's settings, then start again.`;
  }
  if (name === 'NotFoundError' || name === 'OverconstrainedError') return `No ${device} was found. Connect one, then start again.`;
  if (name === 'NotReadableError' || name === 'AbortError') return `The ${device} is in use by another app. Close it, then start again.`;
  return `The ${device} could not be started.`;
}

const VIDEO_TYPES = ['video/webm;codecs=vp8,opus', 'video/webm', 'video/mp4'];
const AUDIO_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'];

interface Recorder {
  start(): void;
  stop(): Promise<Blob | null>;
}

function recorder(stream: MediaStream, types: readonly string[]): Recorder | null {
  const type = types.find((candidate) => MediaRecorder.isTypeSupported(candidate));
  if (!type) return null;
  const media = new MediaRecorder(stream, { mimeType: type });
  const chunks: Blob[] = [];
  media.ondataavailable = (event) => {
    if (event.data.size) chunks.push(event.data);
  };
  return {
    start: () => media.start(1000),
    stop: () =>
      new Promise((resolve) => {
        if (media.state === 'inactive') {
          resolve(chunks.length ? new Blob(chunks, { type: type.split(';')[0] }) : null);
          return;
        }
        media.onstop = () => resolve(chunks.length ? new Blob(chunks, { type: type.split(';')[0] }) : null);
        media.stop();
      }),
  };
}

/** The browser's camera, microphone and `MediaRecorder`: the room's media unless its props give another. */
export function browserMedia(): InterviewMedia {
  return {
    async start() {
      if (!navigator.mediaDevices?.getUserMedia) throw new MediaProblem('The camera and microphone need a secure (https) page.');
      let stream: MediaStream;
      let problem: string | null = null;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
      } catch (cameraError) {
        // The interview can go on with sound alone; the member is told why there is no video.
        problem = mediaProblemMessage('camera', cameraError);
        try {
          stream = await navigator.mediaDevices.getUserMedia({ audio: true });
        } catch (microphoneError) {
          throw new MediaProblem(mediaProblemMessage('microphone', microphoneError));
        }
      }
      const canRecord = typeof MediaRecorder !== 'undefined';
      // Typed interviews show it too, so it says nothing of what a voice interview analyses instead.
      if (!canRecord) problem = 'This browser cannot record the session, so there will be no recording to download.';
      const video = canRecord && stream.getVideoTracks().length ? recorder(stream, VIDEO_TYPES) : null;
      // A recorder of a stream without tracks throws when started.
      const audio = canRecord && stream.getAudioTracks().length ? recorder(new MediaStream(stream.getAudioTracks()), AUDIO_TYPES) : null;
      return {
        stream,
        problem,
        record() {
          video?.start();
          audio?.start();
        },
        async stop() {
          const [videoBlob, audioBlob] = await Promise.all([video?.stop() ?? null, audio?.stop() ?? null]);
          for (const track of stream.getTracks()) track.stop();
          return { video: videoBlob, audio: audioBlob };
        },
      };
    },
  };
}
