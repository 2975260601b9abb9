/**
 * Board scale, measured (issue 27): generates a board-sized data set on the local backend (once; it is
 * kept in the data folder), then prints each figure with its goal.
 *
 *   pnpm build:functions && pnpm bench:board
 *   BENCH_BOARD_SCALE=0.05 pnpm bench:board          # a twentieth of the board, for a quick look
 *   BENCH_BOARD_DATA=/tmp/board pnpm bench:board     # where the data set is kept (default .data/board-<scale>)
 *   BENCH_BOARD_REGENERATE=hours pnpm bench:board    # writes some steps of the data set again (see BOARD_STEPS)
 *   BENCH_BOARD_FIGURES=hours pnpm bench:board       # measures some figures only (see FIGURES)
 *
 * Generating the full board takes a while (about half an hour on a 2-core machine); measuring takes a
 * few minutes more. Every figure is a p50/p95 over repeated runs, except the digest, which is one
 * whole daily run.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { functionTimeouts, REPO_ROOT, startBoardBackend, type BoardSettings } from './board-backend.ts';
import { BOARD, BOARD_STEPS, generateBoard, scaledBoard, staffIdOf, studentIdOf, type BoardConnection, type BoardScale, type BoardStep } from './board-data.ts';
import {
  digestsMailed,
  executionsSince,
  HOURS_FIRST_PAGE,
  measureHoursReview,
  measurePostingMatch,
  measureReads,
  THINK_MS,
  tickSchedule,
  type Samples,
} from './board-measures.ts';

const factor = Number(process.env.BENCH_BOARD_SCALE ?? 1);
if (!(factor > 0 && factor <= 1)) throw new Error('BENCH_BOARD_SCALE must be a number in (0, 1].');
const scale: BoardScale = factor === 1 ? BOARD : scaledBoard(factor);
const dataDir = resolve(process.env.BENCH_BOARD_DATA ?? join(REPO_ROOT, `.data/board-${factor}`));
const settings: BoardSettings = { schoolDomain: 'board.example', boardAdminEmail: `${staffIdOf(0)}@board.example` };
const generatedMarker = join(dataDir, 'board-generated.json');

/** The figures measured, in this order; `BENCH_BOARD_FIGURES` names some of them to measure only those. */
const FIGURES = ['match', 'reads', 'hours', 'digest'] as const;
type Figure = (typeof FIGURES)[number];
const chosenFigures = (process.env.BENCH_BOARD_FIGURES ?? '').split(',').filter(Boolean);
const unknownFigures = chosenFigures.filter((figure) => !(FIGURES as readonly string[]).includes(figure));
if (unknownFigures.length) throw new Error(`BENCH_BOARD_FIGURES names unknown figures (${unknownFigures.join(', ')}); the figures are ${FIGURES.join(', ')}.`);
const measures = (figure: Figure): boolean => chosenFigures.length === 0 || chosenFigures.includes(figure);

const ms = (value: number): string => `${value < 10 ? value.toFixed(1) : Math.round(value).toLocaleString('en')} ms`;
const verdict = (ok: boolean): string => (ok ? 'OK' : 'OVER GOAL');
const line = (label: string, samples: Samples, goalMs: number, goalText: string): string =>
  `  ${label.padEnd(44)} p50 ${ms(samples.at(50)).padStart(9)}  p95 ${ms(samples.at(95)).padStart(9)}   goal ${goalText}  ${verdict(samples.at(95) <= goalMs)}`;

async function main(): Promise<void> {
  console.log(`Board benchmark on ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`);
  console.log(
    `Board: ${Object.entries(scale)
      .map(([key, value]) => `${value.toLocaleString('en')} ${key}`)
      .join(', ')}`,
  );
  console.log(`Data: ${dataDir}\n`);

  const again = (process.env.BENCH_BOARD_REGENERATE ?? '').split(',').filter(Boolean);
  const unknown = again.filter((step) => !(BOARD_STEPS as readonly string[]).includes(step));
  if (unknown.length) throw new Error(`BENCH_BOARD_REGENERATE names unknown steps (${unknown.join(', ')}); the steps are ${BOARD_STEPS.join(', ')}.`);
  if (!existsSync(generatedMarker) || again.length) {
    const quiet = await startBoardBackend(dataDir, settings, 'quiet');
    const connection = connectionOf(quiet);
    const started = Date.now();
    console.log('Generating the board (functions quiet; the rows are those they would write):');
    try {
      await generateBoard(connection, scale, (text) => console.log(`  ${text}`), again.length ? { only: new Set(again as BoardStep[]) } : {});
    } finally {
      await quiet.close();
    }
    writeFileSync(generatedMarker, JSON.stringify({ scale, generatedAt: new Date().toISOString(), seconds: (Date.now() - started) / 1000 }));
    console.log(`Generated in ${((Date.now() - started) / 60_000).toFixed(1)} min.\n`);
  }

  const backend = await startBoardBackend(dataDir, settings, 'live');
  const connection = connectionOf(backend);
  const measuredSince = new Date().toISOString();
  try {
    console.log('Figures (goal beside each):');
    if (measures('match')) {
      const match = await measurePostingMatch(connection, staffIdOf(scale.schools + 1), 10);
      console.log(line(`new public posting, ${scale.savedSearches.toLocaleString('en')} saved searches`, match.wall, 10_000, '<= 10 s'));
      console.log(
        `    (the alerts run alone: p50 ${ms(match.execution.at(50))}, p95 ${ms(match.execution.at(95))}; students notified per posting: ${match.notified.join(', ')})`,
      );
    }

    if (measures('reads')) {
      const reads = await measureReads(
        connection,
        Array.from({ length: 100 }, (_, n) => studentIdOf((n * 487) % scale.students)),
        5,
      );
      const online = `${reads.members} members online`;
      console.log(line(`listing, ${online}`, reads.listing, 50, '<= 50 ms'));
      console.log(line(`search, ${online}`, reads.search, 50, '<= 50 ms'));
      console.log(line(`student's home, ${online}`, reads.home, 50, '<= 50 ms'));
      console.log(
        `    (each member reads a page ${THINK_MS.min / 1000} to ${THINK_MS.max / 1000} s before the next: about ${Math.round((reads.members * 2) / ((THINK_MS.min + THINK_MS.max) / 1000))} pages/s)`,
      );
    }

    if (measures('hours')) {
      const review = await measureHoursReview(connection, staffIdOf(0), 20);
      console.log(line(`hours review page, first ${HOURS_FIRST_PAGE} entries shown`, review.firstPage, 200, '<= 200 ms'));
      console.log(
        `    (the whole queue, ${review.entries.toLocaleString('en')} entries in ${Math.ceil(review.entries / HOURS_FIRST_PAGE)} pages, loaded in the background: p50 ${ms(review.wholeQueue.at(50))}, p95 ${ms(review.wholeQueue.at(95))})`,
      );
    }

    if (measures('digest')) {
      const digest = await tickSchedule(connection, 'alerts');
      console.log(
        `  ${`daily digest, ${scale.students.toLocaleString('en')} subscribed students`.padEnd(44)} ${(digest.wallMs / 60_000).toFixed(1)} min, ${digestsMailed(digest.executions).toLocaleString('en')} e-mails in ${digest.executions.length} runs   goal <= 15 min  ${verdict(digest.wallMs <= 15 * 60_000)}`,
      );
      // The other daily schedules, for their runs' durations below.
      for (const functionId of ['roles', 'commands']) await tickSchedule(connection, functionId);
    }

    console.log('\nFunction executions during the measurements (longest vs half the timeout):');
    for (const [functionId, timeout] of functionTimeouts()) {
      const executions = await executionsSince(connection, functionId, measuredSince);
      if (executions.length === 0) continue;
      const longest = Math.max(...executions.map((execution) => execution.duration));
      const failed = executions.filter((execution) => execution.status === 'failed').length;
      console.log(
        `  ${functionId.padEnd(10)} ${String(executions.length).padStart(6)} runs, longest ${longest.toFixed(2)} s, half the timeout ${(timeout / 2).toFixed(1)} s${failed ? `, ${failed} failed` : ''}  ${verdict(longest <= timeout / 2 && failed === 0)}`,
      );
    }
  } finally {
    await backend.close();
  }
}

function connectionOf(backend: { endpoint: string; projectId: string; apiKey: string }): BoardConnection {
  return { endpoint: backend.endpoint, projectId: backend.projectId, apiKey: backend.apiKey, schoolDomain: settings.schoolDomain };
}

await main();
