import type { SessionRecording } from './interview-media.ts';

/** Why a download of the session that just ended is missing, in words for the member. */
export const UNAVAILABLE = {
  notRecorded: 'This session was not recorded: the camera and microphone were not available.',
  noVideo: 'There is no video: the camera was not available.',
  cannotRecord: 'This browser could not record the session.',
  voiceTranscript: 'Transcripts are made of typed interviews only.',
  noAnswers: 'There is no transcript: no question was answered.',
} as const;

/** A typed interview as it ended: what the interviewer said first, the questions and the answers sent. */
export interface TypedSessionRecord {
  firstMessage: string | null;
  questions: readonly string[];
  answers: readonly string[];
}

/** What a session left behind when it ended. */
export interface EndedSession {
  /** What the recorders made; null when the camera and microphone were never opened. */
  recording: SessionRecording | null;
  /** The typed interview's questions and answers; null for a voice interview. */
  typed: TypedSessionRecord | null;
}

/** A file to offer for download, or why there is none. */
export type SessionBlob = { blob: Blob; fileName: string } | { unavailable: string };

const extension = (blob: Blob) => (blob.type.includes('mp4') ? 'mp4' : 'webm');

/** The typed interview as plain text: each question with the answer sent, in order. */
export function typedTranscript({ firstMessage, questions, answers }: TypedSessionRecord): string {
  const lines = ['Practice interview transcript', ''];
  if (firstMessage) lines.push(`Interviewer: ${firstMessage}`, '');
  questions.forEach((question, index) => {
    lines.push(`Question ${index + 1} of ${questions.length}: ${question}`, `Your answer: ${answers[index] ?? '(not answered)'}`, '');
  });
  return lines.join('\n');
}

/** The video, audio and transcript of a session that ended, each a file or the reason it is missing. */
export function sessionBlobs({ recording, typed }: EndedSession): { video: SessionBlob; audio: SessionBlob; transcript: SessionBlob } {
  const media = (blob: Blob | null, name: string): SessionBlob => {
    if (blob) return { blob, fileName: `${name}.${extension(blob)}` };
    if (!recording) return { unavailable: UNAVAILABLE.notRecorded };
    // Sound was recorded without a picture: the camera was refused or missing, the microphone was not.
    if (name === 'interview-video' && recording.audio) return { unavailable: UNAVAILABLE.noVideo };
    return { unavailable: UNAVAILABLE.cannotRecord };
  };
  const transcript = (): SessionBlob => {
    if (!typed) return { unavailable: UNAVAILABLE.voiceTranscript };
    if (typed.answers.length === 0) return { unavailable: UNAVAILABLE.noAnswers };
    return { blob: new Blob([typedTranscript(typed)], { type: 'text/plain' }), fileName: 'interview-transcript.txt' };
  };
  return { video: media(recording?.video ?? null, 'interview-video'), audio: media(recording?.audio ?? null, 'interview-audio'), transcript: transcript() };
}
