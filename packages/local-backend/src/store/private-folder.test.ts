import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from './store.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

const modeOf = (path: string) => (statSync(path).mode & 0o777).toString(8);

describe('the data folder', () => {
  it('is created private, with a private database and WAL', () => {
    const parent = mkdtempSync(join(tmpdir(), 'ok-private-'));
    folders.push(parent);
    const dataDir = join(parent, 'data');
    const store = new Store({ dataDir });
    store.setMeta('apiKey', 'standard_secret');
    expect([modeOf(dataDir), modeOf(join(dataDir, 'local-backend.sqlite')), modeOf(join(dataDir, 'local-backend.sqlite-wal'))]).toEqual(['700', '600', '600']);
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
    store.close();
  });

  it('is closed on open when an older version left it readable by others, symbolic links aside', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ok-private-'));
    const outside = mkdtempSync(join(tmpdir(), 'ok-outside-'));
    folders.push(dataDir, outside);
    chmodSync(dataDir, 0o755);
    mkdirSync(join(dataDir, 'storage', 'bucket'), { recursive: true, mode: 0o755 });
    writeFileSync(join(dataDir, 'storage', 'bucket', 'file'), 'bytes', { mode: 0o644 });
    writeFileSync(join(dataDir, 'local-backend.sqlite'), '', { mode: 0o644 });
    writeFileSync(join(outside, 'theirs'), '', { mode: 0o644 });
    symlinkSync(join(outside, 'theirs'), join(dataDir, 'link'));
    new Store({ dataDir }).close();
    expect([dataDir, join(dataDir, 'storage'), join(dataDir, 'storage', 'bucket')].map(modeOf)).toEqual(['700', '700', '700']);
    expect([join(dataDir, 'storage', 'bucket', 'file'), join(dataDir, 'local-backend.sqlite')].map(modeOf)).toEqual(['600', '600']);
    expect(modeOf(join(outside, 'theirs'))).toBe('644');
  });
});
