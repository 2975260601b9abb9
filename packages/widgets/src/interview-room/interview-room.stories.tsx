import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, within } from 'storybook/test';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { AiProviders } from '@opportunity-kit/sdk';
import { canvasCameraStream } from '../testing/canvas-camera.ts';
import { fakeAi, SAMPLE_ANALYSIS } from '../testing/fake-ai.ts';
import { fakeMedia, fakeVoice } from '../testing/fake-interview-media.ts';
import { InterviewRoom } from './interview-room.tsx';
import { InterviewRoomView, WAITING_FOR_TURN } from './interview-room-view.tsx';

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
const recordings = {
  video: { url: 'data:video/webm;base64,', fileName: 'interview-video.webm' },
  audio: { url: 'data:audio/webm;base64,', fileName: 'interview-audio.webm' },
};

const meta = {
  title: 'AI/InterviewRoom',
  component: InterviewRoomView,
  args: {
    backHref: '/job/job1',
    jobTitle: 'Barista (part-time)',
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
    downloads: { video: null, audio: null },
    analysis: null,
    error: null,
    actions: { startSession: fn(), endSession: fn(), setAnswer: fn(), submitAnswer: fn() },
  },
} satisfies Meta<typeof InterviewRoomView>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Ready: Story = {
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByRole('link', { name: 'Back to Job' })).toHaveAttribute('href', '/job/job1');
    await expect(canvas.getByText(MESSAGES.cameraPlaceholder)).toBeVisible();
    await expect(canvas.getByText('Voice interview with an ElevenLabs agent; results by Gemini.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'End Session' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Start Session' }));
    await expect(args.actions.startSession).toHaveBeenCalled();
  },
};

export const Connecting: Story = {
  args: { phase: 'starting', mode: 'voice', connection: 'connecting' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Connecting')).toBeVisible();
  },
};

/** A voice session: connected, the agent speaking, the camera (a canvas here) in the preview. */
export const VoiceSession: Story = {
  args: {
    phase: 'live',
    mode: 'voice',
    connection: 'connected',
    agentMode: 'speaking',
    firstMessage: 'Hi Ana! Ready to practise for the barista role? Tell me a little about yourself.',
  },
  loaders: [() => ({ stream: canvasCameraStream() })],
  render: (args, { loaded }) => <InterviewRoomView {...args} stream={loaded.stream as MediaStream} />,
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Connected')).toBeVisible();
    await expect(canvas.getByText('Agent is Speaking')).toBeVisible();
    await expect(canvas.getByLabelText('Your camera')).toBeVisible();
    await userEvent.click(canvas.getByRole('button', { name: 'End Session' }));
    await expect(args.actions.endSession).toHaveBeenCalled();
  },
};

export const AgentListening: Story = {
  args: { phase: 'live', mode: 'voice', connection: 'connected', agentMode: 'listening', firstMessage: 'Hi Ana! Ready to practise?' },
  play: async ({ canvas }) => {
    await expect(canvas.getByText('Agent is Listening')).toBeVisible();
  },
};

/** The local provider: five typed questions, one at a time. */
export const TypedSession: Story = {
  args: {
    providers: localProviders,
    phase: 'live',
    mode: 'text',
    connection: 'connected',
    firstMessage: 'Welcome! Five questions about this posting follow.',
    text: { questions, current: 1, answered: 1, draft: 'At the library desk I helped', sending: false, answerError: null },
  },
  play: async ({ args, canvas, userEvent }) => {
    await expect(canvas.getByText('Typed interview from the local provider; results by the local provider.')).toBeVisible();
    const answer = canvas.getByRole('textbox', { name: /^Question 2 of 5/ });
    await userEvent.type(answer, '!');
    await expect(args.actions.setAnswer).toHaveBeenCalled();
    await userEvent.click(canvas.getByRole('button', { name: 'Send answer' }));
    await expect(args.actions.submitAnswer).toHaveBeenCalled();
  },
};

export const CameraBlocked: Story = {
  args: {
    phase: 'live',
    mode: 'voice',
    connection: 'connected',
    mediaProblem: "Camera access was blocked. Allow the camera for this site in your browser's settings, then start again.",
  },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Camera access was blocked');
    await expect(canvas.getByText(MESSAGES.cameraPlaceholder)).toBeVisible();
  },
};

export const MicrophoneBlocked: Story = {
  args: { mediaProblem: "Microphone access was blocked. Allow the microphone for this site in your browser's settings, then start again." },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Microphone access was blocked');
  },
};

export const Uploading: Story = {
  args: { phase: 'uploading', mode: 'voice', progress: 64, downloads: recordings },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Uploading the recording' })).toHaveAttribute('value', '64');
  },
};

export const Generating: Story = {
  args: { phase: 'analyzing', mode: 'voice', downloads: recordings },
  play: async ({ canvas }) => {
    await expect(canvas.getByText(MESSAGES.generatingResults)).toBeVisible();
  },
};

/** The analysis runs in the background on the server; here it still waits for a free worker. */
export const WaitingItsTurn: Story = {
  args: { phase: 'analyzing', analysisStage: 'queued', mode: 'voice', downloads: recordings },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('progressbar', { name: 'Analysing the interview' })).not.toHaveAttribute('value');
    await expect(canvas.getByText(new RegExp(WAITING_FOR_TURN))).toBeVisible();
  },
};

export const Results: Story = {
  args: {
    phase: 'done',
    mode: 'voice',
    downloads: recordings,
    analysis: { provider: 'gemini', sessionId: 'session1', source: 'recording', analysis: SAMPLE_ANALYSIS },
  },
  play: async ({ canvas }) => {
    const results = canvas.getByRole('region', { name: 'Results' });
    await expect(within(results).getByText('Summary:').tagName).toBe('STRONG');
    await expect(within(results).getByText('Analysed by Gemini')).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Download video' })).toHaveAttribute('download', 'interview-video.webm');
    await expect(canvas.getByRole('link', { name: 'Download audio' })).toHaveAttribute('download', 'interview-audio.webm');
  },
};

export const ConnectionClosed: Story = {
  args: { phase: 'analyzing', mode: 'voice', connectionProblem: MESSAGES.connectionClosed },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent(MESSAGES.connectionClosed);
  },
};

export const Failed: Story = {
  args: { phase: 'error', error: 'Candidate was blocked due to SAFETY' },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Candidate was blocked due to SAFETY');
  },
};

export const Dark: Story = {
  globals: { theme: 'dark' },
  args: { ...Results.args },
};

/** The connected room with the local provider: a typed interview from start to results. */
export const ConnectedTyped: StoryObj<typeof InterviewRoom> = {
  render: () => (
    <InterviewRoom
      ai={fakeAi({ interviewMode: 'text', provider: 'local' })}
      jobId="job1"
      jobTitle="Barista (part-time)"
      backHref="/job/job1"
      media={fakeMedia()}
      voice={fakeVoice().connect}
    />
  ),
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Start Session' }));
    for (let index = 1; index <= 5; index++) {
      const answer = await canvas.findByRole('textbox', { name: new RegExp(`^Question ${index} of 5`) });
      await userEvent.type(answer, `Answer ${index}`);
      await userEvent.click(canvas.getByRole('button', { name: 'Send answer' }));
    }
    await expect(await canvas.findByText('Analysed by the local provider')).toBeVisible();
  },
};

/** The connected room in voice mode, over a stand-in voice connection and recorder. */
export const ConnectedVoice: StoryObj<typeof InterviewRoom> = {
  render: () => (
    <InterviewRoom
      ai={fakeAi({ interviewMode: 'voice', provider: 'gemini' })}
      jobId="job1"
      jobTitle="Barista (part-time)"
      backHref="/job/job1"
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
  },
};
