import { describe, expect, it } from 'vitest';
import type { DomainEvent } from '../events/bus.ts';
import { convertChannels, publicationOf, rebindAccountChannels } from './channels.ts';

const event = (overrides: Partial<DomainEvent> & Pick<DomainEvent, 'resource' | 'name' | 'ids' | 'action'>): DomainEvent => ({
  payload: {},
  readRoles: ['any'],
  ...overrides,
});

describe('publicationOf', () => {
  it('publishes a user update on the account channels with action variants, with its generated names', () => {
    const publication = publicationOf(event({ resource: 'user', name: 'users.u1.update.name', ids: { userId: 'u1' }, action: 'update' }), 'p');
    expect(publication?.channels).toEqual(['account', 'account.u1', 'account.update', 'account.u1.update']);
    expect(publication?.events).toContain('users.*.update.name');
  });

  it('leaves the secret of a verification token out of the payload', () => {
    const publication = publicationOf(
      event({
        resource: 'verification',
        name: 'users.u1.verification.t1.create',
        ids: { userId: 'u1', tokenId: 't1' },
        action: 'create',
        payload: { $id: 't1', userId: 'u1', secret: 'abc' },
      }),
      'p',
    );
    expect(publication?.payload).toEqual({ $id: 't1', userId: 'u1' });
    expect(publication?.channels).toEqual(['account', 'account.u1']);
  });

  it('publishes nested session events without action variants', () => {
    const publication = publicationOf(
      event({ resource: 'session', name: 'users.u1.sessions.s1.create', ids: { userId: 'u1', sessionId: 's1' }, action: 'create' }),
      'p',
    );
    expect(publication?.channels).toEqual(['account', 'account.u1']);
  });

  it('publishes a row on 16 channels and its names in three families, tablesdb first, increments as updates', () => {
    const publication = publicationOf(
      event({ resource: 'row', name: 'databases.db.tables.t.rows.r1.increment', ids: { databaseId: 'db', tableId: 't', rowId: 'r1' }, action: 'increment' }),
      'p',
    );
    expect(publication?.channels).toHaveLength(16);
    expect(publication?.channels).toEqual(
      expect.arrayContaining([
        'documents',
        'databases.db.collections.t.documents',
        'databases.db.collections.t.documents.r1',
        'rows',
        'databases.db.tables.t.rows',
        'databases.db.tables.t.rows.r1',
        'tablesdb.db.tables.t.rows',
        'tablesdb.db.tables.t.rows.r1',
        'rows.update',
        'tablesdb.db.tables.t.rows.r1.update',
        'documents.update',
      ]),
    );
    expect(publication?.events.slice(0, 3)).toEqual([
      'tablesdb.db.tables.t.rows.r1.update',
      'databases.db.collections.t.documents.r1.update',
      'databases.db.tables.t.rows.r1.update',
    ]);
    expect(publication?.events.some((name) => name.includes('increment'))).toBe(false);
  });

  it('keeps an id containing a dot whole in channels and names', () => {
    const publication = publicationOf(
      event({ resource: 'row', name: 'databases.db.tables.t.rows.a.b.delete', ids: { databaseId: 'db', tableId: 't', rowId: 'a.b' }, action: 'delete' }),
      'p',
    );
    expect(publication?.channels).toContain('tablesdb.db.tables.t.rows.a.b.delete');
    expect(publication?.events).toContain('tablesdb.db.tables.t.rows.*.delete');
    expect(publication?.events).toContain('databases.db.collections.t.documents.a.b');
  });

  it('publishes files and readable executions, and no execution nobody may read', () => {
    const file = publicationOf(event({ resource: 'file', name: 'buckets.b.files.f.create', ids: { bucketId: 'b', fileId: 'f' }, action: 'create' }), 'p');
    expect(file?.channels).toEqual(['files', 'buckets.b.files', 'buckets.b.files.f', 'files.create', 'buckets.b.files.create', 'buckets.b.files.f.create']);

    const execution = {
      resource: 'execution',
      name: 'functions.fn.executions.e1.update',
      ids: { functionId: 'fn', executionId: 'e1' },
      action: 'update',
    } as const;
    expect(publicationOf(event({ ...execution, readRoles: ['user:u1'] }), 'p')?.channels).toEqual([
      'console',
      'projects.p',
      'executions',
      'executions.e1',
      'functions.fn',
      'executions.update',
      'executions.e1.update',
      'functions.fn.update',
    ]);
    expect(publicationOf(event({ ...execution, readRoles: [] }), 'p')).toBeUndefined();
  });
});

describe('subscription channels', () => {
  it('expands account for the user, scopes account actions, and drops other account channels', () => {
    expect(convertChannels(['account', 'account.u2', 'account.update', 'rows'], 'u1')).toEqual(['account', 'account.u1', 'account.u1.update', 'rows']);
    expect(convertChannels(['account', 'account.u2', 'account.update'], undefined)).toEqual(['account', 'account.update']);
  });

  it('rebinds account channels when a guest socket authenticates', () => {
    expect(rebindAccountChannels(['account', 'account.update', 'files'], undefined, 'u1')).toEqual(['account', 'account.u1', 'account.u1.update', 'files']);
    expect(rebindAccountChannels(['account', 'account.u1', 'account.u1.delete'], 'u1', 'u2')).toEqual(['account', 'account.u2', 'account.u2.delete']);
  });
});
