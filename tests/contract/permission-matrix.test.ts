import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { playCase, type Listed } from '../support/permission-checks.ts';
import { buildWorld, throwaway, type Throwaway, type World } from '../support/permission-fixture.ts';
import { Observer } from '../support/permission-observer.ts';
import { describeExpected, needsThrowaway, permissionCases, phaseOf, type Case, type Phase } from '../support/permission-rules.ts';
import { startPortalBackend } from '../support/portal.ts';
import { createPrincipals } from '../support/principals.ts';

/**
 * The permission matrix of architecture sections 3–4: eight principals (a guest, two each of
 * students, teachers and recruiters, and a staff address no school has added, all with real
 * sessions; the students and teachers in two schools of one board, issue 23) against every row, file, table,
 * bucket and command of a fixture built by those principals through the commands. The expected
 * answers are derived from the rules in support/permission-rules.ts, never written case by case.
 *
 * The API key acts only where no principal could: verifying school addresses (no mail is sent
 * locally), and learning the ids of newsletter rows that nobody may read. Otherwise it only looks.
 *
 * Phases run in order, so that no case changes what a later one expects: reads and lists first,
 * on the fixture as built; then direct writes through tablesDB and storage; then the commands.
 * An allowed change or deletion always runs on a throwaway copy made beforehand with the same facts.
 */

let backend: TestBackend;
let world: World;
let observer: Observer;
let cases: Case[];
let checked = 0;

beforeAll(async () => {
  backend = await startPortalBackend();
  const actors = await createPrincipals(backend);
  world = await buildWorld(backend, actors);
  observer = new Observer(backend);
  cases = permissionCases(world);
}, 60_000);

afterAll(async () => {
  console.log(`permission matrix: ${checked} cases checked`);
  await backend?.close();
});

const BATCH = 16;

async function inBatches<T, R>(items: readonly T[], size: number, run: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let start = 0; start < items.length; start += size) results.push(...(await Promise.all(items.slice(start, start + size).map(run))));
  return results;
}

/** Names for ids in failure reports: "publicJob" reads better than a 20-character id. */
function fixtureNames(): Map<string, string> {
  return new Map([...Object.entries(world.rows), ...Object.entries(world.files)].map(([name, id]) => [id, name]));
}

/** Plays one case; answers undefined when it held, or how it failed. */
async function check(testCase: Case, copy: Throwaway | undefined, names: ReadonlyMap<string, string>): Promise<string | undefined> {
  const label = `${testCase.principal} ${testCase.operation} ${testCase.resource}${copy ? ' (throwaway copy)' : ''}`;
  const expected = describeExpected(testCase.expected, names);
  try {
    const played = await playCase(testCase, { world, observer, actor: world.actors[testCase.principal], throwaway: copy });
    const { result } = played;
    if (testCase.expected === 'allow') {
      if (!result.ok) return `${label}: expected allow, observed ${result.refusal}`;
      await played.allowed();
    } else if ('ids' in testCase.expected) {
      if (!result.ok) return `${label}: expected ${expected}, observed ${result.refusal}`;
      const seen = result.value as Listed;
      if (JSON.stringify(seen.ids) !== JSON.stringify(testCase.expected.ids))
        return `${label}: expected ${expected}, observed ids [${seen.ids.map((id) => names.get(id) ?? id).join(', ')}]`;
      // A total that counted rows the caller cannot see would leak that they exist.
      if (seen.total !== seen.ids.length) return `${label}: listed ${seen.ids.length} ids but a total of ${seen.total}`;
    } else {
      if (result.ok) return `${label}: expected ${expected}, observed success`;
      if (result.refusal !== testCase.expected.deny) return `${label}: expected ${expected}, observed ${result.refusal}`;
      await played.unchanged();
    }
    return undefined;
  } catch (error) {
    return `${label}: expected ${expected}, but checking it failed: ${(error as Error).message.split('\n')[0]}`;
  }
}

async function runPhase(phase: Phase): Promise<string[]> {
  const phaseCases = cases.filter((testCase) => phaseOf(testCase.operation) === phase);
  // Copies first, then the snapshot: nothing a copy's making changes may count as a case's effect.
  const copies = await inBatches(phaseCases, 4, async (testCase) => {
    const kind = needsThrowaway(testCase);
    return kind ? throwaway(world, kind, testCase.resource) : undefined;
  });
  await observer.snapshot(world);
  const names = fixtureNames();
  const failures = await inBatches(
    phaseCases.map((testCase, index) => [testCase, copies[index]] as const),
    BATCH,
    ([testCase, copy]) => check(testCase, copy, names),
  );
  checked += phaseCases.length;
  return failures.filter((failure): failure is string => failure !== undefined);
}

/**
 * A phase plays hundreds of cases and first builds the throwaway copies its allowed changes need (a
 * hidden post is posted, reported and hidden), which takes longer than vitest's 30 s default on a
 * machine busy with other suites.
 */
const PHASE_TIMEOUT_MS = 120_000;

describe('permission matrix', () => {
  it('reads and lists: each principal reads, views and lists exactly the rows and files the rules give it', { timeout: PHASE_TIMEOUT_MS }, async () => {
    expect(await runPhase('read')).toEqual([]);
  });

  it(
    'direct writes through tablesDB and storage: refused on business rows, allowed where row and file permissions say',
    { timeout: PHASE_TIMEOUT_MS },
    async () => {
      expect(await runPhase('write')).toEqual([]);
    },
  );

  it('commands: every business write re-checks its rule for each caller and writes nothing when it refuses', { timeout: PHASE_TIMEOUT_MS }, async () => {
    expect(await runPhase('command')).toEqual([]);
  });
});
