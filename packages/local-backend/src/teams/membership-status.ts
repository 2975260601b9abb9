import { membershipModel, ownDetails } from '../auth/team-models.ts';
import { openSession } from '../auth/session-cookies.ts';
import { hashSecret } from '../auth/tokens.ts';
import { json } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import type { Router } from '../http/router.ts';
import type { Services } from '../services.ts';
import { permits, uidParam } from './team-access.ts';
import { publishMembershipEvent } from './team-events.ts';

/**
 * Accepting an invitation, `PATCH /v1/teams/{teamId}/memberships/{membershipId}/status` with the
 * mailed `userId` and `secret` (Appwrite's Memberships/Status/Update). Public: the link is opened
 * wherever the invitee reads their mail. Joining verifies the e-mail address it was mailed to and,
 * when the invitee is not signed in, opens a session for them (cookies, as an e-mail sign-in would).
 */
export function registerMembershipStatusRoute(router: Router, services: Services): void {
  const { teams, accounts } = services;

  router.patch('/v1/teams/{teamId}/memberships/{membershipId}/status', (ctx) => {
    const teamId = uidParam(ctx, 'teamId');
    const membershipId = uidParam(ctx, 'membershipId');
    const userId = uidParam(ctx, 'userId');
    const secret = ctx.params.string('secret', { min: 1, max: 256 });
    const { caller } = ctx;

    const membership = teams.findMembership(membershipId);
    if (!membership || !permits(caller, membership.permissions, 'read')) throw errors.membershipNotFound();
    const team = teams.findTeam(teamId);
    if (!team) throw errors.teamNotFound();
    if (membership.teamId !== team.id) throw errors.teamMembershipMismatch();
    if (hashSecret(secret) !== membership.secretHash) throw errors.teamInvalidSecret();
    const signedIn = caller.kind === 'user' ? caller.user : undefined;
    // Appwrite names the signed-in user's address here, or none for a guest.
    const mismatch = () => errors.teamInviteMismatch(`Invite does not belong to current user (${signedIn?.email ?? ''})`);
    if (userId !== membership.userId) throw mismatch();
    const invitee = signedIn ?? accounts.findUser(userId);
    if (!invitee || invitee.id !== membership.userId) throw mismatch();
    if (membership.confirm) throw errors.membershipAlreadyConfirmed();

    // Stricter than Appwrite, which verifies whatever address the account has now: only the address
    // the link was mailed to is proven by following it (see AccountTokens for the same rule).
    const proven = membership.mailedTo !== '' && membership.mailedTo === invitee.email;
    const { joined, member } = services.store.transaction(() => ({
      member: proven ? accounts.updateUser(invitee.id, { emailVerification: true }) : invitee,
      joined: teams.updateMembership(membership.id, { joined: Date.now(), confirm: true }),
    }));
    if (!signedIn) openSession(ctx, services, member, { name: 'email', uid: member.email, factors: ['email'] });
    const model = membershipModel(joined, ownDetails(team.name, member));
    publishMembershipEvent(services, joined, 'update.status', model);
    return json(200, model);
  });
}
