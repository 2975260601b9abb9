import { existsSync, readFileSync, writeFileSync } from 'node:fs';

/**
 * The committed list of Appwrite e2e tests the local backend still fails, each with its reason: a
 * feature out of scope (named), a deliberate deviation (listed in ARCHITECTURE.md), or a fixture the
 * harness's snapshot lacks. One line a test: `<suite> <Class::test> | <reason>`; `#` starts a comment.
 * A reason that starts with `flaky:` names a test whose outcome depends on timing (said why): it may
 * pass or fail without failing the run.
 */

const isFlaky = (entry: ExpectedFailure): boolean => entry.reason.startsWith('flaky:');

export type Outcome = 'passed' | 'failed' | 'skipped';

export interface TestResult {
  suite: string;
  /** `Teams\TeamsCustomClientTest::testCreateTeam` (and PHPUnit's ` with data set …` for provided cases). */
  test: string;
  outcome: Outcome;
  message: string;
}

export interface ExpectedFailure {
  suite: string;
  test: string;
  reason: string;
}

export function readExpectations(path: string): ExpectedFailure[] {
  if (!existsSync(path)) return [];
  return readFileSync(path, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'))
    .map((line) => {
      const bar = line.indexOf(' | ');
      const head = bar === -1 ? line : line.slice(0, bar);
      const space = head.indexOf(' ');
      return { suite: head.slice(0, space), test: head.slice(space + 1).trim(), reason: bar === -1 ? '' : line.slice(bar + 3).trim() };
    });
}

/**
 * What is wrong with this run against the list, for the suites that ran: failures not listed, listed
 * tests that no longer fail (take them off), listed tests without a reason. Empty when all is well.
 */
export function checkExpectations(expected: readonly ExpectedFailure[], results: readonly TestResult[], suitesRun: ReadonlySet<string>): string[] {
  const listed = new Map(expected.map((entry) => [key(entry), entry]));
  const failing = new Set(results.filter((result) => result.outcome === 'failed').map(key));
  const seen = new Set(results.map(key));
  const problems: string[] = [];
  for (const result of results) {
    if (result.outcome === 'failed' && !listed.has(key(result)))
      problems.push(`unexpected failure: ${result.suite} ${result.test}: ${firstLine(result.message)}`);
  }
  for (const entry of expected) {
    if (!suitesRun.has(entry.suite) || isFlaky(entry)) continue;
    if (!failing.has(key(entry))) {
      problems.push(`${seen.has(key(entry)) ? 'now passes or skips' : 'did not run'}, take it off expected-failures.txt: ${entry.suite} ${entry.test}`);
    } else if (!entry.reason) {
      problems.push(`listed without a reason: ${entry.suite} ${entry.test}`);
    }
  }
  return problems;
}

/** Rewrites the list from a run: the failures of the suites that ran (keeping known reasons), and the other suites' entries as they were. */
export function writeExpectations(path: string, expected: readonly ExpectedFailure[], results: readonly TestResult[], suitesRun: ReadonlySet<string>): void {
  const reasons = new Map(expected.map((entry) => [key(entry), entry.reason]));
  const kept = expected.filter((entry) => !suitesRun.has(entry.suite) || isFlaky(entry));
  const flaky = new Set(kept.filter(isFlaky).map(key));
  const failures = results
    .filter((result) => result.outcome === 'failed' && !flaky.has(key(result)))
    .map((result) => ({ suite: result.suite, test: result.test, reason: reasons.get(key(result)) || `unclassified: ${firstLine(result.message)}` }));
  const all = [...kept, ...failures].sort((a, b) => a.suite.localeCompare(b.suite) || a.test.localeCompare(b.test));
  const header = readHeader(path);
  writeFileSync(path, `${header}${all.map((entry) => `${entry.suite} ${entry.test} | ${entry.reason}`).join('\n')}\n`);
}

function readHeader(path: string): string {
  if (!existsSync(path)) return '';
  const lines = readFileSync(path, 'utf8').split('\n');
  const header = lines.slice(
    0,
    lines.findIndex((line) => !line.startsWith('#')),
  );
  return header.length ? `${header.join('\n')}\n` : '';
}

const key = (entry: { suite: string; test: string }): string => `${entry.suite} ${entry.test}`;
const firstLine = (text: string): string => text.split('\n')[0]?.slice(0, 160) ?? '';
