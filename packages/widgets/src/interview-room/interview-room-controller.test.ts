import { describe, expect, it } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { PortalError } from '@opportunity-kit/sdk';
import { fakeAi } from '../testing/fake-ai.ts';
import { fakeMedia, fakeVoice } from '../testing/fake-interview-media.ts';
import type { InterviewMedia } from './interview-media.ts';
import { createInterviewRoomController, NO_ANSWERS, TYPED_WITHOUT_RECORDING } from './interview-room-controller.ts';
import { createInterviewRoomModel, DOWNLOADS_AFTER_SESSION } from './interview-room-model.ts';
import { UNAVAILABLE } from './session-downloads.ts';
import { closeProblem } from './voice-connection.ts';

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function setup(options: { mode?: 'voice' | 'text'; camera?: 'ok' | 'denied'; microphone?: 'ok' | 'denied'; media?: InterviewMedia } = {}) {
  const ai = fakeAi({ interviewMode: options.mode ?? 'voice', provider: 'gemini' });
  const media = fakeMedia(options);
  const voice = fakeVoice();
  const model = createInterviewRoomModel();
  const blobs = new Map<string, Blob>();
  const revoked: string[] = [];
  const controller = createInterviewRoomController(ai, model, {
    jobId: 'job1',
    media: options.media ?? media,
    voice: voice.connect,
    urls: {
      create: (blob) => {
        const url = `blob:${blobs.size + 1}-${blob.type}`;
        blobs.set(url, blob);
        return url;
      },
      revoke: (url) => void revoked.push(url),
    },
  });
  const stop = controller.start();
  const downloaded = (url: string | undefined) => blobs.get(url ?? '')?.text();
  return { ai, media, voice, controller, state: () => controller.state.value, actions: controller.actions, stop, revoked, downloaded };
}

const analyseArgs = (ai: ReturnType<typeof fakeAi>) => ai.calls.find(({ call }) => call === 'analyzeInterview')?.args;

describe('interview controller, voice', () => {
  it('connects, records, and on End uploads the video for analysis', async () => {
    const { ai, media, voice, state, actions } = setup();
    actions.startSession();
    await settle();
    expect(state().phase).toBe('live');
    expect(state().connection).toBe('connected');
    expect(state().agentMode).toBe('speaking');
    expect(media.recording).toBe(true);
    voice.events?.onMode('listening');
    expect(state().agentMode).toBe('listening');
    actions.endSession();
    await settle();
    expect(voice.ended).toBe(true);
    expect(media.released).toBe(true);
    expect(state().connection).toBe('disconnected');
    const [sessionId, input] = analyseArgs(ai) as [string, { recording: File; conversationId: string }];
    expect(sessionId).toBe('session1');
    expect(input.recording).toBeInstanceOf(File);
    expect(input.recording.type).toBe('video/webm');
    expect(input.recording.name).toBe('interview-session1.webm');
    expect(input.conversationId).toBe('conv1');
    expect(voice.started?.overrides.firstMessage).toBe('Hi! Ready to practise for the barista role?');
    expect(voice.started?.overrides.prompt).toContain('job1');
    expect(state().phase).toBe('done');
    expect(state().analysis?.provider).toBe('gemini');
    expect(state().downloads).toEqual({
      video: { file: { url: 'blob:1-video/webm', fileName: 'interview-video.webm' }, unavailable: null },
      audio: { file: { url: 'blob:2-audio/webm', fileName: 'interview-audio.webm' }, unavailable: null },
      transcript: { file: null, unavailable: UNAVAILABLE.voiceTranscript },
    });
  });

  it('tells the member the camera was blocked and goes on with sound, uploading the audio', async () => {
    const { ai, state, actions } = setup({ camera: 'denied' });
    actions.startSession();
    await settle();
    expect(state().mediaProblem).toMatch(/^Camera access was blocked/);
    expect(state().phase).toBe('live');
    actions.endSession();
    await settle();
    const [, input] = analyseArgs(ai) as [string, { recording: File }];
    expect(input.recording.type).toBe('audio/webm');
    expect(state().downloads.video).toEqual({ file: null, unavailable: UNAVAILABLE.noVideo });
    expect(state().downloads.audio.file?.fileName).toBe('interview-audio.webm');
  });

  it('does not connect without a microphone, and says why', async () => {
    const { state, voice, actions } = setup({ microphone: 'denied' });
    actions.startSession();
    await settle();
    expect(state().mediaProblem).toMatch(/^Microphone access was blocked/);
    expect(state().phase).toBe('idle');
    expect(state().connection).toBe('disconnected');
    expect(voice.events).toBeNull();
  });

  it('shows a failed connection and releases the camera', async () => {
    const { state, media, voice, actions } = setup();
    voice.failWith(new Error('Could not reach the interviewer'));
    actions.startSession();
    await settle();
    expect(state().phase).toBe('error');
    expect(state().error).toBe('Could not reach the interviewer');
    expect(media.released).toBe(true);
    expect(state().stream).toBeNull();
  });

  it('ends and analyses when the server closes the conversation, saying why', async () => {
    const { ai, state, voice, actions } = setup();
    actions.startSession();
    await settle();
    voice.events?.onEnd(closeProblem({ reason: 'agent', closeCode: 1011 }));
    await settle();
    expect(state().connectionProblem).toBe(MESSAGES.connectionClosed);
    expect(analyseArgs(ai)).toBeDefined();
    expect(state().phase).toBe('done');
  });

  it('releases the camera when the room goes away mid-session', async () => {
    const { media, voice, actions, stop } = setup();
    actions.startSession();
    await settle();
    stop();
    await settle();
    expect(voice.ended).toBe(true);
    expect(media.released).toBe(true);
  });
});

describe('interview controller, providers', () => {
  it('names the providers also when a session starts before they are known, and not after it stopped', async () => {
    const ai = fakeAi({ interviewMode: 'text', provider: 'gemini' });
    const controller = createInterviewRoomController(ai, createInterviewRoomModel(), { jobId: 'job1', media: fakeMedia(), voice: fakeVoice().connect });
    const held = ai.hold('providers');
    const stop = controller.start();
    controller.actions.startSession();
    await settle();
    held.release();
    await settle();
    expect(controller.state.value).toMatchObject({ phase: 'live', providers: { interview: 'local', interviewAnalysis: 'gemini' } });

    const late = createInterviewRoomController(ai, createInterviewRoomModel(), { jobId: 'job1', media: fakeMedia(), voice: fakeVoice().connect });
    const heldAgain = ai.hold('providers');
    late.start()();
    heldAgain.release();
    await settle();
    expect(late.state.value.providers).toBeNull();
    stop();
  });
});

describe('interview controller, analysis in the background', () => {
  it('shows the stage the server reports until the analysis arrives', async () => {
    const { ai } = setup({ mode: 'text' });
    let running = (): void => {};
    let finish = (): void => {};
    const analyzeInterview: typeof ai.analyzeInterview = async (sessionId, input, options) => {
      options?.onStage?.('queued');
      await new Promise<void>((resolve) => (running = resolve));
      options?.onStage?.('analysing');
      await new Promise<void>((resolve) => (finish = resolve));
      return { provider: 'local', sessionId, source: 'typed-answers', analysis: `Feedback for ${JSON.stringify(input)}` };
    };
    const staged = createInterviewRoomController({ ...ai, analyzeInterview }, createInterviewRoomModel(), {
      jobId: 'job1',
      media: fakeMedia(),
      voice: fakeVoice().connect,
    });
    const state = () => staged.state.value;
    staged.actions.startSession();
    await settle();
    staged.actions.setAnswer('I led the robotics team.');
    staged.actions.submitAnswer();
    await settle();
    staged.actions.endSession();
    await settle();
    expect([state().phase, state().analysisStage]).toEqual(['analyzing', 'queued']);
    running();
    await settle();
    expect(state().analysisStage).toBe('analysing');
    finish();
    await settle();
    expect([state().phase, state().analysisStage, state().analysis?.analysis]).toEqual(['done', null, 'Feedback for {}']);
  });

  it('shows an error when the analysis fails, and a new session can start', async () => {
    const { ai, state, actions } = setup();
    actions.startSession();
    await settle();
    ai.fail('analyzeInterview', new PortalError('ai-unavailable', 'The analysis did not finish. Please try again.'));
    actions.endSession();
    await settle();
    expect([state().phase, state().error, state().analysisStage]).toEqual(['error', 'The analysis did not finish. Please try again.', null]);
    ai.fail('analyzeInterview');
    actions.startSession();
    await settle();
    expect(state().phase).toBe('live');
  });
});

describe('interview controller, typed', () => {
  it('shows the questions one by one and requests the analysis after the last answer', async () => {
    const { ai, state, actions } = setup({ mode: 'text' });
    actions.startSession();
    await settle();
    expect(state().text).toMatchObject({ current: 0, answered: 0 });
    for (let index = 0; index < 5; index++) {
      expect(state().text?.current).toBe(index);
      actions.setAnswer(`Answer ${index + 1}`);
      actions.submitAnswer();
      await settle();
    }
    expect(ai.calls.filter(({ call }) => call === 'answerInterview').map(({ args }) => args[1])).toEqual([
      'Answer 1',
      'Answer 2',
      'Answer 3',
      'Answer 4',
      'Answer 5',
    ]);
    expect(analyseArgs(ai)).toEqual(['session1', {}]);
    expect(state().phase).toBe('done');
    expect(state().analysis?.source).toBe('typed-answers');
  });

  it('keeps the answer and shows the refusal when an answer is refused', async () => {
    const { ai, state, actions } = setup({ mode: 'text' });
    actions.startSession();
    await settle();
    ai.fail('answerInterview', new PortalError('invalid-input', 'Please type an answer'));
    actions.setAnswer('  ');
    actions.submitAnswer();
    await settle();
    expect(state().text).toMatchObject({ current: 0, answerError: 'Please type an answer', sending: false });
  });

  it('asks for an answer instead of analysing an interview ended before any', async () => {
    const { ai, state, actions } = setup({ mode: 'text' });
    actions.startSession();
    await settle();
    actions.endSession();
    await settle();
    expect(analyseArgs(ai)).toBeUndefined();
    expect(state().error).toBe(NO_ANSWERS);
    expect(state().downloads.transcript).toEqual({ file: null, unavailable: UNAVAILABLE.noAnswers });
    actions.startSession();
    await settle();
    expect(state().phase).toBe('live');
  });

  it('shows why a session could not start', async () => {
    const { ai, state, actions } = setup({ mode: 'text' });
    ai.fail('startInterview', new PortalError('rate-limited', "Today's interview allowance is used up."));
    actions.startSession();
    await settle();
    expect(state().phase).toBe('error');
    expect(state().error).toBe("Today's interview allowance is used up.");
  });
});

describe('interview controller, typed sessions on camera', () => {
  it('says every download comes after a session until one has ended', () => {
    const { state } = setup({ mode: 'text' });
    const notYet = { file: null, unavailable: DOWNLOADS_AFTER_SESSION };
    expect(state().downloads).toEqual({ video: notYet, audio: notYet, transcript: notYet });
  });

  it('shows the camera while the questions are answered, then offers the recordings and the transcript', async () => {
    const { ai, media, state, actions, downloaded } = setup({ mode: 'text' });
    actions.startSession();
    await settle();
    expect(state().phase).toBe('live');
    expect(state().stream).not.toBeNull();
    expect(media.recording).toBe(true);
    for (const answer of ['I led the robotics team.', 'We practised every week and finished third.']) {
      actions.setAnswer(`${answer}  `);
      actions.submitAnswer();
      await settle();
    }
    actions.endSession();
    await settle();
    expect([state().stream, media.released]).toEqual([null, true]);
    // Typed answers are analysed; the recording stays with the member.
    expect(analyseArgs(ai)).toEqual(['session1', {}]);
    const { video, audio, transcript } = state().downloads;
    expect([video.file?.fileName, audio.file?.fileName, transcript.file?.fileName]).toEqual([
      'interview-video.webm',
      'interview-audio.webm',
      'interview-transcript.txt',
    ]);
    const text = await downloaded(transcript.file?.url);
    expect(text).toContain('Interviewer: Welcome! Five questions about this posting follow.');
    expect(text).toContain('Question 1 of 5: Why would you like to work as a barista at Bean There Cafe?\nYour answer: I led the robotics team.\n');
    expect(text).toContain(
      'Question 2 of 5: Tell me about a time you helped a customer or a classmate.\nYour answer: We practised every week and finished third.',
    );
    expect(text).toContain('Question 3 of 5: How do you stay calm when it gets busy?\nYour answer: (not answered)');
  });

  it('goes on without a camera or microphone, saying why the session is not recorded', async () => {
    const { state, actions } = setup({ mode: 'text', microphone: 'denied' });
    actions.startSession();
    await settle();
    expect(state().phase).toBe('live');
    expect(state().text?.questions).toHaveLength(5);
    expect(state().mediaProblem).toMatch(new RegExp(`^Microphone access was blocked\\..* ${TYPED_WITHOUT_RECORDING}$`));
    actions.setAnswer('I led the robotics team.');
    actions.submitAnswer();
    await settle();
    actions.endSession();
    await settle();
    const { video, audio, transcript } = state().downloads;
    expect([video.unavailable, audio.unavailable]).toEqual([UNAVAILABLE.notRecorded, UNAVAILABLE.notRecorded]);
    expect(transcript.file?.fileName).toBe('interview-transcript.txt');
  });

  it('releases a camera the member allowed only after the typed interview ended', async () => {
    const camera = fakeMedia();
    let allow = (): void => {};
    const slow: InterviewMedia = { start: () => new Promise((resolve) => (allow = () => resolve(camera.start()))) };
    const { state, actions } = setup({ mode: 'text', media: slow });
    actions.startSession();
    await settle();
    actions.setAnswer('I led the robotics team.');
    actions.submitAnswer();
    await settle();
    actions.endSession();
    await settle();
    allow();
    await settle();
    expect([camera.released, camera.recording, state().stream]).toEqual([true, false, null]);
    expect(state().downloads.video.unavailable).toBe(UNAVAILABLE.notRecorded);
  });
});
