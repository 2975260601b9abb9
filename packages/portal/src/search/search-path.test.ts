import { describe, expect, it } from 'vitest';
import { searchPath, searchWordsOf, withSearchWords } from './search-path.ts';

describe('searchPath and searchWordsOf', () => {
  it('carries the words through the address and back, whatever characters they hold', () => {
    const words = 'café & tutoring #1';
    const path = searchPath(`  ${words} `);
    expect(path.startsWith('/search?q=')).toBe(true);
    expect(searchWordsOf(new URL(path, 'http://portal.example').searchParams)).toBe(words);
  });

  it('leads blank words to the bare search page', () => {
    expect(searchPath('   ')).toBe('/search');
    expect(searchWordsOf(new URLSearchParams())).toBe('');
  });
});

describe('withSearchWords', () => {
  it('starts a listing with the search words, and leaves it bare without any', () => {
    expect(withSearchWords('/gigs', ' reading tutor ')).toBe('/gigs?q=reading+tutor');
    expect(withSearchWords('/gigs', ' ')).toBe('/gigs');
  });
});
