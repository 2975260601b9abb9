import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Account, AppwriteException, ID, Teams, type Models } from 'appwrite';
import { Teams as AdminTeams, Users as AdminUsers } from 'node-appwrite';
import { adminClient, describeLocal, itLocal, startTestBackend, uniqueSuffix, type TestBackend } from '../support/backend.ts';
import { openBrowser, signedInBrowser, type TestBrowser } from '../support/browser.ts';
import { cleanup } from '../support/cleanup.ts';
import { expectModel, MEMBERSHIP, TEAM } from '../support/models.ts';

/**
 * Teams from the client side (web SDK `Teams`): a signed-in user's own teams, what members and owners
 * may do, and invitations mailed by an owner and accepted with their secret. The mails are read in
 * the local backend's development outbox, so accepting is local only.
 */

type SignedIn = TestBrowser & { userId: string; email: string; teams: Teams };

let backend: TestBackend;
let adminTeams: AdminTeams;
let owner: SignedIn;
let member: SignedIn;
let stranger: SignedIn;
const JOIN_URL = 'http://localhost:5173/join#welcome';

async function signedIn(label: string): Promise<SignedIn> {
  const browser = await signedInBrowser(backend, { email: `${label}-${uniqueSuffix()}@example.com`, name: label });
  return Object.assign(browser, { teams: new Teams(browser.client) });
}

beforeAll(async () => {
  backend = await startTestBackend();
  adminTeams = new AdminTeams(adminClient(backend));
  owner = await signedIn('Owner');
  member = await signedIn('Member');
  stranger = await signedIn('Stranger');
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

/** A team `owner` created, with `member` added by the key (confirmed at once, roles `['player']`). */
async function ownersTeam(name: string): Promise<{ team: Models.Team<Models.Preferences>; membership: Models.Membership }> {
  const team = await owner.teams.create({ teamId: ID.unique(), name, roles: ['coach'] });
  cleanup.team(team.$id);
  const membership = await adminTeams.createMembership({ teamId: team.$id, roles: ['player'], userId: member.userId });
  return { team, membership };
}

describe("a signed-in user's teams", () => {
  it('makes the creator a confirmed owner, counted in `total`, with the roles asked for', async () => {
    const team = await owner.teams.create({ teamId: ID.unique(), name: 'Chess', roles: ['captain'] });
    cleanup.team(team.$id);
    expectModel(team, TEAM);
    expect(team).toMatchObject({ name: 'Chess', total: 1, prefs: {} });
    const { memberships } = await owner.teams.listMemberships({ teamId: team.$id });
    expect(memberships).toHaveLength(1);
    expect(memberships[0]).toMatchObject({ teamId: team.$id, teamName: 'Chess', confirm: true, roles: ['captain', 'owner'] });
  });

  it('lists and shows a team to its members only; guests have no teams scope', async () => {
    const { team } = await ownersTeam('Hidden');
    expect((await member.teams.list()).teams.map((listed) => listed.$id)).toContain(team.$id);
    expect((await stranger.teams.list()).teams.map((listed) => listed.$id)).not.toContain(team.$id);
    await expectError(stranger.teams.get({ teamId: team.$id }), 404, 'team_not_found');
    await expectError(stranger.teams.listMemberships({ teamId: team.$id }), 404, 'team_not_found');
    const guest = new Teams(openBrowser(backend).client);
    await expectError(guest.list(), 401, 'general_unauthorized_scope');
  });

  it('lets only owners rename, change prefs, invite, change roles or delete; a member may leave', async () => {
    const { team, membership } = await ownersTeam('Rules');
    const ownMembership = (await owner.teams.listMemberships({ teamId: team.$id })).memberships.find((listed) => listed.$id !== membership.$id);

    await expectError(member.teams.updateName({ teamId: team.$id, name: 'Mine now' }), 401, 'user_unauthorized');
    await expectError(member.teams.updatePrefs({ teamId: team.$id, prefs: { mine: true } }), 401, 'user_unauthorized');
    const invite = await expectError(
      member.teams.createMembership({ teamId: team.$id, roles: [], email: 'x@example.com', url: JOIN_URL }),
      401,
      'user_unauthorized',
    );
    expect(invite.message).toBe('User is not allowed to send invitations for this team');
    const roles = await expectError(
      member.teams.updateMembership({ teamId: team.$id, membershipId: membership.$id, roles: ['owner'] }),
      401,
      'user_unauthorized',
    );
    expect(roles.message).toBe('User is not allowed to modify roles');
    await expectError(member.teams.deleteMembership({ teamId: team.$id, membershipId: ownMembership?.$id ?? '' }), 401, 'user_unauthorized');
    await expectError(member.teams.delete({ teamId: team.$id }), 401, 'user_unauthorized');

    await expect(owner.teams.updateName({ teamId: team.$id, name: 'Rules v2' })).resolves.toMatchObject({ name: 'Rules v2' });
    await expect(owner.teams.updatePrefs({ teamId: team.$id, prefs: { season: 2026 } })).resolves.toEqual({ season: 2026 });
    await expect(member.teams.getPrefs({ teamId: team.$id })).resolves.toEqual({ season: 2026 });
    await expect(owner.teams.updateMembership({ teamId: team.$id, membershipId: membership.$id, roles: ['player', 'captain'] })).resolves.toMatchObject({
      roles: ['player', 'captain'],
    });

    await member.teams.deleteMembership({ teamId: team.$id, membershipId: membership.$id });
    await expectError(member.teams.get({ teamId: team.$id }), 404, 'team_not_found');
    await owner.teams.delete({ teamId: team.$id });
    await expectError(owner.teams.get({ teamId: team.$id }), 404, 'team_not_found');
  });

  it('refuses a client invitation without a url, or with one off the registered web platforms', async () => {
    const { team } = await ownersTeam('Links');
    const missing = await expectError(owner.teams.createMembership({ teamId: team.$id, roles: [], email: 'y@example.com' }), 400, 'general_argument_invalid');
    expect(missing.message).toBe('URL is required');
    await expectError(
      owner.teams.createMembership({ teamId: team.$id, roles: [], email: 'y@example.com', url: 'https://evil.example/join' }),
      400,
      'general_argument_invalid',
    );
  });
});

interface MailedInvitation {
  subject: string;
  link: URL;
}

/** The newest invitation mailed to `address` in the development outbox. */
async function mailedInvitation(address: string): Promise<MailedInvitation> {
  const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(address)}`);
  const { messages } = (await response.json()) as { messages: Array<{ subject: string; links: string[] }> };
  const [message] = messages;
  if (!message) throw new Error(`no mail to ${address}`);
  return { subject: message.subject, link: new URL(message.links[0] ?? '') };
}

const secretOf = (invitation: MailedInvitation) => ({
  membershipId: invitation.link.searchParams.get('membershipId') ?? '',
  userId: invitation.link.searchParams.get('userId') ?? '',
  secret: invitation.link.searchParams.get('secret') ?? '',
});

// Local only: the invitation's secret is read in the development outbox.
describeLocal('invitations', () => {
  it('mails a link that joins the team, verifies the address and signs the invitee in', async () => {
    const { team } = await ownersTeam('Science');
    const email = `invitee-${uniqueSuffix()}@example.com`;
    const pending = await owner.teams.createMembership({ teamId: team.$id, roles: ['lab'], email, name: 'New Pupil', url: JOIN_URL });
    expectModel(pending, MEMBERSHIP);
    expect(pending).toMatchObject({ userName: 'New Pupil', userEmail: email, confirm: false, joined: '', roles: ['lab'] });
    expect((await owner.teams.get({ teamId: team.$id })).total).toBe(2);

    const invitation = await mailedInvitation(email);
    expect(invitation.subject).toBe(`Invitation to Science Team at ${backend.projectId}`);
    expect(Object.fromEntries(invitation.link.searchParams)).toMatchObject({
      membershipId: pending.$id,
      userId: pending.userId,
      teamId: team.$id,
      teamName: 'Science',
    });
    expect(`${invitation.link.origin}${invitation.link.pathname}${invitation.link.hash}`).toBe('http://localhost:5173/join#welcome');

    const invitee = openBrowser(backend);
    const inviteeTeams = new Teams(invitee.client);
    await expectError(inviteeTeams.updateMembershipStatus({ teamId: team.$id, ...secretOf(invitation), secret: 'wrong' }), 401, 'team_invalid_secret');
    const joined = await inviteeTeams.updateMembershipStatus({ teamId: team.$id, ...secretOf(invitation) });
    expect(joined).toMatchObject({ $id: pending.$id, confirm: true, roles: ['lab'] });
    expect(joined.joined).not.toBe('');
    expect((await owner.teams.get({ teamId: team.$id })).total).toBe(3);

    // The answer carried a session: the invitee is signed in, verified, and may set a first password.
    const account = new Account(invitee.client);
    await expect(account.get()).resolves.toMatchObject({ $id: pending.userId, email, emailVerification: true });
    await account.updatePassword({ password: 'a brand new password' });
    await expect(inviteeTeams.get({ teamId: team.$id })).resolves.toMatchObject({ name: 'Science', total: 3 });
    await expectError(inviteeTeams.updateMembershipStatus({ teamId: team.$id, ...secretOf(invitation) }), 409, 'membership_already_confirmed');
  });

  it('keeps an invitation pending, without team roles, until it is accepted; asking again replaces the secret', async () => {
    const { team } = await ownersTeam('Art');
    const invited = await signedIn('Invited');
    await owner.teams.createMembership({ teamId: team.$id, roles: [], email: invited.email, url: JOIN_URL });
    const first = await mailedInvitation(invited.email);
    await expectError(invited.teams.get({ teamId: team.$id }), 404, 'team_not_found');

    await owner.teams.createMembership({ teamId: team.$id, roles: [], email: invited.email, url: JOIN_URL });
    const second = await mailedInvitation(invited.email);
    expect(secretOf(second).secret).not.toBe(secretOf(first).secret);
    await expectError(invited.teams.updateMembershipStatus({ teamId: team.$id, ...secretOf(first) }), 401, 'team_invalid_secret');

    // Another user's session cannot accept it; the invitee's own session accepts it without a new session.
    const mismatch = await expectError(stranger.teams.updateMembershipStatus({ teamId: team.$id, ...secretOf(second) }), 401, 'team_invite_mismatch');
    expect(mismatch.message).toBe(`Invite does not belong to current user (${stranger.email.toLowerCase()})`);
    const response = await fetch(`${backend.endpoint}/teams/${team.$id}/memberships/${secretOf(second).membershipId}/status`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', 'x-appwrite-project': backend.projectId, cookie: invited.cookieHeader() },
      body: JSON.stringify({ userId: secretOf(second).userId, secret: secretOf(second).secret }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.getSetCookie()).toEqual([]);
    await expect(invited.teams.get({ teamId: team.$id })).resolves.toMatchObject({ name: 'Art' });
  });

  // Stricter than Appwrite (ARCHITECTURE.md): only an owner's invitation makes an account, and
  // following the link verifies only the address it was mailed to.
  it('creates no account for a refused invitation, and verifies only the address the link was mailed to', async () => {
    const { team } = await ownersTeam('Strict');
    const users = new AdminUsers(adminClient(backend));
    const refused = `refused-${uniqueSuffix()}@example.com`;
    await expectError(member.teams.createMembership({ teamId: team.$id, roles: [], email: refused, url: JOIN_URL }), 401, 'user_unauthorized');
    expect((await users.list({ search: refused })).total).toBe(0);

    const email = `moved-${uniqueSuffix()}@example.com`;
    const pending = await owner.teams.createMembership({ teamId: team.$id, roles: [], email, url: JOIN_URL });
    const invitation = await mailedInvitation(email);
    await users.updateEmail({ userId: pending.userId, email: `elsewhere-${uniqueSuffix()}@example.com` });
    await new Teams(openBrowser(backend).client).updateMembershipStatus({ teamId: team.$id, ...secretOf(invitation) });
    expect(await users.get({ userId: pending.userId })).toMatchObject({ emailVerification: false });
  });

  itLocal('shows other members only what the project lets them see', async () => {
    const { team, membership } = await ownersTeam('Privacy');
    const seen = (await owner.teams.getMembership({ teamId: team.$id, membershipId: membership.$id })) as Models.Membership;
    // A project made by Appwrite 1.9 hides name, e-mail, id and phone of members from other members.
    expect(seen).toMatchObject({ userId: '', userName: '', userEmail: '', userPhone: '', mfa: false, userAccessedAt: '' });
    await expect(adminTeams.getMembership({ teamId: team.$id, membershipId: membership.$id })).resolves.toMatchObject({
      userId: member.userId,
      userName: 'Member',
      userEmail: member.email.toLowerCase(),
    });
  });
});

// Local only: the project's memberships privacy is stated in the project folder's appwrite.config.json.
describeLocal('memberships privacy from appwrite.config.json', () => {
  it("shows other members' names, e-mails and ids when the project says so", async () => {
    const open = await startTestBackend({ authSecurity: { membershipsUserName: true, membershipsUserEmail: true, membershipsUserId: true } });
    try {
      const first = await signedInBrowser(open, { email: `first-${uniqueSuffix()}@example.com`, name: 'First' });
      const second = await signedInBrowser(open, { email: `second-${uniqueSuffix()}@example.com`, name: 'Second' });
      const team = await new Teams(first.client).create({ teamId: ID.unique(), name: 'Open' });
      await new AdminTeams(adminClient(open)).createMembership({ teamId: team.$id, roles: [], userId: second.userId });
      const { memberships } = await new Teams(second.client).listMemberships({ teamId: team.$id });
      expect(memberships.map(({ userId, userName, userEmail, userPhone }) => ({ userId, userName, userEmail, userPhone }))).toEqual([
        { userId: first.userId, userName: 'First', userEmail: first.email, userPhone: '' },
        { userId: second.userId, userName: 'Second', userEmail: second.email, userPhone: '' },
      ]);
    } finally {
      await open.close();
    }
  });
});
