import { describe, expect, it } from 'vitest';
import { suggestSearch, typingCost } from './search-suggestion.ts';

const texts = [
  'cashier (part-time, evenings and weekends) greenleaf markets run the till',
  'student teller maplewood credit union cash deposits',
  'farmers market helper handle cash and card payments',
  'pharmacy assistant help at the cash',
  'tax clinic assistant evenings',
];

describe('search suggestion (issue 25)', () => {
  it('corrects a word nothing holds to the nearest word the postings hold', () => {
    expect(suggestSearch('cashr', texts)).toBe('cashier');
    expect(suggestSearch('Casheir', texts)).toBe('cashier');
    expect(suggestSearch('asistant', texts)).toBe('assistant');
    expect(suggestSearch('cashr evnings', texts)).toBe('cashier evenings');
  });

  it('suggests nothing when no word is close, when the words are known, or for short words and numbers', () => {
    expect(suggestSearch('astronaut', texts)).toBeNull();
    expect(suggestSearch('cashier', texts)).toBeNull();
    expect(suggestSearch('tx', texts)).toBeNull();
    expect(suggestSearch('2027', texts)).toBeNull();
    expect(suggestSearch('   ', texts)).toBeNull();
    expect(suggestSearch('cashr', [])).toBeNull();
  });

  it('weighs a letter left out below one added or changed', () => {
    expect(typingCost('cashr', 'cashier')).toBeCloseTo(0.8);
    expect(typingCost('cashr', 'cash')).toBe(1);
    expect(typingCost('casheir', 'cashier')).toBe(1);
    expect(typingCost('cashr', 'teller', 2)).toBe(Infinity);
  });
});
