import { describe, expect, it } from 'vitest';
import { AGENT_REPLY_MAX_WORDS, INTERVIEW_AGENT_COUNT, SESSION_AUDIO_DELAY_MS } from './constants.ts';
import { candidateBlockedMessage, responseBlockedMessage } from './messages.ts';

describe('the AI texts and constants of the spec', () => {
  it('says why a response or a candidate was blocked', () => {
    expect(responseBlockedMessage()).toBe('Response was blocked');
    expect(responseBlockedMessage('SAFETY')).toBe('Response was blocked due to SAFETY');
    expect(responseBlockedMessage('OTHER', 'The prompt was refused')).toBe('Response was blocked due to OTHER: The prompt was refused');
    expect(candidateBlockedMessage('RECITATION')).toBe('Candidate was blocked due to RECITATION');
  });

  it('keeps the interview constants of section 9', () => {
    expect([INTERVIEW_AGENT_COUNT, AGENT_REPLY_MAX_WORDS, SESSION_AUDIO_DELAY_MS]).toEqual([3, 40, 1500]);
  });
});
