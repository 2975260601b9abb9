import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { fakeAi, SAMPLE_ANALYSIS } from '../testing/fake-ai.ts';
import { canvasCameraStream } from '../testing/canvas-camera.ts';
import { fakeMedia, fakeVoice } from '../testing/fake-interview-media.ts';
import { InterviewRoom } from './interview-room.tsx';
import { InterviewRoomView, WAITING_FOR_TURN, type InterviewRoomViewProps } from './interview-room-view.tsx';
import { DOWNLOADS_AFTER_SESSION, type InterviewRoomState, type SessionDownload } from './interview-room-model.ts';
import { UNAVAILABLE } from './session-downloads.ts';

const notYet: SessionDownload = { file: null, unavailable: DOWNLOADS_AFTER_SESSION };
const fileOf = (url: string, fileName: string): SessionDownload => ({ file: { url, fileName }, unavailable: null });
/** The text of what describes an element (its `aria-describedby` targets). */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ')
    .trim();

const ready: InterviewRoomState = {
  phase: 'idle',
  providers: null,
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

function viewProps(state: Partial<InterviewRoomState> = {}): InterviewRoomViewProps {
  return {
    state: { ...ready, ...state },
    actions: { startSession: vi.fn(), endSession: vi.fn(), setAnswer: vi.fn(), submitAnswer: vi.fn() },
    backHref: '/job/job1',
  };
}

describe('InterviewRoomView', () => {
  it('has every element of the interview page', () => {
    render(<InterviewRoomView {...viewProps()} />);
    expect(screen.getByRole('link', { name: 'Back to Job' }).getAttribute('href')).toBe('/job/job1');
    expect(screen.getByRole('button', { name: 'Start Session' })).toBeTruthy();
    expect((screen.getByRole('button', { name: 'End Session' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Connection Status:').closest('p')?.getAttribute('data-state')).toBe('disconnected');
    // No agent listens before a voice session connects (issue 25).
    expect(screen.queryByText('Agent is Listening')).toBeNull();
    expect(screen.getByText(MESSAGES.cameraPlaceholder)).toBeTruthy();
    for (const name of ['Download video', 'Download audio', 'Download transcript']) {
      const download = screen.getByRole('button', { name }) as HTMLButtonElement;
      expect(download.disabled).toBe(true);
      // Disabled, and saying why where everyone can read it.
      expect(descriptionOf(download)).toBe(DOWNLOADS_AFTER_SESSION);
    }
    expect(screen.getByText(DOWNLOADS_AFTER_SESSION)).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Results' })).toBeTruthy();
  });

  it('shows each connection state and the speaking agent', () => {
    const { rerender } = render(<InterviewRoomView {...viewProps({ connection: 'connecting' })} />);
    for (const [state, label] of [
      ['connecting', 'Connecting'],
      ['connected', 'Connected'],
      ['disconnecting', 'Disconnecting'],
      ['disconnected', 'Disconnected'],
    ] as const) {
      rerender(<InterviewRoomView {...viewProps({ phase: 'live', mode: 'voice', connection: state, agentMode: 'speaking' })} />);
      expect(screen.getByText(label).tagName).toBe('STRONG');
      // The agent speaks or listens only while the voice session is connected.
      expect(screen.queryByText('Agent is Speaking') !== null).toBe(state === 'connected');
    }
  });

  it('says which providers run the interview and the results', () => {
    const { rerender } = render(
      <InterviewRoomView {...viewProps({ providers: { resumeReview: 'gemini', interview: 'elevenlabs', interviewAnalysis: 'gemini', coach: 'gemini' } })} />,
    );
    expect(screen.getByText('Voice interview with an ElevenLabs agent; results by Gemini.')).toBeTruthy();
    rerender(<InterviewRoomView {...viewProps({ providers: { resumeReview: 'local', interview: 'local', interviewAnalysis: 'local', coach: 'local' } })} />);
    expect(screen.getByText('Typed interview from our built-in assistant; results by our built-in assistant.')).toBeTruthy();
  });

  it('shows "Generating results..." while waiting, then the analysis as text with its provider', () => {
    const { rerender } = render(<InterviewRoomView {...viewProps({ phase: 'analyzing' })} />);
    expect(screen.getByText(MESSAGES.generatingResults)).toBeTruthy();
    // The analysis runs in the background on the server: a running bar, and a word while it waits its turn.
    expect(screen.getByRole('progressbar', { name: 'Analysing the interview' }).hasAttribute('value')).toBe(false);
    rerender(<InterviewRoomView {...viewProps({ phase: 'analyzing', analysisStage: 'queued' })} />);
    expect(within(screen.getByRole('region', { name: 'Results' })).getByRole('status').textContent).toContain(WAITING_FOR_TURN);
    rerender(<InterviewRoomView {...viewProps({ phase: 'analyzing', analysisStage: 'analysing' })} />);
    expect(screen.queryByText(new RegExp(WAITING_FOR_TURN))).toBeNull();
    rerender(
      <InterviewRoomView {...viewProps({ phase: 'done', analysis: { provider: 'gemini', sessionId: 's', source: 'recording', analysis: SAMPLE_ANALYSIS } })} />,
    );
    const results = screen.getByRole('region', { name: 'Results' });
    expect(within(results).getByText('Summary:').tagName).toBe('STRONG');
    expect(within(results).getAllByRole('listitem')).toHaveLength(3);
    expect(within(results).getByText('Analysed by Gemini')).toBeTruthy();
  });

  it('shows why the analysis failed, and lets the member start again', () => {
    render(<InterviewRoomView {...viewProps({ phase: 'error', error: 'The analysis did not finish. Please try again.' })} />);
    const results = screen.getByRole('region', { name: 'Results' });
    expect(within(results).getByRole('alert').textContent).toBe('The analysis did not finish. Please try again.');
    expect(within(results).queryByRole('progressbar')).toBeNull();
    expect((screen.getByRole('button', { name: 'Start Session' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("offers the previous session's recordings and transcript as downloads", () => {
    render(
      <InterviewRoomView
        {...viewProps({
          downloads: {
            video: fileOf('blob:v', 'interview-video.webm'),
            audio: fileOf('blob:a', 'interview-audio.webm'),
            transcript: fileOf('blob:t', 'interview-transcript.txt'),
          },
        })}
      />,
    );
    const video = screen.getByRole('link', { name: 'Download video' });
    expect(video.getAttribute('href')).toBe('blob:v');
    expect(video.getAttribute('download')).toBe('interview-video.webm');
    expect(screen.getByRole('link', { name: 'Download audio' }).getAttribute('download')).toBe('interview-audio.webm');
    expect(screen.getByRole('link', { name: 'Download transcript' }).getAttribute('href')).toBe('blob:t');
    expect(screen.queryByText(DOWNLOADS_AFTER_SESSION)).toBeNull();
  });

  it('says why each download of the previous session is missing', () => {
    render(
      <InterviewRoomView
        {...viewProps({
          downloads: {
            video: { file: null, unavailable: UNAVAILABLE.noVideo },
            audio: fileOf('blob:a', 'interview-audio.webm'),
            transcript: { file: null, unavailable: UNAVAILABLE.voiceTranscript },
          },
        })}
      />,
    );
    expect(descriptionOf(screen.getByRole('button', { name: 'Download video' }))).toContain(UNAVAILABLE.noVideo);
    expect(descriptionOf(screen.getByRole('button', { name: 'Download transcript' }))).toContain(UNAVAILABLE.voiceTranscript);
    expect(screen.getByRole('link', { name: 'Download audio' }).hasAttribute('aria-describedby')).toBe(false);
  });

  it('plays the camera in the preview once media starts', async () => {
    const stream = canvasCameraStream();
    const { rerender } = render(<InterviewRoomView {...viewProps({ phase: 'starting' })} />);
    expect(screen.getByText(MESSAGES.cameraPlaceholder)).toBeTruthy();
    rerender(<InterviewRoomView {...viewProps({ phase: 'live', mode: 'text', stream })} />);
    const video = screen.getByLabelText('Your camera') as HTMLVideoElement;
    expect(video.srcObject).toBe(stream);
    expect(video.muted).toBe(true);
    await waitFor(() => expect(video.paused).toBe(false));
    expect(screen.queryByText(MESSAGES.cameraPlaceholder)).toBeNull();
  });

  it('shows camera and connection problems to the member', () => {
    render(<InterviewRoomView {...viewProps({ mediaProblem: 'Camera access was blocked.', connectionProblem: MESSAGES.connectionClosed })} />);
    expect(screen.getAllByRole('alert').map((alert) => alert.textContent)).toEqual(['Camera access was blocked.', MESSAGES.connectionClosed]);
  });

  it('has no axe violations, before and during a typed session', async () => {
    const { container, rerender } = render(<InterviewRoomView {...viewProps()} />);
    await expectNoAxeViolations(container);
    rerender(
      <InterviewRoomView
        {...viewProps({
          phase: 'live',
          mode: 'text',
          connection: 'connected',
          firstMessage: 'Welcome!',
          text: { questions: ['Why us?'], current: 0, answered: 0, draft: '', sending: false, answerError: null },
        })}
      />,
    );
    await expectNoAxeViolations(container);
  });
});

describe('InterviewRoom', () => {
  it('runs a typed interview: questions one by one, then the analysis', async () => {
    const user = userEvent.setup();
    render(
      <InterviewRoom
        ai={fakeAi({ interviewMode: 'text', provider: 'local' })}
        jobId="job1"
        backHref="/job/job1"
        media={fakeMedia()}
        voice={fakeVoice().connect}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Start Session' }));
    // The member sees themselves while answering, as in a voice interview.
    const camera = (await screen.findByLabelText('Your camera')) as HTMLVideoElement;
    expect(camera.srcObject).not.toBeNull();
    for (let index = 1; index <= 5; index++) {
      const answer = await screen.findByRole('textbox', { name: new RegExp(`^Question ${index} of 5`) });
      expect(document.activeElement).toBe(answer);
      await user.type(answer, `My answer ${index}`);
      await user.click(screen.getByRole('button', { name: 'Send answer' }));
    }
    await screen.findByText('Analysed by our built-in assistant');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Results' }));
    expect(screen.getByRole('link', { name: 'Download transcript' }).getAttribute('download')).toBe('interview-transcript.txt');
    expect(screen.getByRole('link', { name: 'Download video' }).getAttribute('download')).toBe('interview-video.webm');
    // A typed interview shows no empty camera box once the camera is off.
    expect(screen.queryByText(MESSAGES.cameraPlaceholder)).toBeNull();
  });

  it('runs a voice interview and offers the recordings afterwards', async () => {
    const user = userEvent.setup();
    const voice = fakeVoice();
    render(
      <InterviewRoom ai={fakeAi({ interviewMode: 'voice', provider: 'gemini' })} jobId="job1" backHref="/job/job1" media={fakeMedia()} voice={voice.connect} />,
    );
    await user.click(screen.getByRole('button', { name: 'Start Session' }));
    await screen.findByText('Agent is Speaking');
    expect(screen.getByText('Connected')).toBeTruthy();
    // The session's own interviewer travels with the conversation's start.
    expect(voice.started).toEqual({
      signedUrl: 'wss://voice.example/signed',
      overrides: { prompt: 'You are interviewing a student for posting job1.', firstMessage: 'Hi! Ready to practise for the barista role?' },
    });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'End Session' }));
    await user.click(screen.getByRole('button', { name: 'End Session' }));
    await screen.findByText('Analysed by Gemini');
    await waitFor(() => expect(screen.getByRole('link', { name: 'Download video' })).toBeTruthy());
    expect(screen.getByRole('link', { name: 'Download audio' })).toBeTruthy();
  });

  it('shows a blocked microphone instead of starting', async () => {
    const user = userEvent.setup();
    render(
      <InterviewRoom
        ai={fakeAi({ interviewMode: 'voice' })}
        jobId="job1"
        backHref="/job/job1"
        media={fakeMedia({ microphone: 'denied' })}
        voice={fakeVoice().connect}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Start Session' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Microphone access was blocked/);
    expect((screen.getByRole('button', { name: 'Start Session' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('lets a client-side router handle Back to Job', async () => {
    const user = userEvent.setup();
    const onBack = vi.fn();
    render(<InterviewRoom ai={fakeAi()} jobId="job1" backHref="/job/job1" onBack={onBack} media={fakeMedia()} voice={fakeVoice().connect} />);
    await user.click(screen.getByRole('link', { name: 'Back to Job' }));
    expect(onBack).toHaveBeenCalled();
  });
});
