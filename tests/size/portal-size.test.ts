import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildPortal, type BuiltChunk } from '../../packages/portal/build/build-portal.ts';
import { gzipOf as gzipOfChunks, staticClosure } from './loaded-chunks.ts';

/**
 * The portal's JavaScript budget (issues 7 and 14): what the first route loads (`/`, which leads a
 * visitor to /welcome) stays within 120 KB gzip, /landing with its route chunk within 170 KB, and the
 * voice SDK loads only on /interview/{id}.
 */
const KB = 1024;
const BUDGET = 120 * KB;
const HOME_BUDGET = 170 * KB;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const VOICE_SDK = /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(@elevenlabs|livekit-client|@livekit)[\\/]/;

const outDir = mkdtempSync(join(tmpdir(), 'ok-portal-size-'));
let chunks: Map<string, BuiltChunk>;

beforeAll(async () => {
  const build = await buildPortal({ outDir });
  chunks = new Map(build.chunks.map((chunk) => [chunk.fileName, chunk]));
}, 180_000);

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

const closure = (fileName: string, seen?: Set<string>) => staticClosure(chunks, fileName, seen);
const gzipOf = (files: Iterable<string>) => gzipOfChunks(chunks, files);

/** The lazy route whose page module ends with `suffix` (for example `practice/interview-page.tsx`). */
function routeChunk(suffix: string): BuiltChunk | undefined {
  return [...chunks.values()].find((chunk) => chunk.isDynamicEntry && chunk.facadeModuleId?.replaceAll('\\', '/').endsWith(suffix));
}

it('loads at most 120 KB gzip of JavaScript on the first route', () => {
  const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
  expect(entry).toBeDefined();
  // index.html loads the entry and, through modulepreload, what it imports.
  const html = readFileSync(join(outDir, 'index.html'), 'utf8');
  expect(html).toContain(entry!.fileName);
  const first = closure(entry!.fileName);
  const firstGzip = gzipOf(first);
  const landing = routeChunk('landing/landing-page.tsx');
  const home = landing ? gzipOf(new Set([...first, ...closure(landing.fileName)])) : firstGzip;
  console.log(
    `portal first route (/ → /welcome): ${kb(firstGzip)} gzip in ${first.size} chunk(s) (budget ${kb(BUDGET)}); ` +
      `/landing with its route chunk: ${kb(home)} gzip (budget ${kb(HOME_BUDGET)}); all JavaScript: ${kb(gzipOf(chunks.keys()))} gzip in ${chunks.size} chunks`,
  );
  expect(firstGzip).toBeGreaterThan(10 * KB);
  expect(firstGzip).toBeLessThanOrEqual(BUDGET);
  expect(home).toBeLessThanOrEqual(HOME_BUDGET);
});

it('keeps the voice SDK out of every route but /interview/{id}', () => {
  const interview = routeChunk('practice/interview-page.tsx');
  expect(interview, 'the interview page is a lazy route of its own').toBeDefined();
  const hasVoice = (file: string) => chunks.get(file)!.moduleIds.some((id) => VOICE_SDK.test(id));
  const voiceChunks = [...chunks.keys()].filter(hasVoice);
  // The app's entry and every route page of the portal load none of it, statically or lazily.
  const isRoute = (chunk: BuiltChunk) => chunk.isEntry || (chunk.isDynamicEntry && /[\\/]packages[\\/]portal[\\/]src[\\/]/.test(chunk.facadeModuleId ?? ''));
  for (const chunk of chunks.values()) {
    if (!isRoute(chunk) || chunk === interview) continue;
    for (const file of closure(chunk.fileName)) {
      expect(hasVoice(file), `${chunk.facadeModuleId ?? chunk.fileName} loads ${file}`).toBe(false);
      for (const lazy of chunks.get(file)!.dynamicImports) {
        expect(voiceChunks.includes(lazy), `${chunk.facadeModuleId ?? chunk.fileName} can load ${lazy}`).toBe(false);
      }
    }
  }
  // What the interview room loads, at once or when a session starts.
  const reach = (fileName: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    const chunk = chunks.get(fileName);
    for (const next of [...(chunk?.imports ?? []), ...(chunk?.dynamicImports ?? [])]) reach(next, seen);
    return seen;
  };
  const fromInterview = reach(interview!.fileName);
  const voiceGzip = gzipOf(voiceChunks);
  console.log(`voice SDK: ${kb(voiceGzip)} gzip in ${voiceChunks.join(', ') || 'no chunk'}, loaded only from /interview/{id}`);
  expect(voiceChunks.length, 'the interview room loads the ElevenLabs SDK').toBeGreaterThan(0);
  for (const file of voiceChunks) expect(fromInterview.has(file), file).toBe(true);
});

it('ships no server SDK of an AI provider to the browser: their keys live in the ai function only', () => {
  const SERVER_SDKS = /[\\/]node_modules[\\/](?:\.pnpm[\\/][^\\/]+[\\/]node_modules[\\/])?(@elevenlabs[\\/]elevenlabs-js|@google[\\/]genai)[\\/]/;
  const offenders = [...chunks.values()].flatMap((chunk) => chunk.moduleIds.filter((id) => SERVER_SDKS.test(id)).map((id) => `${chunk.fileName}: ${id}`));
  expect(offenders).toEqual([]);
  // Nor the header the server SDKs send the ElevenLabs key in.
  expect([...chunks.values()].filter((chunk) => chunk.code.includes('xi-api-key')).map((chunk) => chunk.fileName)).toEqual([]);
});
