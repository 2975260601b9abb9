import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppwriteException, ID, Query, Teams, Users } from 'node-appwrite';
import { adminClient, describeLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { cleanup } from '../support/cleanup.ts';
import { APPWRITE_DATE, expectModel, MEMBERSHIP, TEAM } from '../support/models.ts';

/**
 * The Teams API with the project API key (node-appwrite `Teams`): teams, their lists and prefs, and
 * members added by a key, who join at once. Invitations, client calls and team roles in permissions
 * are in teams-invitations.test.ts and teams-permissions.test.ts.
 */

let backend: TestBackend;
let teams: Teams;
let users: Users;
beforeAll(async () => {
  backend = await startTestBackend();
  teams = new Teams(adminClient(backend));
  users = new Users(adminClient(backend));
});
afterAll(() => backend.close());

async function expectError(promise: Promise<unknown>, code: number, type: string): Promise<AppwriteException> {
  const outcome = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(outcome).toBeInstanceOf(AppwriteException);
  const error = outcome as AppwriteException;
  expect({ code: error.code, type: error.type }).toEqual({ code, type });
  return error;
}

async function createTeam(name: string, teamId: string = ID.unique()) {
  const team = await teams.create({ teamId, name });
  cleanup.team(team.$id);
  return team;
}

const address = (label: string) => `${label}-${uniqueSuffix()}@example.com`;

describe('teams (API key)', () => {
  it('creates an empty team with the Team model and refuses a taken id or a missing name', async () => {
    const id = `club${uniqueSuffix()}`;
    const team = await createTeam('Chess club', id);
    expectModel(team, TEAM);
    expect(team).toMatchObject({ $id: id, name: 'Chess club', total: 0, prefs: {} });
    await expect(teams.get({ teamId: id })).resolves.toEqual(team);

    const taken = await expectError(teams.create({ teamId: id, name: 'Again' }), 409, 'team_already_exists');
    expect(taken.message).toBe('Team with requested ID already exists. Please choose a different ID and try again.');
    await expectError(teams.create({ teamId: ID.unique(), name: '' }), 400, 'general_argument_invalid');
    await expectError(teams.get({ teamId: 'no-such-team' }), 404, 'team_not_found');
  });

  it('lists teams with queries, search, cursors and total=false', async () => {
    const tag = uniqueSuffix();
    const arsenal = await createTeam(`Arsenal ${tag}`);
    const united = await createTeam(`Manchester${tag} United`);
    const newcastle = await createTeam(`Newcastle ${tag}`);
    const mine = [arsenal.$id, united.$id, newcastle.$id];

    const named = await teams.list({ queries: [Query.equal('name', [`Arsenal ${tag}`, `Newcastle ${tag}`])] });
    expect(named.teams.map((team) => team.$id)).toEqual([arsenal.$id, newcastle.$id]);
    expect(named.total).toBe(2);

    // Words of a search are alternatives (Appwrite's full-text search): one word names one team here.
    const searched = await teams.list({ search: `Manchester${tag}` });
    expect(searched.teams.map((team) => team.$id)).toEqual([united.$id]);
    expect((await teams.list({ search: arsenal.$id })).teams.map((team) => team.$id)).toEqual([arsenal.$id]);

    const ordered = await teams.list({ queries: [Query.startsWith('name', 'Newcastle'), Query.greaterThanEqual('total', 0), Query.limit(5)] });
    expect(ordered.teams.map((team) => team.$id)).toContain(newcastle.$id);

    const after = await teams.list({ queries: [Query.equal('$id', mine), Query.cursorAfter(arsenal.$id), Query.limit(1)] });
    expect(after.teams.map((team) => team.$id)).toEqual([united.$id]);
    const before = await teams.list({ queries: [Query.equal('$id', mine), Query.cursorBefore(newcastle.$id), Query.limit(1)] });
    expect(before.teams.map((team) => team.$id)).toEqual([united.$id]);

    const uncounted = await teams.list({ queries: [Query.equal('$id', mine)], total: false });
    expect(uncounted).toMatchObject({ total: 0 });
    expect(uncounted.teams).toHaveLength(3);

    const unknownCursor = await expectError(teams.list({ queries: [Query.cursorAfter('unknown')] }), 400, 'general_cursor_not_found');
    expect(unknownCursor.message).toBe("Team 'unknown' for the 'cursor' value not found.");
    await expectError(teams.list({ queries: [Query.equal('secret', ['x'])] }), 400, 'general_argument_invalid');
  });

  it('renames a team, keeps its prefs object whole, and deletes it', async () => {
    const team = await createTeam('Debate');
    const renamed = await teams.updateName({ teamId: team.$id, name: 'Debate society' });
    expect(renamed).toMatchObject({ $id: team.$id, name: 'Debate society' });

    await expect(teams.getPrefs({ teamId: team.$id })).resolves.toEqual({});
    await expect(teams.updatePrefs({ teamId: team.$id, prefs: { colour: 'teal', year: 2026 } })).resolves.toEqual({ colour: 'teal', year: 2026 });
    await expect(teams.updatePrefs({ teamId: team.$id, prefs: { room: 'B12' } })).resolves.toEqual({ room: 'B12' });
    expect((await teams.get({ teamId: team.$id })).prefs).toEqual({ room: 'B12' });

    await teams.delete({ teamId: team.$id });
    await expectError(teams.get({ teamId: team.$id }), 404, 'team_not_found');
    await expectError(teams.delete({ teamId: team.$id }), 404, 'team_not_found');
  });
});

describe('members added with the API key', () => {
  it('creates an account for a new address, confirms the membership at once and counts it', async () => {
    const team = await createTeam('Robotics');
    const email = address('Robo');
    const membership = await teams.createMembership({ teamId: team.$id, roles: ['captain'], email, name: 'Robo Friend', url: 'http://localhost:5173/join' });
    cleanup.user(membership.userId);
    expectModel(membership, MEMBERSHIP);
    expect(membership).toMatchObject({
      teamId: team.$id,
      teamName: 'Robotics',
      userName: 'Robo Friend',
      userEmail: email.toLowerCase(),
      confirm: true,
      roles: ['captain'],
    });
    expect(membership.joined).toMatch(APPWRITE_DATE);

    const invitee = await users.get({ userId: membership.userId });
    expect(invitee).toMatchObject({ email: email.toLowerCase(), name: 'Robo Friend', emailVerification: false, passwordUpdate: '' });
    expect((await teams.get({ teamId: team.$id })).total).toBe(1);

    await expectError(teams.createMembership({ teamId: team.$id, roles: [], email }), 409, 'membership_already_confirmed');
    await expectError(teams.createMembership({ teamId: team.$id, roles: [] }), 400, 'general_argument_invalid');
    await expectError(teams.createMembership({ teamId: team.$id, roles: ['two words'], email: address('x') }), 400, 'general_argument_invalid');
    await expectError(teams.createMembership({ teamId: 'no-such-team', roles: [], email: address('x') }), 404, 'team_not_found');
  });

  it('adds an existing user by id and checks that id, e-mail and phone name the same account', async () => {
    const team = await createTeam('Orchestra');
    const user = await users.create({ userId: ID.unique(), email: address('Violin'), name: 'Viola' });
    cleanup.user(user.$id);
    const missing = await expectError(teams.createMembership({ teamId: team.$id, roles: [], userId: 'nosuchuser' }), 404, 'user_not_found');
    expect(missing.message).toBe("User with given userId doesn't exist.");
    const mismatch = await expectError(
      teams.createMembership({ teamId: team.$id, roles: [], userId: user.$id, email: address('other') }),
      409,
      'user_already_exists',
    );
    expect(mismatch.message).toBe("Given userId and email doesn't match");

    const membership = await teams.createMembership({ teamId: team.$id, roles: ['strings', 'lead'], userId: user.$id });
    expect(membership).toMatchObject({ userId: user.$id, userName: 'Viola', userEmail: user.email, confirm: true });

    const listed = await users.listMemberships({ userId: user.$id });
    expect(listed.total).toBe(1);
    expectModel(listed.memberships[0] as object, MEMBERSHIP);
    expect(listed.memberships[0]).toMatchObject({ $id: membership.$id, teamId: team.$id, teamName: 'Orchestra', userName: 'Viola' });
    await expectError(users.listMemberships({ userId: 'nosuchuser' }), 404, 'user_not_found');
  });

  it('adds a member by phone number, creating the account when nobody has the number', async () => {
    const team = await createTeam('Phone tree');
    const phone = `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const membership = await teams.createMembership({ teamId: team.$id, roles: ['caller'], phone, name: 'By phone' });
    cleanup.user(membership.userId);
    expect(membership).toMatchObject({ confirm: true, userEmail: '', userName: 'By phone' });
    await expect(users.get({ userId: membership.userId })).resolves.toMatchObject({ phone, email: '' });
    const again = await createTeam('Phone tree 2');
    await expect(teams.createMembership({ teamId: again.$id, roles: [], phone })).resolves.toMatchObject({ userId: membership.userId });
  });

  it("lists a team's memberships with queries and search, and shows every member detail to a key", async () => {
    const team = await createTeam('Choir');
    const alto = await teams.createMembership({ teamId: team.$id, roles: ['alto'], email: address('Alto'), name: 'Alto' });
    const bass = await teams.createMembership({ teamId: team.$id, roles: ['bass', 'admin'], email: address('Bass'), name: 'Bass' });
    cleanup.user(alto.userId);
    cleanup.user(bass.userId);

    const all = await teams.listMemberships({ teamId: team.$id });
    expect(all.total).toBe(2);
    expect(all.memberships.map((membership) => membership.$id)).toEqual([alto.$id, bass.$id]);
    expect(all.memberships[0]).toMatchObject({ userId: alto.userId, userName: 'Alto', userEmail: alto.userEmail, teamName: 'Choir' });

    const admins = await teams.listMemberships({ teamId: team.$id, queries: [Query.contains('roles', ['admin'])] });
    expect(admins.memberships.map((membership) => membership.$id)).toEqual([bass.$id]);
    expect((await teams.listMemberships({ teamId: team.$id, queries: [Query.contains('roles', ['adm'])] })).total).toBe(0);
    expect((await teams.listMemberships({ teamId: team.$id, queries: [Query.equal('confirm', [false])] })).total).toBe(0);
    expect((await teams.listMemberships({ teamId: team.$id, search: bass.userId })).memberships.map((membership) => membership.$id)).toEqual([bass.$id]);
    expect((await teams.listMemberships({ teamId: team.$id, search: 'unknown' })).total).toBe(0);
    const paged = await teams.listMemberships({ teamId: team.$id, queries: [Query.cursorAfter(alto.$id)] });
    expect(paged.memberships.map((membership) => membership.$id)).toEqual([bass.$id]);

    await expect(teams.getMembership({ teamId: team.$id, membershipId: bass.$id })).resolves.toMatchObject({ roles: ['bass', 'admin'] });
    await expectError(teams.getMembership({ teamId: team.$id, membershipId: 'nosuchmembership' }), 404, 'membership_not_found');
    const other = await createTeam('Band');
    await expectError(teams.getMembership({ teamId: other.$id, membershipId: bass.$id }), 404, 'team_membership_mismatch');
  });

  it('changes roles, removes members, and keeps `total` equal to the confirmed members', async () => {
    const team = await createTeam('Drama');
    const lead = await teams.createMembership({ teamId: team.$id, roles: ['actor'], email: address('Lead') });
    const extra = await teams.createMembership({ teamId: team.$id, roles: ['actor'], email: address('Extra') });
    cleanup.user(lead.userId);
    cleanup.user(extra.userId);
    expect((await teams.get({ teamId: team.$id })).total).toBe(2);

    const promoted = await teams.updateMembership({ teamId: team.$id, membershipId: lead.$id, roles: ['actor', 'director'] });
    expect(promoted).toMatchObject({ $id: lead.$id, roles: ['actor', 'director'], teamName: 'Drama' });

    await teams.deleteMembership({ teamId: team.$id, membershipId: extra.$id });
    expect((await teams.get({ teamId: team.$id })).total).toBe(1);
    await expectError(teams.deleteMembership({ teamId: team.$id, membershipId: extra.$id }), 404, 'team_invite_not_found');

    // Deleting the user removes their memberships, as Appwrite's deletes worker does.
    await users.delete({ userId: lead.userId });
    expect((await teams.get({ teamId: team.$id })).total).toBe(0);
    expect((await teams.listMemberships({ teamId: team.$id })).total).toBe(0);
  });

  it("removes a deleted team's memberships from its members", async () => {
    const team = await createTeam('Film');
    const member = await teams.createMembership({ teamId: team.$id, roles: [], email: address('Film') });
    cleanup.user(member.userId);
    expect((await users.listMemberships({ userId: member.userId })).total).toBe(1);
    await teams.delete({ teamId: team.$id });
    expect(await users.listMemberships({ userId: member.userId })).toEqual({ total: 0, memberships: [] });
  });
});

// Local only: teams come from the project folder's appwrite.config.json, as `appwrite push teams` would create them.
describeLocal('teams in appwrite.config.json', () => {
  it('are created empty on start and renamed when the file renames them', async () => {
    const root = mkdtempSync(join(tmpdir(), 'ok-teams-'));
    const write = (name: string) => writeFileSync(join(root, 'appwrite.config.json'), JSON.stringify({ teams: [{ $id: 'school-1', name }] }));
    write('First school');
    const local = await startTestBackend({ persistent: true, projectRoot: root });
    try {
      const admin = new Teams(adminClient(local));
      await expect(admin.get({ teamId: 'school-1' })).resolves.toMatchObject({ name: 'First school', total: 0 });
      write('Renamed school');
      await local.restart();
      await expect(admin.get({ teamId: 'school-1' })).resolves.toMatchObject({ name: 'Renamed school' });
    } finally {
      await local.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});
