import { describe, expect, it } from 'vitest';
import { CommandError } from './command-error.ts';
import { RequestBody } from './request-body.ts';

function refusal(work: () => unknown): unknown {
  try {
    work();
  } catch (thrown) {
    if (thrown instanceof CommandError) return { status: thrown.status, ...thrown.toBody() };
    throw thrown;
  }
  return undefined;
}

describe('RequestBody', () => {
  it('reads an empty body as no fields, and refuses JSON that is not an object', () => {
    expect(RequestBody.parse('  ').text('title')).toBeUndefined();
    for (const text of ['{oops', '[1]', '"text"', 'null']) {
      expect(refusal(() => RequestBody.parse(text))).toEqual({
        status: 400,
        error: { code: 'invalid-input', message: 'The request body must be a JSON object.' },
      });
    }
  });

  it('reads typed fields and refuses every wrongly typed one together', () => {
    const body = RequestBody.parse('{"title":"Hi","visible":"yes","images":[1],"cluster":null}');
    expect(body.text('title')).toBe('Hi');
    expect(body.text('cluster')).toBeUndefined();
    expect(body.boolean('visible')).toBeUndefined();
    expect(body.textList('images')).toBeUndefined();
    expect(refusal(() => body.done())).toEqual({
      status: 400,
      error: { code: 'invalid-input', message: 'Please choose yes or no', fields: { visible: 'Please choose yes or no', images: 'Please send a list of ids' } },
    });
  });
});
