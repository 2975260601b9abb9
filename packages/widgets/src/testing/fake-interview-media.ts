import { MediaProblem, mediaProblemMessage, type InterviewMedia, type MediaCapture } from '../interview-room/interview-media.ts';
import type { VoiceCall, VoiceConnector, VoiceEvents, VoiceSessionStart } from '../interview-room/voice-connection.ts';
import { canvasCameraStream } from './canvas-camera.ts';

/** A stream with no tracks: what the room gets when the camera is blocked (sound is not played back). */
const silentStream = (): MediaStream =>
  typeof MediaStream === 'undefined'
    ? ({ getTracks: () => [], getVideoTracks: () => [], getAudioTracks: () => [] } as unknown as MediaStream)
    : new MediaStream();

/** The canvas drawing as the camera; happy-dom's canvas streams, too, hold one video track. Node has no canvas. */
const cameraStream = (): MediaStream => (typeof document === 'undefined' ? silentStream() : canvasCameraStream());

export interface FakeMedia extends InterviewMedia {
  readonly recording: boolean;
  readonly released: boolean;
}

/**
 * Camera and microphone without devices, for stories and tests: the camera is a drawing, `denied`
 * fails like a blocked permission prompt, and a session "records" one small blob per kind.
 */
export function fakeMedia(options: { camera?: 'ok' | 'denied'; microphone?: 'ok' | 'denied' } = {}): FakeMedia {
  const state = { recording: false, released: false };
  const blocked = () => Object.assign(new Error('Permission denied'), { name: 'NotAllowedError' });
  return {
    get recording() {
      return state.recording;
    },
    get released() {
      return state.released;
    },
    async start(): Promise<MediaCapture> {
      if (options.microphone === 'denied') throw new MediaProblem(mediaProblemMessage('microphone', blocked()));
      const camera = options.camera !== 'denied';
      const stream = camera ? cameraStream() : silentStream();
      return {
        stream,
        problem: camera ? null : mediaProblemMessage('camera', blocked()),
        record() {
          state.recording = true;
        },
        async stop() {
          const recorded = state.recording;
          state.recording = false;
          state.released = true;
          // happy-dom's streams have no getTracks().
          for (const track of [...stream.getVideoTracks(), ...stream.getAudioTracks()]) track.stop();
          return {
            video: recorded && camera ? new Blob(['video'], { type: 'video/webm' }) : null,
            audio: recorded ? new Blob(['audio'], { type: 'audio/webm' }) : null,
          };
        },
      };
    },
  };
}

export interface FakeVoice {
  connect: VoiceConnector;
  /** The events of the conversation in progress, to play the agent's part. */
  readonly events: VoiceEvents | null;
  /** What the latest conversation was opened with (its signed URL and overrides). */
  readonly started: VoiceSessionStart | null;
  readonly ended: boolean;
  /** Makes the next connection fail with this error. */
  failWith(error: Error): void;
}

/** A voice conversation without ElevenLabs: it connects at once and reports what the test tells it. */
export function fakeVoice(conversationId: string | null = 'conv1'): FakeVoice {
  let events: VoiceEvents | null = null;
  let started: VoiceSessionStart | null = null;
  let ended = false;
  let failure: Error | null = null;
  return {
    get events() {
      return events;
    },
    get started() {
      return started;
    },
    get ended() {
      return ended;
    },
    failWith(error) {
      failure = error;
    },
    async connect(start, given): Promise<VoiceCall> {
      if (failure) throw failure;
      started = start;
      events = given;
      ended = false;
      given.onStatus('connecting');
      given.onStatus('connected');
      given.onMode('speaking');
      return {
        conversationId,
        async end() {
          ended = true;
        },
      };
    },
  };
}
