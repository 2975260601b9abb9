import { formatDate } from '../models/time.ts';
import type { SessionRecord, UserRecord } from './accounts.ts';
import { emailMetadata } from './email-metadata.ts';
import { detectAgent } from './user-agent.ts';

function target(user: UserRecord, providerType: 'email' | 'sms', identifier: string): Record<string, unknown> {
  return {
    $id: `${user.id}-${providerType === 'email' ? 'email' : 'phone'}`,
    $createdAt: formatDate(user.createdAt),
    $updatedAt: formatDate(user.updatedAt),
    name: '',
    userId: user.id,
    providerType,
    identifier,
    expired: false,
  };
}

/**
 * Appwrite 1.9's Account model (what a user reads of their own account, and what events carry):
 * the User model without the password fields. `impersonatorUserId` names the real caller while an
 * impersonator acts as this user, and is null otherwise.
 */
export function userModel(user: UserRecord, options: { impersonatorUserId?: string | null } = {}): Record<string, unknown> {
  const targets = [
    ...(user.email ? [target(user, 'email', user.email)] : []),
    // Appwrite gives a phone number an SMS target of its own (Users API create).
    ...(user.phone ? [target(user, 'sms', user.phone)] : []),
  ];
  return {
    $id: user.id,
    $createdAt: formatDate(user.createdAt),
    $updatedAt: formatDate(user.updatedAt),
    name: user.name,
    registration: formatDate(user.registration),
    status: user.status,
    labels: user.labels,
    passwordUpdate: user.passwordUpdate === null ? '' : formatDate(user.passwordUpdate),
    email: user.email,
    phone: user.phone,
    emailVerification: user.emailVerification,
    ...emailMetadata(user.email),
    phoneVerification: user.phoneVerification,
    mfa: user.mfa,
    prefs: user.prefs,
    targets,
    accessedAt: formatDate(user.accessedAt),
    impersonator: user.impersonator,
    impersonatorUserId: options.impersonatorUserId ?? null,
  };
}

/** The User model an API key reads (Users API): the Account model plus the password hash, its algorithm and options. */
export function adminUserModel(user: UserRecord): Record<string, unknown> {
  const { $id, $createdAt, $updatedAt, name, ...rest } = userModel(user);
  return {
    $id,
    $createdAt,
    $updatedAt,
    name,
    password: user.password?.hash ?? '',
    hash: user.password?.algorithm ?? 'argon2',
    hashOptions: user.password?.options ?? {},
    ...rest,
  };
}

/** The Session model; the client, OS and device fields are read from the User-Agent it was created with. */
export function sessionModel(session: SessionRecord, options: { current: boolean; secret: string }): Record<string, unknown> {
  return {
    $id: session.id,
    $createdAt: formatDate(session.createdAt),
    $updatedAt: formatDate(session.updatedAt),
    userId: session.userId,
    expire: formatDate(session.expire),
    provider: session.provider,
    providerUid: session.providerUid,
    providerAccessToken: '',
    providerAccessTokenExpiry: '',
    providerRefreshToken: '',
    ip: session.ip,
    ...detectAgent(session.userAgent),
    // No GeoIP database ships here: every address is in an unknown country, as on Appwrite without one.
    countryCode: '--',
    countryName: 'Unknown',
    current: options.current,
    factors: session.factors,
    secret: options.secret,
    mfaUpdatedAt: session.mfaUpdatedAt ? formatDate(session.mfaUpdatedAt) : '',
  };
}
