/**
 * Saved-search matching benchmark (issue 17): the `alerts` function matches a new posting against
 * every saved search in memory, with the listing's rules (`postingMatcher` of the SDK's domain). This
 * times one posting against 10,000 alerts, each prepared as the function prepares it, and prints p50
 * and p99 over repeated runs.
 *
 *   pnpm bench           # runs this, then the TablesDB benchmark
 * Target (issue 17): matching 10,000 alerts against one new posting, p50 <= 200 ms.
 */
import { performance } from 'node:perf_hooks';
import { CLUSTERS, LOCATIONS, POSTING_TYPES, postingMatcher, prepareCriteria, type AlertCriteria, type MatchablePosting } from '@opportunity-kit/sdk/domain';

const ALERTS = 10_000;
const RUNS = 200;
const WORDS = ['barista', 'tutor', 'camp', 'counsellor', 'library', 'assistant', 'robotics', 'coach', 'garden', 'volunteer', 'cashier', 'lifeguard'];

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length] as T;

/** A mix of what students save: words, types, places, clusters and dates, alone and together. */
function anAlert(n: number): AlertCriteria {
  return {
    search: n % 2 === 0 ? `${pick(WORDS, n)} ${pick(WORDS, n * 7 + 3)}` : undefined,
    // Every alert sets something: an alert without criteria is refused.
    postingTypes: n % 2 === 1 || n % 3 === 0 ? [pick(POSTING_TYPES, n)] : undefined,
    locations: n % 4 === 0 ? [pick(LOCATIONS, n), pick(LOCATIONS, n + 5)] : undefined,
    clusters: n % 5 === 0 ? [pick(CLUSTERS, n)] : undefined,
    startDate: n % 7 === 0 ? '2027-06-01' : undefined,
    endDate: n % 14 === 0 ? '2027-09-30' : undefined,
  };
}

/** A posting with a long description, as the full-text column holds it (up to 10,000 characters). */
const posting: MatchablePosting = {
  title: 'Summer camp counsellor',
  company: 'Riverside Day Camp',
  description: Array.from({ length: 900 }, (_, index) => pick([...WORDS, 'children', 'outdoor', 'activities', 'safety'], index)).join(' '),
  postingType: 'Job',
  location: 'Toronto',
  cluster: 'Education',
  hourlyRate: '17.50',
  startDate: '2027-07-01T00:00:00.000+00:00',
  endDate: '2027-08-31T00:00:00.000+00:00',
};

const alerts = Array.from({ length: ALERTS }, (_, n) => anAlert(n));

function matchOnce(): number {
  const matches = postingMatcher(posting);
  let matched = 0;
  for (const alert of alerts) if (matches(prepareCriteria(alert))) matched += 1;
  return matched;
}

for (let i = 0; i < 10; i++) matchOnce();
const samples: number[] = [];
let matched = 0;
for (let i = 0; i < RUNS; i++) {
  const start = performance.now();
  matched = matchOnce();
  samples.push(performance.now() - start);
}
samples.sort((a, b) => a - b);
const at = (p: number): number => samples[Math.min(samples.length - 1, Math.floor((p / 100) * samples.length))] as number;
console.log(`Saved-search matching: ${ALERTS.toLocaleString('en')} alerts against one new posting (${matched} match)`);
console.log(`  p50 ${at(50).toFixed(2)} ms, p99 ${at(99).toFixed(2)} ms (target: p50 <= 200 ms) ${at(50) <= 200 ? 'OK' : 'OVER TARGET'}`);
