import type { CommandRequest } from '../platform/router.ts';
import { ElevenLabsClient } from './elevenlabs/elevenlabs-client.ts';
import { GeminiClient } from './gemini/gemini-client.ts';
import type { AiSettings } from './settings.ts';

/** What the AI routes depend on besides Appwrite: settings and the outside world, injectable in tests. */
export interface AiDeps {
  settings: AiSettings;
  fetch: typeof fetch;
  now: () => Date;
  /** 0 ≤ n < 1, for picking an agent (spreading conversations over the configured agents). */
  random: () => number;
  sleep: (ms: number) => Promise<void>;
}

/** An AI route: a command that also receives the AI dependencies. */
export type AiCommand = (request: CommandRequest, deps: AiDeps) => Promise<unknown>;

export function defaultDeps(settings: AiSettings): AiDeps {
  return {
    settings,
    fetch: globalThis.fetch.bind(globalThis),
    now: () => new Date(),
    random: Math.random,
    sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
  };
}

/** The Gemini client, when a key is configured; each call is limited to `timeoutMs` (the synchronous limit by default). */
export function geminiOf(deps: AiDeps, timeoutMs = deps.settings.timeoutMs): GeminiClient | undefined {
  return deps.settings.gemini && new GeminiClient(deps.settings.gemini, timeoutMs, deps.fetch);
}

/** The ElevenLabs client, when a key and agents are configured. */
export function elevenLabsOf(deps: AiDeps): ElevenLabsClient | undefined {
  return deps.settings.elevenLabs && new ElevenLabsClient(deps.settings.elevenLabs, deps.settings.timeoutMs, deps.fetch);
}
