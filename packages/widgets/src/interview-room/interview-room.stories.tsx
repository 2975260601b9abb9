import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, waitFor, within } from 'storybook/test';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { AiProviders } from '@opportunity-kit/sdk';
import { canvasCameraStream } from '../testing/canvas-camera.ts';
import { fakeAi, SAMPLE_ANALYSIS } from '../testing/fake-ai.ts';
import { fakeMedia, fakeVoice } from '../testing/fake-interview-media.ts';
import { InterviewRoom } from './interview-room.tsx';
import { TYPED_WITHOUT_RECORDING } from './interview-room-controller.ts';
import { InterviewRoomView, WAITING_FOR_TURN } from './interview-room-view.tsx';
import { DOWNLOADS_AFTER_SESSION, type InterviewRoomActions, type InterviewRoomState, type SessionDownloads } from './interview-room-model.ts';
import { UNAVAILABLE } from './session-downloads.ts';

/**
 * The interview room in each state. Camera, microphone and the voice SDK are stubbed through the
 * view's props (a canvas stands in for the camera), so no story needs a device or the network.
 */

const voiceProviders: AiProviders = { resumeReview: 'gemini', interview: 'elevenlabs', interviewAnalysis: 'gemini', coach: 'gemini' };
const localProviders: AiProviders = { resumeReview: 'local', interview: 'local', interviewAnalysis: 'local', coach: 'local' };
const questions = [
  'Why would you like to work as a barista at Bean There Cafe?',
  'Tell me about a time you helped a customer or a classmate.',
  'How do you stay calm when it gets busy?',
  'Which weekend hours can you work?',
  'What would you like to learn in this role?',
];
const recordings: SessionDownloads = {
  video: { file: { url: 'data:video/webm;base64,', fileName: 'interview-video.webm' }, unavailable: null },
  audio: { file: { url: 'data:audio/webm;base64,', fileName: 'interview-audio.webm' }, unavailable: null },
  transcript: { file: null, unavailable: UNAVAILABLE.voiceTranscript },
};
const notYet = { file: null, unavailable: DOWNLOADS_AFTER_SESSION };

/** The camera box shows the stream and plays it (a canvas drawing stands in for the camera). */
async function expectCameraPlaying(video: HTMLElement): Promise<void> {
  const element = video as HTMLVideoElement;
  await expect(element).toBeVisible();
  await expect(element.srcObject).toBeInstanceOf(MediaStream);
  await waitFor(
    () => expect({ paused: element.paused, frame: element.readyState >= HTMLMediaElement.HAVE_CURRENT_DATA }).toEqual({ paused: false, frame: true }),
    {
      timeout: 4000,
    },
  );
}

const ready: InterviewRoomState = {
  phase: 'idle',
  providers: voiceProviders,
  mode: null,
  connection: 'disconnected',
  agentMode: 'listening',
  stream: null,
  mediaProblem: null,
  connectionProblem: null,
  firstMessage: null,
  text: null,
  progress: 0,
  analysisStage: null,
  downloads: { video: notYet, audio: notYet, transcript: notYet },
  analysis: null,
  error: null,
};

const actions: InterviewRoomActions = { startSession: fn(), endSession: fn(), setAnswer: fn(), submitAnswer: fn() };

const meta = {
  title: 'AI/InterviewRoom',
  component: InterviewRoomView,
  args: { state: ready, actions, backHref: '/job/job1', jobTitle: 'Barista (part-time)' },
} satisfies Meta<typeof InterviewRoomView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('link', { name: 'Back to Job' })).toHaveAttribute('href', '/job/job1');
    await expect(canvas.getByText(MESSAGES.cameraPlaceholder)).toBeVisible();
    await expect(canvas.getByText('Voice interview with an ElevenLabs agent; results by Gemini.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'End Session' })).toBeDisabled();
    for (const name of ['Download video', 'Download audio', 'Download transcript']) {
      await expect(canvas.getByRole('button', { name })).toBeDisabled();
      await expect(canvas.getByRole('button', { name })).toHaveAccessibleDescription(DOWNLOADS_AFTER_SESSION);
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Start Session' }));
    await expect(args.actions.startSession).toHaveBeenCalled();
  },
};

export const Connecting: Story = {
  args: { state: { ...ready, phase: 'starting', mode: 'voice', connection: 'connecting' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Connecting')).toBeVisible();
  },
};

/** A voice session: connected, the agent speaking, the camera (a canvas here) in the preview. */
export const VoiceSession: Story = {
  args: {
    state: {
      ...ready,
      phase: 'live',
      mode: 'voice',
      connection: 'connected',
      agentMode: 'speaking',
      firstMessage: 'Hi Ana! Ready to practise for the barista role? Tell me a little about yourself.',
    },
  },
  loaders: [() => ({ stream: canvasCameraStream() })],
  render: (args, { loaded }) => <InterviewRoomView {...args} state={{ ...args.state, stream: loaded.stream as MediaStream }} />,
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Connected')).toBeVisible();
    await expect(canvas.getByText('Agent is Speaking')).toBeVisible();
    await expectCameraPlaying(canvas.getByLabelText('Your camera'));
    await userEvent.click(canvas.getByRole('button', { name: 'End Session' }));
    await expect(args.actions.endSession).toHaveBeenCalled();
  },
};

export const AgentListening: Story = {
  args: { state: { ...ready, phase: 'live', mode: 'voice', connection: 'connected', agentMode: 'listening', firstMessage: 'Hi Ana! Ready to practise?' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Agent is Listening')).toBeVisible();
  },
};

const typedSession: InterviewRoomState = {
  ...ready,
  providers: localProviders,
  phase: 'live',
  mode: 'text',
  connection: 'connected',
  firstMessage: 'Welcome! Five questions about this posting follow.',
  text: { questions, current: 1, answered: 1, draft: 'At the library desk I helped', sending: false, answerError: null },
};

/** The local provider: five typed questions, one at a time. */
export const TypedSession: Story = {
  args: { state: typedSession },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Typed interview from our built-in assistant; results by our built-in assistant.')).toBeVisible();
    const answer = canvas.getByRole('textbox', { name: /^Question 2 of 5/ });
    await userEvent.type(answer, '!');
    await expect(args.actions.setAnswer).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Send answer' }));
    await expect(args.actions.submitAnswer).toHaveBeenCalled();
  },
};

/** A typed interview on camera: the member sees (and records) themselves while answering. */
export const TypedSessionOnCamera: Story = {
  args: { state: typedSession },
  loaders: [() => ({ stream: canvasCameraStream() })],
  render: (args, { loaded }) => <InterviewRoomView {...args} state={{ ...args.state, stream: loaded.stream as MediaStream }} />,
  play: async ({ canvas }) => {
    await expectCameraPlaying(canvas.getByLabelText('Your camera'));
    await expect(canvas.queryByText(MESSAGES.cameraPlaceholder)).toBeNull();
    await expect(canvas.getByRole('textbox', { name: /^Question 2 of 5/ })).toBeVisible();
  },
};

/** A typed interview needs no camera: without one it goes on, and says quietly that it is not recorded, with no device error or empty box. */
export const TypedSessionNotRecorded: Story = {
  args: { state: { ...typedSession, mediaProblem: `No microphone was found. Connect one, then start again. ${TYPED_WITHOUT_RECORDING}` } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(TYPED_WITHOUT_RECORDING)).toBeVisible();
    await expect(canvas.queryByRole('alert', { name: /microphone/i })).toBeNull();
    await expect(canvas.queryByText(/No microphone/)).toBeNull();
    await expect(canvas.queryByText(MESSAGES.cameraPlaceholder)).toBeNull();
    await expect(canvas.queryByText('Agent is Listening')).toBeNull();
    await expect(canvas.getByRole('textbox', { name: /^Question 2 of 5/ })).toBeEnabled();
  },
};

export const CameraBlocked: Story = {
  args: {
    state: {
      ...ready,
      phase: 'live',
      mode: 'voice',
      connection: 'connected',
      mediaProblem: "Camera access was blocked. Allow the camera for this site in your browser's settings, then start again.",
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Camera access was blocked');
    await expect(canvas.getByText(MESSAGES.cameraPlaceholder)).toBeVisible();
  },
};

export const MicrophoneBlocked: Story = {
  args: {
    state: { ...ready, mediaProblem: "Microphone access was blocked. Allow the microphone for this site in your browser's settings, then start again." },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Microphone access was blocked');
  },
};

export const Uploading: Story = {
  args: { state: { ...ready, phase: 'uploading', mode: 'voice', progress: 64, downloads: recordings } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Uploading the recording' })).toHaveAttribute('value', '64');
  },
};

export const Generating: Story = {
  args: { state: { ...ready, phase: 'analyzing', mode: 'voice', downloads: recordings } },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.generatingResults)).toBeVisible();
  },
};

/** The analysis runs in the background on the server; here it still waits for a free worker. */
export const WaitingItsTurn: Story = {
  args: { state: { ...ready, phase: 'analyzing', analysisStage: 'queued', mode: 'voice', downloads: recordings } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Analysing the interview' })).not.toHaveAttribute('value');
    await expect(canvas.getByText(new RegExp(WAITING_FOR_TURN))).toBeVisible();
  },
};

export const Results: Story = {
  args: {
    state: {
      ...ready,
      phase: 'done',
      mode: 'voice',
      downloads: recordings,
      analysis: { provider: 'gemini', sessionId: 'session1', source: 'recording', analysis: SAMPLE_ANALYSIS },
    },
  },
  play: async ({ canvas }) => {
    const results = canvas.getByRole('region', { name: 'Results' });
    await expect(within(results).getByText('Summary:').tagName).toBe('STRONG');
    await expect(within(results).getByText('Analysed by Gemini')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Download video' })).toHaveAttribute('download', 'interview-video.webm');
    await expect(canvas.getByRole('link', { name: 'Download audio' })).toHaveAttribute('download', 'interview-audio.webm');
  },
};

/** The results of a typed interview: each question with the member's own answer, then the feedback on it. */
export const TypedResults: Story = {
  args: {
    state: {
      ...ready,
      providers: localProviders,
      phase: 'done',
      mode: 'text',
      downloads: {
        video: { file: { url: 'data:video/webm;base64,', fileName: 'interview-video.webm' }, unavailable: null },
        audio: { file: { url: 'data:audio/webm;base64,', fileName: 'interview-audio.webm' }, unavailable: null },
        transcript: { file: { url: 'data:text/plain;base64,', fileName: 'interview-transcript.txt' }, unavailable: null },
      },
      analysis: {
        provider: 'local',
        sessionId: 'session1',
        source: 'typed-answers',
        analysis: [
          '**Interview feedback for Barista (part-time) at Bean There Cafe**',
          'You answered 1 of 5 questions.',
          '',
          `**Question 1:** ${questions[0]}`,
          'Your answer: "I love making coffee for my family every weekend."',
          '- Length: 9 words is brief; aim for four to six sentences with an example.',
          '',
          `**Question 2:** ${questions[1]}`,
          'Your answer: none.',
          '- Not answered yet: every question is a chance to show something new about you.',
        ].join('\n'),
      },
    },
  },
  play: async ({ canvas }) => {
    const results = canvas.getByRole('region', { name: 'Results' });
    await expect(within(results).getByText('Your answer: "I love making coffee for my family every weekend."')).toBeVisible();
    await expect(within(results).getByText('Analysed by our built-in assistant')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Download transcript' })).toHaveAttribute('download', 'interview-transcript.txt');
  },
};

/** After a voice session without a camera: what can be downloaded, and why the rest cannot. */
export const DownloadsExplained: Story = {
  args: {
    state: {
      ...ready,
      phase: 'done',
      mode: 'voice',
      downloads: { ...recordings, video: { file: null, unavailable: UNAVAILABLE.noVideo } },
      analysis: { provider: 'gemini', sessionId: 'session1', source: 'recording', analysis: SAMPLE_ANALYSIS },
    },
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('button', { name: 'Download video' })).toHaveAccessibleDescription(`${UNAVAILABLE.noVideo} ${UNAVAILABLE.voiceTranscript}`);
    await expect(canvas.getByText(`${UNAVAILABLE.noVideo} ${UNAVAILABLE.voiceTranscript}`)).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Download audio' })).toHaveAttribute('download', 'interview-audio.webm');
  },
};

export const ConnectionClosed: Story = {
  args: { state: { ...ready, phase: 'analyzing', mode: 'voice', connectionProblem: MESSAGES.connectionClosed } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.connectionClosed);
  },
};

export const Failed: Story = {
  args: { state: { ...ready, phase: 'error', error: 'Candidate was blocked due to SAFETY' } },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Candidate was blocked due to SAFETY');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { ...Results.args },
};

type ConnectedStory = StoryObj<typeof InterviewRoom>;

/**
 * What the connected stories share: `InterviewRoom` gets its own props only, not the view's `state` and
 * `actions`, and only they have controls; the `ai`, camera and voice stand-ins are made as it renders.
 */
const connected = {
  parameters: { controls: { include: ['jobId', 'jobTitle', 'backHref', 'onBack'] } },
  args: { jobId: 'job1', jobTitle: 'Barista (part-time)', backHref: '/job/job1' },
} satisfies ConnectedStory;

/** The connected room with the local provider: a typed interview from start to results. */
export const ConnectedTyped: ConnectedStory = {
  ...connected,
  render: ({ jobId, jobTitle, backHref, onBack }) => (
    <InterviewRoom
      ai={fakeAi({ interviewMode: 'text', provider: 'local' })}
      jobId={jobId}
      jobTitle={jobTitle}
      backHref={backHref}
      onBack={onBack}
      media={fakeMedia()}
      voice={fakeVoice().connect}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start Session' }));
    await expectCameraPlaying(await canvas.findByLabelText('Your camera'));
    for (let index = 1; index <= 5; index++) {
      const answer = await canvas.findByRole('textbox', { name: new RegExp(`^Question ${index} of 5`) });
      await userEvent.type(answer, `Answer ${index}`);
      await userEvent.click(canvas.getByRole('button', { name: 'Send answer' }));
    }
    await expect(await canvas.findByText('Analysed by our built-in assistant')).toBeVisible();
    await expect(canvas.queryByText(MESSAGES.cameraPlaceholder)).toBeNull();
    await expect(canvas.getByRole('link', { name: 'Download video' })).toHaveAttribute('download', 'interview-video.webm');
    await expect(canvas.getByRole('link', { name: 'Download transcript' })).toHaveAttribute('download', 'interview-transcript.txt');
  },
};

/** The connected room in voice mode, over a stand-in voice connection and recorder. */
export const ConnectedVoice: ConnectedStory = {
  ...connected,
  render: ({ jobId, jobTitle, backHref, onBack }) => (
    <InterviewRoom
      ai={fakeAi({ interviewMode: 'voice', provider: 'gemini' })}
      jobId={jobId}
      jobTitle={jobTitle}
      backHref={backHref}
      onBack={onBack}
      media={fakeMedia({ camera: 'denied' })}
      voice={fakeVoice().connect}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start Session' }));
    await expect(await canvas.findByText('Agent is Speaking')).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('Camera access was blocked');
    await userEvent.click(canvas.getByRole('button', { name: 'End Session' }));
    await expect(await canvas.findByText('Analysed by Gemini')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Download audio' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Download video' })).toHaveAccessibleDescription(expect.stringContaining(UNAVAILABLE.noVideo));
  },
};
