import { describe, expect, it } from 'vitest';
import { coverage, keywordsOf, stem, terms } from './keywords.ts';

describe('keywords', () => {
  it('stems inflections of a word to one term', () => {
    expect(new Set(['organize', 'organized', 'organizing'].map(stem)).size).toBe(1);
    expect(stem('customers')).toBe(stem('customer'));
    expect(stem('studies')).toBe(stem('study'));
    expect(stem('class')).toBe('class');
  });

  it('drops stop words, their inflections, numbers and short words', () => {
    expect(terms('I worked 20 hours at the Food Bank, helping with C++ and Excel')).toEqual(['hour', 'food', 'bank', 'c++', 'excel']);
  });

  it('ranks keywords by weighted frequency and shows their most used spelling', () => {
    const keywords = keywordsOf(
      [
        { text: 'Barista', weight: 3 },
        { text: 'Serve customers. Customers love espresso.', weight: 1 },
      ],
      3,
    );
    expect(keywords.map((keyword) => [keyword.word, keyword.weight])).toEqual([
      ['barista', 3],
      ['customers', 2],
      ['serve', 1],
    ]);
    const { matched, missing } = coverage(keywords, 'I served a customer');
    expect(matched.map((keyword) => keyword.word)).toEqual(['customers', 'serve']);
    expect(missing.map((keyword) => keyword.word)).toEqual(['barista']);
  });
});
