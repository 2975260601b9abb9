import { errors } from '../http/errors.ts';
import { uniqueId } from '../http/params.ts';
import { parseListQueries } from '../queries/list-queries.ts';
import { columnAttributes, searchCondition, selectPage, type SqlCondition } from '../queries/list-sql.ts';
import type { Store } from '../store/store.ts';

export interface TeamRecord {
  id: string;
  name: string;
  prefs: Record<string, unknown>;
  permissions: string[];
  /** Confirmed members, counted rather than kept as a counter, so it never drifts from the memberships. */
  total: number;
  createdAt: number;
  updatedAt: number;
}

export interface MembershipRecord {
  id: string;
  teamId: string;
  userId: string;
  roles: string[];
  invited: number;
  joined: number | null;
  confirm: boolean;
  /** SHA-256 of the invitation secret; kept after joining, so a used link answers "already confirmed". */
  secretHash: string;
  /** The address the invitation was last mailed to ('' when none was); joining verifies only that address. */
  mailedTo: string;
  permissions: string[];
  createdAt: number;
  updatedAt: number;
}

interface TeamRow {
  id: string;
  name: string;
  prefs: string;
  permissions: string;
  total: number;
  created_at: number;
  updated_at: number;
}

interface MembershipRow {
  id: string;
  team_id: string;
  user_id: string;
  roles: string;
  invited: number;
  joined: number | null;
  confirm: number;
  secret_hash: string;
  mailed_to: string;
  permissions: string;
  created_at: number;
  updated_at: number;
}

/** Appwrite's Teams::ALLOWED_ATTRIBUTES (`billingPlan` exists only on the console's teams). */
const TEAM_FIELDS = columnAttributes({ name: 'string', total: 'number' });

/** Appwrite's Memberships::ALLOWED_ATTRIBUTES, as columns of `_memberships`. */
const MEMBERSHIP_FIELDS = {
  ...columnAttributes({ userId: 'string', teamId: 'string', invited: 'datetime', joined: 'datetime', confirm: 'boolean' }),
  roles: { column: 'roles', type: 'string', array: true },
} as const;

function toTeam(row: TeamRow): TeamRecord {
  return {
    id: row.id,
    name: row.name,
    prefs: JSON.parse(row.prefs) as Record<string, unknown>,
    permissions: JSON.parse(row.permissions) as string[],
    total: row.total,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

function toMembership(row: MembershipRow): MembershipRecord {
  return {
    id: row.id,
    teamId: row.team_id,
    userId: row.user_id,
    roles: JSON.parse(row.roles) as string[],
    invited: row.invited,
    joined: row.joined,
    confirm: row.confirm === 1,
    secretHash: row.secret_hash,
    mailedTo: row.mailed_to,
    permissions: JSON.parse(row.permissions) as string[],
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Rows whose `read` permissions name one of the roles; undefined (everything) for an API key. */
function readableBy(table: string, roles: readonly string[] | undefined): SqlCondition | undefined {
  if (roles === undefined) return undefined;
  const granted = roles.map((role) => `read("${role}")`);
  return {
    sql: `EXISTS (SELECT 1 FROM json_each(${table}.permissions) WHERE value IN (${granted.map(() => '?').join(', ') || 'NULL'}))`,
    params: granted,
  };
}

export interface ListRequest {
  queries: readonly unknown[];
  search: string;
  includeTotal: boolean;
  /** The caller's roles, limiting the list to what they may read; undefined for an API key. */
  readerRoles: readonly string[] | undefined;
}

export interface NewMembership {
  teamId: string;
  userId: string;
  roles: string[];
  confirm: boolean;
  secretHash: string;
  mailedTo: string;
  permissions: string[];
}

/**
 * Teams and their memberships in SQLite (`_teams`, `_memberships`), shared by the teams module, the
 * Users API and `Identity`, which turns a user's confirmed memberships into `team:` roles. A
 * membership goes with its team and with its user (foreign keys), as Appwrite's deletes worker
 * removes them; a team's `total` is counted from the confirmed ones (the `_teams_counted` view).
 */
export class TeamStore {
  constructor(private readonly store: Store) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _teams (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE, name TEXT NOT NULL, prefs TEXT NOT NULL DEFAULT '{}', permissions TEXT NOT NULL,
        created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL
      );
      CREATE TABLE IF NOT EXISTS _memberships (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE,
        team_id TEXT NOT NULL REFERENCES _teams(id) ON DELETE CASCADE,
        user_id TEXT NOT NULL REFERENCES _users(id) ON DELETE CASCADE,
        roles TEXT NOT NULL, invited INTEGER NOT NULL, joined INTEGER, confirm INTEGER NOT NULL,
        secret_hash TEXT NOT NULL, mailed_to TEXT NOT NULL DEFAULT '', permissions TEXT NOT NULL, created_at INTEGER NOT NULL, updated_at INTEGER NOT NULL,
        UNIQUE (team_id, user_id)
      );
      CREATE INDEX IF NOT EXISTS _memberships_user ON _memberships(user_id);
      CREATE VIEW IF NOT EXISTS _teams_counted AS
        SELECT _teams.*, (SELECT COUNT(*) FROM _memberships WHERE _memberships.team_id = _teams.id AND _memberships.confirm = 1) AS total
        FROM _teams;
    `);
  }

  findTeam(id: string): TeamRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _teams_counted WHERE id = ?').get(id) as TeamRow | undefined;
    return row && toTeam(row);
  }

  /** Undefined when the id is taken. */
  createTeam(input: { id: string; name: string; permissions: string[] }): TeamRecord | undefined {
    const now = Date.now();
    const result = this.store.db
      .prepare('INSERT INTO _teams (id, name, permissions, created_at, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT(id) DO NOTHING')
      .run(input.id, input.name, JSON.stringify(input.permissions), now, now);
    return result.changes === 0 ? undefined : this.findTeam(input.id);
  }

  updateTeam(id: string, changes: { name?: string; prefs?: Record<string, unknown> }): TeamRecord | undefined {
    const db = this.store.db;
    if (changes.name !== undefined) db.prepare('UPDATE _teams SET name = ? WHERE id = ?').run(changes.name, id);
    if (changes.prefs !== undefined) db.prepare('UPDATE _teams SET prefs = ? WHERE id = ?').run(JSON.stringify(changes.prefs), id);
    db.prepare('UPDATE _teams SET updated_at = ? WHERE id = ?').run(Date.now(), id);
    return this.findTeam(id);
  }

  /** Removes the team and, with it, every membership of it. */
  deleteTeam(id: string): void {
    this.store.db.prepare('DELETE FROM _teams WHERE id = ?').run(id);
  }

  listTeams(request: ListRequest): { total: number; teams: TeamRecord[] } {
    const db = this.store.db;
    const readable = readableBy('_teams_counted', request.readerRoles);
    const searched = searchCondition(request.search, ['id', 'name']);
    const conditions = [readable, searched].filter((condition): condition is SqlCondition => condition !== undefined);
    const { total, rows } = selectPage<TeamRow>(db, {
      table: '_teams_counted',
      conditions,
      queries: parseListQueries(request.queries, TEAM_FIELDS),
      includeTotal: request.includeTotal,
      // The cursor is read with the caller's rights, as Appwrite's getDocument does.
      cursorRow: (id) =>
        db.prepare(`SELECT * FROM _teams_counted WHERE id = ?${readable ? ` AND ${readable.sql}` : ''}`).get(id, ...(readable?.params ?? [])) as
          Record<string, unknown> | undefined,
      cursorNotFound: (id) => errors.resourceCursorNotFound('Team', id),
    });
    return { total, teams: rows.map(toTeam) };
  }

  findMembership(id: string): MembershipRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _memberships WHERE id = ?').get(id) as MembershipRow | undefined;
    return row && toMembership(row);
  }

  membershipOf(teamId: string, userId: string): MembershipRecord | undefined {
    const row = this.store.db.prepare('SELECT * FROM _memberships WHERE team_id = ? AND user_id = ?').get(teamId, userId) as MembershipRow | undefined;
    return row && toMembership(row);
  }

  createMembership(input: NewMembership): MembershipRecord {
    const now = Date.now();
    const id = uniqueId();
    this.store.db
      .prepare(
        `INSERT INTO _memberships (id, team_id, user_id, roles, invited, joined, confirm, secret_hash, mailed_to, permissions, created_at, updated_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        input.teamId,
        input.userId,
        JSON.stringify(input.roles),
        now,
        input.confirm ? now : null,
        input.confirm ? 1 : 0,
        input.secretHash,
        input.mailedTo,
        JSON.stringify(input.permissions),
        now,
        now,
      );
    return this.findMembership(id) as MembershipRecord;
  }

  updateMembership(
    id: string,
    changes: { roles?: string[]; secretHash?: string; mailedTo?: string; invited?: number; joined?: number; confirm?: boolean },
  ): MembershipRecord {
    const columns: Record<string, unknown> = { updated_at: Date.now() };
    if (changes.roles !== undefined) columns.roles = JSON.stringify(changes.roles);
    if (changes.secretHash !== undefined) columns.secret_hash = changes.secretHash;
    if (changes.mailedTo !== undefined) columns.mailed_to = changes.mailedTo;
    if (changes.invited !== undefined) columns.invited = changes.invited;
    if (changes.joined !== undefined) columns.joined = changes.joined;
    if (changes.confirm !== undefined) columns.confirm = changes.confirm ? 1 : 0;
    const assignments = Object.keys(columns)
      .map((column) => `${column} = @${column}`)
      .join(', ');
    this.store.db.prepare(`UPDATE _memberships SET ${assignments} WHERE id = @id`).run({ ...columns, id });
    return this.findMembership(id) as MembershipRecord;
  }

  deleteMembership(id: string): void {
    this.store.db.prepare('DELETE FROM _memberships WHERE id = ?').run(id);
  }

  /** One page of a team's or a user's memberships, in the order they were made. */
  listMemberships(owner: { teamId: string } | { userId: string }, request: ListRequest): { total: number; memberships: MembershipRecord[] } {
    const db = this.store.db;
    const scope: SqlCondition = 'teamId' in owner ? { sql: 'team_id = ?', params: [owner.teamId] } : { sql: 'user_id = ?', params: [owner.userId] };
    const readable = readableBy('_memberships', request.readerRoles);
    // Appwrite searches a membership by "membershipId userId".
    const searched = searchCondition(request.search, ['id', 'user_id']);
    const conditions = [scope, readable, searched].filter((condition): condition is SqlCondition => condition !== undefined);
    const { total, rows } = selectPage<MembershipRow>(db, {
      table: '_memberships',
      conditions,
      queries: parseListQueries(request.queries, MEMBERSHIP_FIELDS),
      includeTotal: request.includeTotal,
      cursorRow: (id) =>
        db.prepare(`SELECT * FROM _memberships WHERE id = ?${readable ? ` AND ${readable.sql}` : ''}`).get(id, ...(readable?.params ?? [])) as
          Record<string, unknown> | undefined,
      cursorNotFound: (id) => errors.resourceCursorNotFound('Membership', id),
    });
    return { total, memberships: rows.map(toMembership) };
  }

  /** The memberships that give `userId` roles: the confirmed ones, oldest first. */
  confirmedMembershipsOf(userId: string): MembershipRecord[] {
    const rows = this.store.db.prepare('SELECT * FROM _memberships WHERE user_id = ? AND confirm = 1 ORDER BY seq').all(userId) as MembershipRow[];
    return rows.map(toMembership);
  }

  /** Users who hold a role in `teamId` (confirmed members), for refreshing what their open sockets may see. */
  memberIdsOf(teamId: string): string[] {
    const rows = this.store.db.prepare('SELECT user_id FROM _memberships WHERE team_id = ? AND confirm = 1').all(teamId) as Array<{ user_id: string }>;
    return rows.map((row) => row.user_id);
  }
}
