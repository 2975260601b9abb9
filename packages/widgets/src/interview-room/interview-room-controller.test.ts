import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { PortalError } from '@opportunity-kit/sdk';
import { fakeAi } from '../testing/fake-ai.ts';
import { fakeMedia, fakeVoice } from '../testing/fake-interview-media.ts';
import { createInterviewRoomController, NO_ANSWERS } from './interview-room-controller.ts';
import { createInterviewRoomModel } from './interview-room-model.ts';
import { closeProblem } from './voice-connection.ts';

function setup(options: { mode?: 'voice' | 'text'; camera?: 'ok' | 'denied'; microphone?: 'ok' | 'denied' } = {}) {
  const ai = fakeAi({ interviewMode: options.mode ?? 'voice', provider: 'gemini' });
  const media = fakeMedia(options);
  const voice = fakeVoice();
  const model = createInterviewRoomModel();
  const urls: string[] = [];
  const revoked: string[] = [];
  const controller = createInterviewRoomController(ai, model, {
    jobId: 'job1',
    media,
    voice: voice.connect,
    urls: { create: (blob) => `blob:${urls.push(blob.type)}-${blob.type}`, revoke: (url) => void revoked.push(url) },
  });
  const stop = controller.start();
  return { ai, media, voice, model, controller, stop, revoked };
}

const analyseArgs = (ai: ReturnType<typeof fakeAi>) => ai.calls.find(({ call }) => call === 'analyzeInterview')?.args;

describe('interview controller, voice', () => {
  it('connects, records, and on End uploads the video for analysis', async () => {
    const { ai, media, voice, model, controller } = setup();
    await controller.startSession();
    expect(model.phase.value).toBe('live');
    expect(model.connection.value).toBe('connected');
    expect(model.agentMode.value).toBe('speaking');
    expect(media.recording).toBe(true);
    voice.events?.onMode('listening');
    expect(model.agentMode.value).toBe('listening');
    await controller.endSession();
    expect(voice.ended).toBe(true);
    expect(media.released).toBe(true);
    expect(model.connection.value).toBe('disconnected');
    const [sessionId, input] = analyseArgs(ai) as [string, { recording: File; conversationId: string }];
    expect(sessionId).toBe('session1');
    expect(input.recording).toBeInstanceOf(File);
    expect(input.recording.type).toBe('video/webm');
    expect(input.recording.name).toBe('interview-session1.webm');
    expect(input.conversationId).toBe('conv1');
    expect(voice.started?.overrides.firstMessage).toBe('Hi! Ready to practise for the barista role?');
    expect(voice.started?.overrides.prompt).toContain('job1');
    expect(model.phase.value).toBe('done');
    expect(model.analysis.value?.provider).toBe('gemini');
    expect(model.downloads.value).toEqual({
      video: { url: 'blob:1-video/webm', fileName: 'interview-video.webm' },
      audio: { url: 'blob:2-audio/webm', fileName: 'interview-audio.webm' },
    });
  });

  it('tells the member the camera was blocked and goes on with sound, uploading the audio', async () => {
    const { ai, model, controller } = setup({ camera: 'denied' });
    await controller.startSession();
    expect(model.mediaProblem.value).toMatch(/^Camera access was blocked/);
    expect(model.phase.value).toBe('live');
    await controller.endSession();
    const [, input] = analyseArgs(ai) as [string, { recording: File }];
    expect(input.recording.type).toBe('audio/webm');
    expect(model.downloads.value.video).toBeNull();
  });

  it('does not connect without a microphone, and says why', async () => {
    const { model, voice, controller } = setup({ microphone: 'denied' });
    await controller.startSession();
    expect(model.mediaProblem.value).toMatch(/^Microphone access was blocked/);
    expect(model.phase.value).toBe('idle');
    expect(model.connection.value).toBe('disconnected');
    expect(voice.events).toBeNull();
  });

  it('shows a failed connection and releases the camera', async () => {
    const { model, media, voice, controller } = setup();
    voice.failWith(new Error('Could not reach the interviewer'));
    await controller.startSession();
    expect(model.phase.value).toBe('error');
    expect(model.error.value).toBe('Could not reach the interviewer');
    expect(media.released).toBe(true);
    expect(model.stream.value).toBeNull();
  });

  it('ends and analyses when the server closes the conversation, saying why', async () => {
    const { ai, model, voice, controller } = setup();
    await controller.startSession();
    voice.events?.onEnd(closeProblem({ reason: 'agent', closeCode: 1011 }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(model.connectionProblem.value).toBe(MESSAGES.connectionClosed);
    expect(analyseArgs(ai)).toBeDefined();
    expect(model.phase.value).toBe('done');
  });

  it('releases the camera when the room goes away mid-session', async () => {
    const { media, voice, controller, stop } = setup();
    await controller.startSession();
    stop();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(voice.ended).toBe(true);
    expect(media.released).toBe(true);
  });
});

describe('interview controller, analysis in the background', () => {
  it('shows the stage the server reports until the analysis arrives', async () => {
    const { ai, model } = setup({ mode: 'text' });
    let running = (): void => {};
    let finish = (): void => {};
    const analyzeInterview: typeof ai.analyzeInterview = async (sessionId, input, options) => {
      options?.onStage?.('queued');
      await new Promise<void>((resolve) => (running = resolve));
      options?.onStage?.('analysing');
      await new Promise<void>((resolve) => (finish = resolve));
      return { provider: 'local', sessionId, source: 'typed-answers', analysis: `Feedback for ${JSON.stringify(input)}` };
    };
    const staged = createInterviewRoomController({ ...ai, analyzeInterview }, model, { jobId: 'job1', media: fakeMedia(), voice: fakeVoice().connect });
    await staged.startSession();
    staged.setAnswer('I led the robotics team.');
    const ended = staged.submitAnswer().then(() => staged.endSession());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect([model.phase.value, model.analysisStage.value]).toEqual(['analyzing', 'queued']);
    running();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(model.analysisStage.value).toBe('analysing');
    finish();
    await ended;
    expect([model.phase.value, model.analysisStage.value, model.analysis.value?.analysis]).toEqual(['done', null, 'Feedback for {}']);
  });

  it('shows an error when the analysis fails, and a new session can start', async () => {
    const { ai, model, controller } = setup();
    await controller.startSession();
    ai.fail('analyzeInterview', new PortalError('ai-unavailable', 'The analysis did not finish. Please try again.'));
    await controller.endSession();
    expect([model.phase.value, model.error.value, model.analysisStage.value]).toEqual(['error', 'The analysis did not finish. Please try again.', null]);
    ai.fail('analyzeInterview');
    await controller.startSession();
    expect(model.phase.value).toBe('live');
  });
});

describe('interview controller, typed', () => {
  it('shows the questions one by one and requests the analysis after the last answer', async () => {
    const { ai, model, controller } = setup({ mode: 'text' });
    await controller.startSession();
    expect(model.text.value).toMatchObject({ current: 0, answered: 0 });
    for (let index = 0; index < 5; index++) {
      expect(model.text.value?.current).toBe(index);
      controller.setAnswer(`Answer ${index + 1}`);
      await controller.submitAnswer();
    }
    expect(ai.calls.filter(({ call }) => call === 'answerInterview').map(({ args }) => args[1])).toEqual([
      'Answer 1',
      'Answer 2',
      'Answer 3',
      'Answer 4',
      'Answer 5',
    ]);
    expect(analyseArgs(ai)).toEqual(['session1', {}]);
    expect(model.phase.value).toBe('done');
    expect(model.analysis.value?.source).toBe('typed-answers');
  });

  it('keeps the answer and shows the refusal when an answer is refused', async () => {
    const { ai, model, controller } = setup({ mode: 'text' });
    await controller.startSession();
    ai.fail('answerInterview', new PortalError('invalid-input', 'Please type an answer'));
    controller.setAnswer('  ');
    await controller.submitAnswer();
    expect(model.text.value).toMatchObject({ current: 0, answerError: 'Please type an answer', sending: false });
  });

  it('asks for an answer instead of analysing an interview ended before any', async () => {
    const { ai, model, controller } = setup({ mode: 'text' });
    await controller.startSession();
    await controller.endSession();
    expect(analyseArgs(ai)).toBeUndefined();
    expect(model.error.value).toBe(NO_ANSWERS);
    await controller.startSession();
    expect(model.phase.value).toBe('live');
  });

  it('shows why a session could not start', async () => {
    const { ai, model, controller } = setup({ mode: 'text' });
    ai.fail('startInterview', new PortalError('rate-limited', "Today's interview allowance is used up."));
    await controller.startSession();
    expect(model.phase.value).toBe('error');
    expect(model.error.value).toBe("Today's interview allowance is used up.");
  });
});
