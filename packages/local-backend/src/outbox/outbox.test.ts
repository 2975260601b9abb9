import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { Store } from '../store/store.ts';
import { Outbox } from './outbox.ts';

const folders: string[] = [];
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe('Outbox', () => {
  it('prints who, what and the links, so a developer can follow a mail from the server log', () => {
    const lines: string[] = [];
    const outbox = new Outbox(new Store({ memory: true }), (line) => lines.push(line));
    outbox.send({ to: 'Ada@Example.com', subject: 'Account Verification', text: 'Open https://app.test/verify?userId=u1&secret=s1 now.' });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('ada@example.com');
    expect(lines[0]).toContain('Subject: Account Verification');
    expect(lines[0]).toContain('https://app.test/verify?userId=u1&secret=s1');
  });

  it('finds links in the text unless they are given, lists newest first and filters by recipient', () => {
    const outbox = new Outbox(new Store({ memory: true }), () => {});
    const first = outbox.send({ to: 'a@example.com', subject: 'One', text: 'See http://x.test/1 and https://x.test/2.' });
    outbox.send({ to: 'b@example.com', subject: 'Two', text: 'No links here', links: ['http://given.test/'] });
    outbox.send({ to: 'A@example.com', subject: 'Three', text: 'plain' });

    expect(first.links).toEqual(['http://x.test/1', 'https://x.test/2']);
    const all = outbox.list();
    expect(all.total).toBe(3);
    expect(all.messages.map((message) => message.subject)).toEqual(['Three', 'Two', 'One']);
    expect(all.messages[1]!.links).toEqual(['http://given.test/']);
    expect(outbox.list({ to: 'A@EXAMPLE.COM' }).messages.map((message) => message.subject)).toEqual(['Three', 'One']);
  });

  it('keeps messages across a restart on the same data folder', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'ok-outbox-'));
    folders.push(dataDir);
    const before = new Store({ dataDir });
    new Outbox(before, () => {}).send({ to: 'kept@example.com', subject: 'Kept', text: 'https://kept.test/' });
    before.close();
    const after = new Store({ dataDir });
    expect(new Outbox(after, () => {}).list().messages.map((message) => message.subject)).toEqual(['Kept']);
    after.close();
  });
});
