import { formatDate } from '../models/time.ts';
import type { UserRecord } from './accounts.ts';
import type { MembershipRecord, TeamRecord } from './team-store.ts';

/** Appwrite's Team model, fields in its order; empty prefs are an object, never a list. */
export function teamModel(team: TeamRecord): Record<string, unknown> {
  return {
    $id: team.id,
    $createdAt: formatDate(team.createdAt),
    $updatedAt: formatDate(team.updatedAt),
    name: team.name,
    total: team.total,
    prefs: team.prefs,
  };
}

/** What a membership says about its user beyond the ids; each left out is the model's default. */
export interface MemberDetails {
  teamName: string;
  userName?: string;
  userEmail?: string;
  userPhone?: string;
  mfa?: boolean;
  userAccessedAt?: string;
  /** Privacy may hide the user's id too; the field then keeps the model's default, `''`. */
  hideUserId?: boolean;
}

/** Appwrite's Membership model, fields in its order; a membership not joined yet has `joined: ''`. */
export function membershipModel(membership: MembershipRecord, details: MemberDetails): Record<string, unknown> {
  return {
    $id: membership.id,
    $createdAt: formatDate(membership.createdAt),
    $updatedAt: formatDate(membership.updatedAt),
    userId: details.hideUserId ? '' : membership.userId,
    userName: details.userName ?? '',
    userEmail: details.userEmail ?? '',
    userPhone: details.userPhone ?? '',
    teamId: membership.teamId,
    teamName: details.teamName,
    invited: formatDate(membership.invited),
    joined: membership.joined === null ? '' : formatDate(membership.joined),
    confirm: membership.confirm,
    mfa: details.mfa ?? false,
    userAccessedAt: details.userAccessedAt ?? '',
    roles: membership.roles,
  };
}

/**
 * Which of a member's details other members see (Appwrite 1.9's project settings
 * `membershipsUserName`, `membershipsUserEmail`, `membershipsMfa`, `membershipsUserId`,
 * `membershipsUserPhone`, `membershipsUserAccessedAt`). API keys always see everything.
 */
export interface MembershipPrivacy {
  userName: boolean;
  userEmail: boolean;
  mfa: boolean;
  userId: boolean;
  userPhone: boolean;
  userAccessedAt: boolean;
}

export const SHOW_EVERYTHING: MembershipPrivacy = { userName: true, userEmail: true, mfa: true, userId: true, userPhone: true, userAccessedAt: true };

/** The member details `privacy` lets the reader of the list or get endpoints see. */
export function visibleDetails(teamName: string, member: UserRecord | undefined, privacy: MembershipPrivacy): MemberDetails {
  return {
    teamName,
    userName: privacy.userName ? member?.name : undefined,
    userEmail: privacy.userEmail ? member?.email : undefined,
    userPhone: privacy.userPhone ? member?.phone : undefined,
    // No user of this server has multi-factor authentication on.
    mfa: false,
    userAccessedAt: privacy.userAccessedAt && member ? formatDate(member.accessedAt) : undefined,
    hideUserId: !privacy.userId,
  };
}

/** The details a membership's own endpoints answer with (create, update, accept): name and e-mail, as Appwrite sets them there. */
export function ownDetails(teamName: string, member: UserRecord): MemberDetails {
  return { teamName, userName: member.name, userEmail: member.email };
}
