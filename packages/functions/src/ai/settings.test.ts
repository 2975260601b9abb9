import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { aiSettings, ANALYSIS_TIMEOUT_CAP_MS, providersOf, SYNC_PROVIDER_TIMEOUT_CAP_MS } from './settings.ts';

describe('aiSettings', () => {
  it('uses the local provider without keys, with the documented defaults', () => {
    const settings = aiSettings({ GEMINI_API_KEY: '', ELEVENLABS_API_KEY: '' });
    expect(settings.gemini).toBeUndefined();
    expect(settings.elevenLabs).toBeUndefined();
    expect(settings.caps).toEqual({ 'resume-review': 20, interview: 10, 'interview-analysis': 10, coach: 50 });
    expect([settings.timeoutMs, settings.analysisTimeoutMs, settings.maxPdfBytes, settings.maxMessageChars, settings.audioDelayMs]).toEqual([
      20_000, 60_000, 10_000_000, 2000, 1500,
    ]);
    expect(providersOf(settings)).toEqual({ resumeReview: 'local', interview: 'local', interviewAnalysis: 'local', coach: 'local' });
  });

  it('reads keys, the model, agents, caps and limits', () => {
    const settings = aiSettings({
      GEMINI_API_KEY: ' g-key ',
      GEMINI_MODEL: 'gemini-2.5-flash-lite',
      ELEVENLABS_API_KEY: 'xi-key',
      ELEVENLABS_AGENT_IDS: 'agent_a, agent_b;agent_c',
      ELEVENLABS_BASE_URL: 'https://api.eu.residency.elevenlabs.io/',
      AI_DAILY_CAP_COACH: '0',
      AI_DAILY_CAP_INTERVIEW: 'lots',
      AI_TIMEOUT_MS: '5000',
      AI_ANALYSIS_TIMEOUT_MS: '45000',
    });
    expect(settings.gemini).toEqual({ apiKey: 'g-key', model: 'gemini-2.5-flash-lite', baseUrl: undefined });
    expect(settings.elevenLabs).toEqual({ apiKey: 'xi-key', agentIds: ['agent_a', 'agent_b', 'agent_c'], baseUrl: 'https://api.eu.residency.elevenlabs.io' });
    expect(settings.caps.coach).toBe(0);
    expect(settings.caps.interview).toBe(10);
    expect([settings.timeoutMs, settings.analysisTimeoutMs]).toEqual([5000, 45_000]);
    expect(providersOf(settings)).toEqual({ resumeReview: 'gemini', interview: 'elevenlabs', interviewAnalysis: 'gemini', coach: 'gemini' });
  });

  it('names the local provider for interview results unless voice interviews go to Gemini', () => {
    // Without ElevenLabs interviews are typed, and typed answers are analysed locally even with a Gemini key.
    expect(providersOf(aiSettings({ GEMINI_API_KEY: 'g-key' }))).toEqual({
      resumeReview: 'gemini',
      interview: 'local',
      interviewAnalysis: 'local',
      coach: 'gemini',
    });
    // Voice without Gemini: the transcript is analysed locally.
    expect(providersOf(aiSettings({ ELEVENLABS_API_KEY: 'xi-key', ELEVENLABS_AGENT_IDS: 'agent_a' }))).toEqual({
      resumeReview: 'local',
      interview: 'elevenlabs',
      interviewAnalysis: 'local',
      coach: 'local',
    });
  });

  it('holds provider calls to what Appwrite allows, however long the variables ask for', () => {
    // The old default (60 s) and anything longer would outlive Appwrite's 30 s synchronous executions.
    const settings = aiSettings({ AI_TIMEOUT_MS: '60000', AI_ANALYSIS_TIMEOUT_MS: '900000' });
    expect([settings.timeoutMs, settings.analysisTimeoutMs]).toEqual([SYNC_PROVIDER_TIMEOUT_CAP_MS, ANALYSIS_TIMEOUT_CAP_MS]);
    expect(SYNC_PROVIDER_TIMEOUT_CAP_MS).toBeLessThanOrEqual(20_000);
  });

  it("fits the longest analysis inside the ai function's timeout in appwrite.config.json", () => {
    const config = JSON.parse(readFileSync(new URL('../../../../appwrite.config.json', import.meta.url), 'utf8')) as {
      functions: Array<{ $id: string; timeout: number }>;
    };
    const timeoutMs = (config.functions.find((fn) => fn.$id === 'ai')?.timeout ?? 0) * 1000;
    const settings = aiSettings({});
    // A reported conversation: wait, check the conversation, fetch its audio, then Gemini; 10 s for Appwrite's own calls.
    const longestAnalysis = settings.audioDelayMs + 2 * SYNC_PROVIDER_TIMEOUT_CAP_MS + ANALYSIS_TIMEOUT_CAP_MS + 10_000;
    expect(longestAnalysis).toBeLessThanOrEqual(timeoutMs);
    // And no more than that: Appwrite counts the timeout against the function's compute.
    expect(timeoutMs).toBeLessThanOrEqual(longestAnalysis + 30_000);
  });

  it('needs agents as well as a key for voice interviews', () => {
    expect(aiSettings({ ELEVENLABS_API_KEY: 'xi-key' }).elevenLabs).toBeUndefined();
  });
});
