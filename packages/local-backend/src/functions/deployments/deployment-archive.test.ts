import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { tarGz, type TarEntry } from '../../../../../tests/fixtures/deployments/tar-gz.ts';
import { inspectArchive, unpackArchive, UnsafeArchive } from './deployment-archive.ts';

let work: string;

function archive(entries: readonly TarEntry[]): string {
  work = mkdtempSync(join(tmpdir(), 'ok-archive-'));
  const file = join(work, 'code.tar.gz');
  writeFileSync(file, tarGz(entries));
  return file;
}

afterEach(() => {
  rmSync(work, { recursive: true, force: true });
});

describe('deployment archives', () => {
  it('unpacks files, folders and an inside link, and counts what they hold', async () => {
    const file = archive([
      { path: 'lib/', type: 'directory' },
      { path: 'lib/util.js', content: 'export const x = 1;\n' },
      { path: 'main.js', content: 'export default () => {};\n' },
      { path: 'alias.js', type: 'symlink', linkpath: 'lib/util.js' },
    ]);
    expect(await inspectArchive(file)).toEqual({ bytes: 45, entries: 4 });
    const folder = join(work, 'out');
    await import('node:fs/promises').then((fs) => fs.mkdir(folder));
    await unpackArchive(file, folder);
    expect(readdirSync(folder).sort()).toEqual(['alias.js', 'lib', 'main.js']);
    expect(readFileSync(join(folder, 'alias.js'), 'utf8')).toBe('export const x = 1;\n');
  });

  it.each([
    ['a parent segment', [{ path: '../escaped.js', content: 'x' }], '"../escaped.js" points outside'],
    ['a parent segment deeper down', [{ path: 'lib/../../escaped.js', content: 'x' }], 'points outside'],
    ['an absolute path', [{ path: '/tmp/escaped.js', content: 'x' }], '"/tmp/escaped.js" points outside'],
    ['a link pointing up', [{ path: 'up', type: 'symlink', linkpath: '../..' }], 'The symbolic link "up" points outside'],
    ['an absolute link', [{ path: 'etc', type: 'symlink', linkpath: '/etc' }], 'The symbolic link "etc" points outside'],
  ] satisfies Array<[string, TarEntry[], string]>)('refuses an archive with %s', async (_name, entries, message) => {
    const file = archive([{ path: 'main.js', content: 'ok' }, ...entries]);
    const refused = await inspectArchive(file).then(
      () => undefined,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(UnsafeArchive);
    expect((refused as Error).message).toContain(message);
  });

  it('refuses more bytes or entries than the limits, and what is not a tar.gz at all', async () => {
    const big = archive([
      { path: 'a.bin', content: Buffer.alloc(600) },
      { path: 'b.bin', content: Buffer.alloc(600) },
    ]);
    await expect(inspectArchive(big, { maxBytes: 1000, maxEntries: 10 })).rejects.toThrow('unpacks to more than 1000 bytes');
    await expect(inspectArchive(big, { maxBytes: 10_000, maxEntries: 1 })).rejects.toThrow('more than 1 entries');
    const junk = join(work, 'junk.tar.gz');
    writeFileSync(junk, 'definitely not gzip');
    await expect(inspectArchive(junk)).rejects.toBeInstanceOf(UnsafeArchive);
    expect(existsSync(join(work, 'a.bin'))).toBe(false);
  });
});
