import { describe, expect, it } from 'vitest';
import { MESSAGES } from './messages.ts';
import { validateComment, validatePost } from './feed-validation.ts';

describe('validatePost', () => {
  it('accepts text with up to 3 images, trimmed', () => {
    expect(validatePost({ content: '  Hello feed ', imageCount: 3 })).toEqual({ ok: true, value: { content: 'Hello feed' } });
  });

  it('refuses a fourth image with the spec text, and a blank or overlong post', () => {
    expect(validatePost({ content: 'Hi', imageCount: 4 })).toEqual({ ok: false, errors: { images: MESSAGES.tooManyImages } });
    expect(validatePost({ content: ' ', imageCount: 0 })).toEqual({ ok: false, errors: { content: 'Please write something to post' } });
    expect(validatePost({ content: 'x'.repeat(5001), imageCount: 0 }).ok).toBe(false);
  });
});

describe('validateComment', () => {
  it('accepts a trimmed comment and refuses a blank or overlong one', () => {
    expect(validateComment(' Nice! ')).toEqual({ ok: true, value: { content: 'Nice!' } });
    expect(validateComment(' \n ')).toEqual({ ok: false, errors: { content: 'Please write a comment' } });
    expect(validateComment('x'.repeat(2001))).toEqual({ ok: false, errors: { content: 'A comment can be at most 2000 characters' } });
  });
});
