import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { buildLibrary } from '../../packages/widgets/build/library-build.ts';

/**
 * The ElevenLabs voice SDK (and the WebRTC client under it) is loaded only when a voice interview
 * starts (architecture section 5): `@opportunity-kit/widgets` may reach it through one dynamic
 * import, never a static one, so no other page of an application pays for it.
 */
const outDir = mkdtempSync(join(tmpdir(), 'ok-widgets-voice-'));
const SRC = join(import.meta.dirname, '../../packages/widgets/src');

afterAll(() => {
  rmSync(outDir, { recursive: true, force: true });
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

it('the built widgets library reaches @elevenlabs/react through one dynamic import only', async () => {
  const library = await buildLibrary(join(outDir, 'library'), { minify: true });
  const code = readFileSync(library.file, 'utf8');
  expect(code).not.toMatch(/(from|import)\s*["']@elevenlabs\/(react|client)["']/);
  expect(code).not.toMatch(/livekit/i);
  expect(code.match(/import\(\s*["']@elevenlabs\/react["']\s*\)/g)).toHaveLength(1);
});

it('no widget source, story or test imports @elevenlabs statically', () => {
  const offenders = sources(SRC).filter((file) => /^\s*import\s[^(]*["']@elevenlabs\//m.test(readFileSync(file, 'utf8')));
  expect(offenders.map((file) => relative(SRC, file))).toEqual([]);
});
