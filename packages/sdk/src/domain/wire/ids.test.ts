import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUCKETS, DATABASE_ID, FUNCTIONS, TABLES, UPLOADS_BUCKET } from './ids.ts';

/** The repository's appwrite.config.json: what `appwrite push` deploys and the local backend provisions. */
const config = JSON.parse(readFileSync(new URL('../../../../../appwrite.config.json', import.meta.url), 'utf8')) as {
  tablesDB: Array<{ $id: string }>;
  tables: Array<{ $id: string; databaseId: string }>;
  buckets: Array<{ $id: string }>;
  functions: Array<{ $id: string }>;
};

describe('the wire ids are the ids of appwrite.config.json', () => {
  it('names its database and every table of it, and nothing else', () => {
    expect(config.tablesDB.map((database) => database.$id)).toEqual([DATABASE_ID]);
    const declared = config.tables.filter((table) => table.databaseId === DATABASE_ID).map((table) => table.$id);
    expect(Object.values(TABLES).sort()).toEqual(declared.sort());
  });

  it('names every bucket and every function, and nothing else', () => {
    expect([...Object.values(BUCKETS), UPLOADS_BUCKET].sort()).toEqual(config.buckets.map((bucket) => bucket.$id).sort());
    expect(Object.values(FUNCTIONS).sort()).toEqual(config.functions.map((fn) => fn.$id).sort());
  });
});
