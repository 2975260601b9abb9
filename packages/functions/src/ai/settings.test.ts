import { describe, expect, it } from 'vitest';
import { aiSettings, providersOf } from './settings.ts';

describe('aiSettings', () => {
  it('uses the local provider without keys, with the documented defaults', () => {
    const settings = aiSettings({ GEMINI_API_KEY: '', ELEVENLABS_API_KEY: '' });
    expect(settings.gemini).toBeUndefined();
    expect(settings.elevenLabs).toBeUndefined();
    expect(settings.caps).toEqual({ 'resume-review': 20, interview: 10, 'interview-analysis': 10, coach: 50 });
    expect([settings.timeoutMs, settings.maxPdfBytes, settings.maxMessageChars, settings.audioDelayMs]).toEqual([60_000, 10_000_000, 2000, 1500]);
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
    });
    expect(settings.gemini).toEqual({ apiKey: 'g-key', model: 'gemini-2.5-flash-lite', baseUrl: undefined });
    expect(settings.elevenLabs).toEqual({ apiKey: 'xi-key', agentIds: ['agent_a', 'agent_b', 'agent_c'], baseUrl: 'https://api.eu.residency.elevenlabs.io' });
    expect(settings.caps.coach).toBe(0);
    expect(settings.caps.interview).toBe(10);
    expect(settings.timeoutMs).toBe(5000);
    expect(providersOf(settings)).toEqual({ resumeReview: 'gemini', interview: 'elevenlabs', interviewAnalysis: 'gemini', coach: 'gemini' });
  });

  it('names the local provider for interview results unless voice interviews go to Gemini', () => {
    // Without ElevenLabs interviews are typed, and typed answers are analysed locally even with a Gemini key.
    expect(providersOf(aiSettings({ GEMINI_API_KEY: 'g-key' }))).toEqual({ resumeReview: 'gemini', interview: 'local', interviewAnalysis: 'local', coach: 'gemini' });
    // Voice without Gemini: the transcript is analysed locally.
    expect(providersOf(aiSettings({ ELEVENLABS_API_KEY: 'xi-key', ELEVENLABS_AGENT_IDS: 'agent_a' }))).toEqual({
      resumeReview: 'local', interview: 'elevenlabs', interviewAnalysis: 'local', coach: 'local',
    });
  });

  it('needs agents as well as a key for voice interviews', () => {
    expect(aiSettings({ ELEVENLABS_API_KEY: 'xi-key' }).elevenLabs).toBeUndefined();
  });
});
