import { CommandError } from '../platform/command-error.ts';
import type { Feature } from './settings.ts';

/** The refusals only the `ai` function gives; the shared ones are in platform/command-error.ts. */

const FEATURE_NAMES: Readonly<Record<Feature, string>> = {
  'resume-review': 'resume reviews',
  interview: 'practice interviews',
  'interview-analysis': 'interview analyses',
  coach: 'coach messages',
};

/** The caller's daily cap for `feature` is used up (or the feature is turned off with a cap of 0). */
export function rateLimited(feature: Feature, cap: number): CommandError {
  const message =
    cap === 0
      ? `${capitalised(FEATURE_NAMES[feature])} are turned off for this school.`
      : `You have used today's ${cap} ${FEATURE_NAMES[feature]}. Please try again tomorrow.`;
  return new CommandError('rate-limited', message);
}

/** The model refused: the message is the spec's ("Response was blocked…", "Candidate was blocked due to …"). */
export const aiBlocked = (message: string): CommandError => new CommandError('ai-blocked', message);

/** The provider failed or took too long; the call is not counted against the cap. */
export function aiUnavailable(reason: 'failed' | 'timeout' | 'empty' = 'failed'): CommandError {
  const messages = {
    failed: 'The AI service could not answer. Please try again later.',
    timeout: 'The AI service took too long to answer. Please try again.',
    empty: 'The AI service gave no answer. Please try again.',
  };
  return new CommandError('ai-unavailable', messages[reason]);
}

/** True for an abort caused by a timeout signal (fetch rejects with a TimeoutError or AbortError). */
export function isTimeout(thrown: unknown): boolean {
  const name = (thrown as { name?: unknown } | null)?.name;
  return name === 'TimeoutError' || name === 'AbortError';
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
