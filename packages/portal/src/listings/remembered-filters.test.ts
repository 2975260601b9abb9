import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '@opportunity-kit/widgets';
import { rememberedFilters, rememberFilters } from './remembered-filters.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('remembered listing filters', () => {
  it('gives a history entry back the filters it was left with, and another entry none', () => {
    const storage = memoryStorage();
    const filters = { ...NO_FILTERS, search: 'tutor', locations: ['Guelph'], startDate: '2027-01-01' };
    rememberFilters('entry-1', filters, storage);
    expect(rememberedFilters('entry-1', storage)).toEqual(filters);
    expect(rememberedFilters('entry-2', storage)).toBeUndefined();
  });

  it('ignores stored text that is not filters', () => {
    const storage = memoryStorage();
    storage.setItem('opportunity-kit:listing-filters:bad', '{"search": 3}');
    storage.setItem('opportunity-kit:listing-filters:broken', '{');
    expect(rememberedFilters('bad', storage)).toBeUndefined();
    expect(rememberedFilters('broken', storage)).toBeUndefined();
  });
});
