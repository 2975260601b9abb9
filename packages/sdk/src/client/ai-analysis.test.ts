import { ExecutionStatus } from 'appwrite';
import { describe, expect, it } from 'vitest';
import { analysisOutcome } from './ai-analysis.ts';
import { PortalError } from './errors.ts';

/** How a followed analysis ends: the execution says how it went, the session row says what and why. */

const failure = (run: () => unknown): PortalError => {
  try {
    run();
  } catch (thrown) {
    if (thrown instanceof PortalError) return thrown;
    throw thrown;
  }
  throw new Error('expected a refusal');
};

describe('analysisOutcome', () => {
  it('answers the analysis the function wrote on the row', () => {
    const row = { analysisStatus: 'done', analysis: '**Good** answers', analysisProvider: 'gemini', analysisSource: 'conversation-audio' };
    expect(analysisOutcome('s1', { status: ExecutionStatus.Completed, responseStatusCode: 200 }, row)).toEqual({
      provider: 'gemini',
      sessionId: 's1',
      source: 'conversation-audio',
      analysis: '**Good** answers',
    });
  });

  it('gives a refusal the code of its status and the words the row kept', () => {
    const refused = failure(() =>
      analysisOutcome(
        's1',
        { status: ExecutionStatus.Completed, responseStatusCode: 422 },
        { analysisStatus: 'failed', analysisError: 'Candidate was blocked due to SAFETY' },
      ),
    );
    expect([refused.code, refused.message, refused.status]).toEqual(['ai-blocked', 'Candidate was blocked due to SAFETY', 422]);
  });

  it('says the analysis did not finish when Appwrite cut it short before the row heard of it', () => {
    // An earlier analysis's result must not pass for this one's.
    const refused = failure(() =>
      analysisOutcome('s1', { status: ExecutionStatus.Failed, responseStatusCode: 500 }, { analysisStatus: 'running', analysis: 'an older analysis' }),
    );
    expect([refused.code, refused.message]).toEqual(['ai-unavailable', 'The analysis did not finish. Please try again.']);
  });

  it('says "not found" for a session that is not the caller\'s, whose row cannot be read', () => {
    const refused = failure(() => analysisOutcome('s1', { status: ExecutionStatus.Completed, responseStatusCode: 404 }, undefined));
    expect([refused.code, refused.message]).toEqual(['not-found', 'This interview session was not found.']);
  });

  it('keeps an unexpected failure internal, in the words the function wrote', () => {
    const refused = failure(() =>
      analysisOutcome('s1', { status: ExecutionStatus.Failed, responseStatusCode: 500 }, { analysisStatus: 'failed', analysisError: 'An error occurred' }),
    );
    expect([refused.code, refused.message]).toEqual(['internal', 'An error occurred']);
  });
});
