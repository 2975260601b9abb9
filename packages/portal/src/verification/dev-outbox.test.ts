import { describe, expect, it } from 'vitest';
import { mayHaveDevOutbox } from './dev-outbox.ts';

describe('mayHaveDevOutbox', () => {
  it('expects an outbox only on a loopback endpoint, where the local backend answers', () => {
    expect(mayHaveDevOutbox('http://127.0.0.1:4000/v1')).toBe(true);
    expect(mayHaveDevOutbox('http://localhost:4000/v1')).toBe(true);
    expect(mayHaveDevOutbox('http://[::1]:4000/v1')).toBe(true);
    expect(mayHaveDevOutbox('https://cloud.appwrite.io/v1')).toBe(false);
    expect(mayHaveDevOutbox('https://portal.school.example/v1')).toBe(false);
    expect(mayHaveDevOutbox('/v1')).toBe(false);
  });
});
