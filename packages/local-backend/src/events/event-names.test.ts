import { describe, expect, it } from 'vitest';
import type { DomainEvent } from './bus.ts';
import { actionOf, generateEventNames, joinName, parseEventName, realtimeRowEventNames, rowTemplate, triggerEventNames } from './event-names.ts';

const names = (name: string, ids: Record<string, string>): string[] => generateEventNames(parseEventName(name, ids)).map(joinName);

const rowEvent = (action: string, ids = { databaseId: 'd1', tableId: 't1', rowId: 'r1' }): DomainEvent => ({
  resource: 'row',
  name: `databases.${ids.databaseId}.tables.${ids.tableId}.rows.${ids.rowId}.${action}`,
  ids,
  action,
  payload: {},
  readRoles: ['any'],
});

describe('generateEventNames', () => {
  it('lists every level of a user event with each id concrete or *, concrete first', () => {
    expect(names('users.u1.create', { userId: 'u1' })).toEqual(['users.u1.create', 'users.*.create', 'users.u1', 'users.*']);
  });

  it("keeps Appwrite's order for an attribute event", () => {
    expect(names('users.u1.update.name', { userId: 'u1' })).toEqual([
      'users.u1.update',
      'users.*.update',
      'users.u1.update.name',
      'users.*.update.name',
      'users.u1',
      'users.*',
    ]);
  });

  it('covers nested resources without matching the parent action', () => {
    const generated = names('users.u1.sessions.s1.create', { userId: 'u1', sessionId: 's1' });
    expect(generated[0]).toBe('users.u1.sessions.s1.create');
    expect(generated).toEqual(
      expect.arrayContaining([
        'users.*.sessions.*.create',
        'users.u1.sessions.*.create',
        'users.*.sessions.s1.create',
        'users.u1.sessions.s1',
        'users.*.sessions.*',
        'users.u1',
        'users.*',
      ]),
    );
    expect(generated).not.toContain('users.*.create');
  });
});

describe('parseEventName', () => {
  it('keeps an id containing a dot whole, so its wildcard replaces all of it', () => {
    const template = parseEventName('buckets.b.files.a.b.delete', { bucketId: 'b', fileId: 'a.b' });
    expect(template.map((segment) => segment.value)).toEqual(['buckets', 'b', 'files', 'a.b', 'delete']);
    expect(actionOf(template)).toBe('delete');
    expect(generateEventNames(template).map(joinName)).toEqual(expect.arrayContaining(['buckets.b.files.*.delete', 'buckets.*.files.a.b']));
  });

  it('reads an attribute after the action as a literal, not an id', () => {
    const template = parseEventName('users.u1.update.name', {});
    expect(template.map((segment) => segment.kind)).toEqual(['literal', 'id', 'literal', 'literal']);
    expect(actionOf(template)).toBe('update');
  });
});

describe('realtimeRowEventNames', () => {
  it('spells each generated name in the tablesdb, collections and tables families, in that order', () => {
    const generated = realtimeRowEventNames(rowTemplate('db', 't', 'r1', 'update'));
    expect(generated.slice(0, 3)).toEqual([
      'tablesdb.db.tables.t.rows.r1.update',
      'databases.db.collections.t.documents.r1.update',
      'databases.db.tables.t.rows.r1.update',
    ]);
    expect(generated).toEqual(
      expect.arrayContaining([
        'databases.*.tables.*.rows.*.update',
        'tablesdb.db.tables.*.rows.r1',
        'databases.db.collections.t',
        'tablesdb.db',
        'tablesdb.*',
        'databases.*',
      ]),
    );
  });
});

describe('triggerEventNames', () => {
  it('mirrors a row create into the documents, rows and tablesdb spellings, documents first', () => {
    const generated = triggerEventNames(rowEvent('create'));
    expect(generated[0]).toBe('databases.d1.collections.t1.documents.r1.create');
    expect(generated).toEqual(
      expect.arrayContaining([
        'databases.*.collections.*.documents.*.create',
        'databases.*.tables.*.rows.*.create',
        'tablesdb.*.tables.*.rows.*.create',
        'databases.d1.tables.*.rows.*.create',
        'tablesdb.d1.tables.t1.rows.r1',
        'databases.*',
      ]),
    );
  });

  it('announces other row actions in the tables spelling first', () => {
    expect(triggerEventNames(rowEvent('update'))[0]).toBe('databases.d1.tables.t1.rows.r1.update');
    expect(triggerEventNames(rowEvent('delete'))).toContain('databases.*.collections.*.documents.*.delete');
  });

  it('keeps a row id containing a dot whole', () => {
    const generated = triggerEventNames(rowEvent('delete', { databaseId: 'd1', tableId: 't1', rowId: 'a.b' }));
    expect(generated[0]).toBe('databases.d1.tables.t1.rows.a.b.delete');
    expect(generated).toContain('databases.d1.collections.t1.documents.*.delete');
    expect(generated).not.toContain('databases.d1.tables.t1.rows.a.*');
  });

  it('uses the generated names unchanged for other resources', () => {
    const event: DomainEvent = {
      resource: 'file',
      name: 'buckets.b.files.f.create',
      ids: { bucketId: 'b', fileId: 'f' },
      action: 'create',
      payload: {},
      readRoles: [],
    };
    expect(triggerEventNames(event)).toEqual(names(event.name, event.ids));
    expect(triggerEventNames(event)[0]).toBe('buckets.b.files.f.create');
  });
});
