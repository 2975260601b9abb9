import { CLUSTERS, LOCATIONS, matchesAlertCriteria, POSTING_TYPES, type AlertCriteria, type MatchablePosting } from '@opportunity-kit/sdk/domain';
import { describe, expect, it } from 'vitest';
import { alertKeys, postingKeys } from './alert-keys.ts';

const WORDS = ['barista', 'tutor', 'camp', 'counsellor', 'library', 'robotics', 'coach', 'garden', 'b', 'co', 'éco', 'Lifeguard'];
const pick = <T>(items: readonly T[], n: number): T => items[n % items.length] as T;

function anAlert(n: number): AlertCriteria {
  return {
    search: n % 2 === 0 ? `${pick(WORDS, n)} ${pick(WORDS, n * 7 + 3).slice(0, 1 + (n % 5))}` : undefined,
    postingTypes: n % 3 === 0 ? [pick(POSTING_TYPES, n)] : undefined,
    locations: n % 4 === 0 ? [pick(LOCATIONS, n), pick(LOCATIONS, n + 5)] : undefined,
    clusters: n % 5 === 0 ? [pick(CLUSTERS, n)] : undefined,
    startDate: n % 7 === 0 ? '2027-06-01' : undefined,
  };
}

function aPosting(n: number): MatchablePosting {
  return {
    title: `${pick(WORDS, n)} helper`,
    company: 'Riverside',
    description: `${pick(WORDS, n * 3)} and ${pick(WORDS, n * 5 + 1)} with Écoles`,
    postingType: pick(POSTING_TYPES, n),
    location: pick(LOCATIONS, n * 11),
    cluster: n % 6 === 0 ? null : pick(CLUSTERS, n),
    hourlyRate: null,
    startDate: '2027-07-01T00:00:00.000+00:00',
    endDate: null,
  };
}

describe('the index of saved searches (issue 27)', () => {
  it('lists every search a posting matches among the candidates its keys find', () => {
    const alerts = Array.from({ length: 600 }, (_, n) => anAlert(n)).filter((criteria) => alertKeys(criteria).length > 0);
    let matched = 0;
    for (let n = 0; n < 60; n += 1) {
      const posting = aPosting(n);
      const keys = new Set(postingKeys(posting));
      for (const criteria of alerts) {
        if (!matchesAlertCriteria(posting, criteria)) continue;
        matched += 1;
        expect(
          alertKeys(criteria).some((key) => keys.has(key)),
          JSON.stringify({ criteria, posting }),
        ).toBe(true);
      }
    }
    // The property was weighed on real matches, not on none.
    expect(matched).toBeGreaterThan(500);
  });

  it('narrows: a search for another place, word or type is no candidate', () => {
    const posting = aPosting(1);
    const keys = new Set(postingKeys(posting));
    const elsewhere = LOCATIONS.find((location) => location !== posting.location) as string;
    expect(alertKeys({ locations: [elsewhere], search: 'barista' }).some((key) => keys.has(key))).toBe(false);
    expect(alertKeys({ search: 'zoology' }).some((key) => keys.has(key))).toBe(false);
    expect(alertKeys({ postingTypes: POSTING_TYPES.filter((type) => type !== posting.postingType) }).some((key) => keys.has(key))).toBe(false);
  });

  it('files a search under its most selective criterion, and a search of dates only under every posting', () => {
    expect(alertKeys({ locations: ['Toronto'], clusters: ['Education'], search: 'camp' })).toEqual(['l:toronto']);
    expect(alertKeys({ search: 'Camp counsellor', clusters: ['Education'] })).toEqual(['w:camp', 'p:cou']);
    expect(alertKeys({ clusters: ['Education'], postingTypes: ['Job'] })).toEqual(['c:education']);
    expect(alertKeys({ postingTypes: ['Job', 'Gig'] })).toEqual(['t:Job', 't:Gig']);
    expect(alertKeys({ startDate: '2027-06-01' })).toEqual(['*']);
    expect(postingKeys(aPosting(2))).toContain('*');
  });
});
