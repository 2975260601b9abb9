import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { PortalError, type AiModule, type CoachMessage, type InterviewSession, type ResumeOnFile } from '@opportunity-kit/sdk';

/**
 * An in-memory stand-in for the SDK's `ai` module, for stories and tests: typed like the SDK,
 * answering with the shapes of packages/functions/src/ai/README.md, and able to fail or wait.
 */
export interface FakeAi extends AiModule {
  /** Makes the named call reject with this error from now on (or succeed again with `undefined`). */
  fail(call: keyof AiModule, error?: PortalError | undefined): void;
  /** Makes the named call wait until `release()`. */
  hold(call: keyof AiModule): { release(): void };
  readonly calls: Array<{ call: keyof AiModule; args: unknown[] }>;
}

export interface FakeAiOptions {
  /** Who answers the coach, reviews and analyses. */
  provider?: 'gemini' | 'local';
  /** `voice` starts ElevenLabs sessions; `text` (the default) typed ones. */
  interviewMode?: 'voice' | 'text';
  history?: CoachMessage[];
  questions?: string[];
  /** The resumes the member already sent with applications (none by default). */
  resumesOnFile?: ResumeOnFile[];
}

export const SAMPLE_REVIEW = [
  '**Overall:** a clear, one-page resume that fits a part-time barista role.',
  '',
  'Strengths:',
  '- **Customer service** from the library volunteer desk',
  '- Reliable weekend availability',
  '',
  'Suggestions:',
  '- Add a **Skills** section naming cash handling and food safety',
  '- Quantify the bake-sale fundraiser (how much was raised?)',
].join('\n');

export const SAMPLE_ANALYSIS = [
  '**Summary:** friendly and confident answers with good examples.',
  '',
  'What went well:',
  '- Clear reasons for wanting the role',
  '- A concrete story about teamwork',
  '',
  'To practise:',
  '- Keep answers under a minute',
].join('\n');

const DEFAULT_QUESTIONS = [
  'Why would you like to work as a barista at Bean There Cafe?',
  'Tell me about a time you helped a customer or a classmate.',
  'How do you stay calm when it gets busy?',
  'Which weekend hours can you work?',
  'What would you like to learn in this role?',
];

export function fakeAi(options: FakeAiOptions = {}): FakeAi {
  const provider = options.provider ?? 'local';
  const questions = options.questions ?? DEFAULT_QUESTIONS;
  const failures = new Map<keyof AiModule, PortalError>();
  const holds = new Map<keyof AiModule, Promise<void>>();
  const calls: FakeAi['calls'] = [];
  let history = [...(options.history ?? [])];
  let sequence = 0;
  let answered = 0;

  async function enter(call: keyof AiModule, args: unknown[]): Promise<void> {
    calls.push({ call, args });
    await holds.get(call);
    const failure = failures.get(call);
    if (failure) throw failure;
  }
  const message = (role: CoachMessage['role'], text: string): CoachMessage => ({
    id: `m${++sequence}`,
    role,
    text,
    provider: role === 'coach' ? provider : null,
    createdAt: new Date().toISOString(),
  });

  return {
    calls,
    fail(call, error) {
      if (error) failures.set(call, error);
      else failures.delete(call);
    },
    hold(call) {
      let resolve = () => {};
      holds.set(call, new Promise<void>((done) => (resolve = done)));
      return {
        release() {
          holds.delete(call);
          resolve();
        },
      };
    },

    async providers() {
      await enter('providers', []);
      return { resumeReview: provider, interview: options.interviewMode === 'voice' ? 'elevenlabs' : 'local', interviewAnalysis: provider, coach: provider };
    },
    async resumesOnFile() {
      await enter('resumesOnFile', []);
      return options.resumesOnFile ?? [];
    },
    async reviewResume(input, callOptions) {
      await enter('reviewResume', [input]);
      if ('resumeFileId' in input) return { provider, jobId: input.jobId, fileId: input.resumeFileId, review: SAMPLE_REVIEW };
      if (!input.resume) throw new PortalError('invalid-input', MESSAGES.selectFile, { fields: { resume: MESSAGES.selectFile } });
      for (const percent of [0, 50, 100])
        callOptions?.onProgress?.({ percent, uploadedBytes: (input.resume.size * percent) / 100, totalBytes: input.resume.size });
      return { provider, jobId: input.jobId, fileId: 'resume1', review: SAMPLE_REVIEW };
    },
    async startInterview(jobId) {
      await enter('startInterview', [jobId]);
      answered = 0;
      const session: InterviewSession =
        options.interviewMode === 'voice'
          ? {
              provider: 'elevenlabs',
              mode: 'voice',
              sessionId: 'session1',
              jobId,
              agentId: 'agent_a',
              signedUrl: 'wss://voice.example/signed',
              conversationId: 'conv1',
              firstMessage: 'Hi! Ready to practise for the barista role?',
              overrides: { prompt: `You are interviewing a student for posting ${jobId}.`, firstMessage: 'Hi! Ready to practise for the barista role?' },
            }
          : { provider: 'local', mode: 'text', sessionId: 'session1', jobId, firstMessage: 'Welcome! Five questions about this posting follow.', questions };
      return session;
    },
    async answerInterview(sessionId, answer) {
      await enter('answerInterview', [sessionId, answer]);
      if (answered >= questions.length) throw new PortalError('invalid-input', 'Every question is already answered');
      const index = answered++;
      const next = questions[answered];
      return { provider: 'local', sessionId, answeredIndex: index, nextQuestion: next === undefined ? null : { index: answered, text: next } };
    },
    async analyzeInterview(sessionId, input = {}, callOptions) {
      await enter('analyzeInterview', [sessionId, input]);
      if (input.recording) for (const percent of [0, 100]) callOptions?.onProgress?.({ percent, uploadedBytes: 0, totalBytes: input.recording.size });
      // The server queues the analysis, then runs it.
      callOptions?.onStage?.('queued');
      callOptions?.onStage?.('analysing');
      return {
        provider,
        sessionId,
        source: input.recording ? 'recording' : options.interviewMode === 'voice' ? 'conversation-audio' : 'typed-answers',
        analysis: SAMPLE_ANALYSIS,
      };
    },
    async askCoach(text) {
      await enter('askCoach', [text]);
      const messages = [
        message('user', text),
        message('coach', `Here is an idea:\n- Look at the **Gig** listings for "${text}"\n- Ask your teacher for a reference`),
      ];
      history = [...history, ...messages];
      return { provider, reply: messages[1]!.text, messages };
    },
    async coachHistory() {
      await enter('coachHistory', []);
      return history;
    },
    async clearCoach() {
      await enter('clearCoach', []);
      const deleted = history.length;
      history = [];
      return deleted;
    },
  };
}
