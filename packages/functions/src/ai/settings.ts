import { MAX_UPLOAD_BYTES, SESSION_AUDIO_DELAY_MS, type AiProviders } from '@opportunity-kit/sdk/domain';

/** The features with a daily cap each (the `feature` column of `ai_usage`). */
export type Feature = 'resume-review' | 'interview' | 'interview-analysis' | 'coach';

export interface GeminiConfig {
  apiKey: string;
  model: string;
  /** Google's endpoint when undefined. */
  baseUrl: string | undefined;
}

export interface ElevenLabsConfig {
  apiKey: string;
  agentIds: string[];
  baseUrl: string;
}

export interface AiSettings {
  /** Undefined without a key: the local provider answers instead. */
  gemini: GeminiConfig | undefined;
  elevenLabs: ElevenLabsConfig | undefined;
  /** Calls per user and UTC day; 0 turns the feature off. */
  caps: Readonly<Record<Feature, number>>;
  /** Limit on each provider call of a synchronous route (at most {@link SYNC_PROVIDER_TIMEOUT_CAP_MS}). */
  timeoutMs: number;
  /** Limit on Gemini's analysis of an interview, which runs as an asynchronous execution (at most {@link ANALYSIS_TIMEOUT_CAP_MS}). */
  analysisTimeoutMs: number;
  maxPdfBytes: number;
  /** Gemini takes at most 20 MB inline per request, base64 included. */
  maxRecordingBytes: number;
  maxMessageChars: number;
  /** The spec's wait before fetching a session's audio. */
  audioDelayMs: number;
}

/**
 * Appwrite ends a synchronous execution at 30 s. Every synchronous route makes at most one provider
 * call, so with this cap the execution answers within about 25 s (Appwrite's own calls included).
 */
export const SYNC_PROVIDER_TIMEOUT_CAP_MS = 20_000;

/**
 * The interview analysis runs as an asynchronous execution, bounded by the function's `timeout` in
 * appwrite.config.json (120 s): the 1.5 s wait, a conversation check and its audio (each under the
 * synchronous cap) and this Gemini call must all fit inside it.
 */
export const ANALYSIS_TIMEOUT_CAP_MS = 60_000;

export const DEFAULT_GEMINI_MODEL = 'gemini-2.5-flash';
export const DEFAULT_ELEVENLABS_BASE_URL = 'https://api.elevenlabs.io';

const DEFAULT_CAPS: Readonly<Record<Feature, number>> = {
  'resume-review': 20,
  interview: 10,
  'interview-analysis': 10,
  coach: 50,
};

const CAP_VARIABLES: Readonly<Record<Feature, string>> = {
  'resume-review': 'AI_DAILY_CAP_RESUME_REVIEW',
  interview: 'AI_DAILY_CAP_INTERVIEW',
  'interview-analysis': 'AI_DAILY_CAP_INTERVIEW_ANALYSIS',
  coach: 'AI_DAILY_CAP_COACH',
};

/**
 * The AI settings from the function's environment, read per execution (a changed variable applies
 * without a redeploy). Keys are only ever read here and handed to the provider clients.
 */
export function aiSettings(env: NodeJS.ProcessEnv = process.env): AiSettings {
  const text = (name: string): string => env[name]?.trim() ?? '';
  const geminiKey = text('GEMINI_API_KEY');
  const elevenLabsKey = text('ELEVENLABS_API_KEY');
  const agentIds = text('ELEVENLABS_AGENT_IDS')
    .split(/[\s,;]+/)
    .filter(Boolean);
  const caps = Object.fromEntries(
    (Object.keys(DEFAULT_CAPS) as Feature[]).map((feature) => [feature, whole(env[CAP_VARIABLES[feature]], DEFAULT_CAPS[feature])]),
  ) as Record<Feature, number>;
  return {
    gemini: geminiKey ? { apiKey: geminiKey, model: text('GEMINI_MODEL') || DEFAULT_GEMINI_MODEL, baseUrl: text('GEMINI_BASE_URL') || undefined } : undefined,
    elevenLabs:
      elevenLabsKey && agentIds.length > 0
        ? { apiKey: elevenLabsKey, agentIds, baseUrl: (text('ELEVENLABS_BASE_URL') || DEFAULT_ELEVENLABS_BASE_URL).replace(/\/+$/, '') }
        : undefined,
    caps,
    // A larger value would outlive Appwrite's synchronous limit: it is held to the cap.
    timeoutMs: Math.min(whole(env.AI_TIMEOUT_MS, SYNC_PROVIDER_TIMEOUT_CAP_MS, 1), SYNC_PROVIDER_TIMEOUT_CAP_MS),
    analysisTimeoutMs: Math.min(whole(env.AI_ANALYSIS_TIMEOUT_MS, ANALYSIS_TIMEOUT_CAP_MS, 1), ANALYSIS_TIMEOUT_CAP_MS),
    maxPdfBytes: whole(env.AI_MAX_PDF_BYTES, MAX_UPLOAD_BYTES, 1),
    maxRecordingBytes: whole(env.AI_MAX_RECORDING_BYTES, 15_000_000, 1),
    maxMessageChars: whole(env.AI_MAX_MESSAGE_CHARS, 2000, 1),
    audioDelayMs: SESSION_AUDIO_DELAY_MS,
  };
}

/** Which provider answers each feature under these settings (`GET /providers`). */
export function providersOf(settings: AiSettings): AiProviders {
  const text = settings.gemini ? 'gemini' : 'local';
  // Gemini analyses only voice sessions (their recording or audio); typed answers are always analysed locally.
  const interviewAnalysis = settings.gemini && settings.elevenLabs ? 'gemini' : 'local';
  return { resumeReview: text, interview: settings.elevenLabs ? 'elevenlabs' : 'local', interviewAnalysis, coach: text };
}

/** A whole number of at least `min` from a variable; anything else reads as the default. */
function whole(value: string | undefined, fallback: number, min = 0): number {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= min ? parsed : fallback;
}
