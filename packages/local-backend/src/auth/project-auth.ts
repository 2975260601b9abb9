import type { AppwriteProjectConfig } from '../provisioning/config.ts';

/**
 * The project's auth security settings (Appwrite's console: Auth → Security), as
 * `appwrite.config.json` states them under `settings.auth.security` in the Appwrite CLI's format (which
 * `appwrite push settings` deploys). Each one left out is what Appwrite gives a new project.
 */
export interface ProjectAuthSettings {
  /** Refuse the most common passwords when one is set. */
  passwordDictionary: boolean;
  /** How many earlier passwords a new one may not repeat (0: none kept). */
  passwordHistory: number;
  /** Sessions a user may hold; the oldest ends when a new one would pass it (0: no limit). */
  sessionsLimit: number;
  /** End a user's other sessions when their password changes. */
  invalidateSessions: boolean;
  /** How long a session lasts, in seconds. */
  duration: number;
  /** Refuse a password that contains the user's name, e-mail or phone. */
  personalDataCheck: boolean;
  /** How many users the project may have (0: no limit). */
  limit: number;
  /**
   * Memberships privacy (console: Auth → Security → Memberships privacy): which of a member's details
   * the other members of a team see in the memberships list and get. The CLI does not push these;
   * `settings.auth.security` may state them here so a development project matches the real one.
   */
  membershipsUserName: boolean;
  membershipsUserEmail: boolean;
  membershipsMfa: boolean;
  membershipsUserId: boolean;
  membershipsUserPhone: boolean;
  membershipsUserAccessedAt: boolean;
}

/** Appwrite 1.9's defaults for a new project (Projects/Create: `auths`). */
export const APPWRITE_AUTH_DEFAULTS: ProjectAuthSettings = {
  passwordDictionary: false,
  passwordHistory: 0,
  sessionsLimit: 10,
  invalidateSessions: true,
  duration: 31_536_000,
  personalDataCheck: false,
  limit: 0,
  // A project made by Appwrite 1.9 hides every member detail from other members; only projects older
  // than the setting, which lack the keys, show them (Memberships/XList's `?? true`).
  membershipsUserName: false,
  membershipsUserEmail: false,
  membershipsMfa: false,
  membershipsUserId: false,
  membershipsUserPhone: false,
  membershipsUserAccessedAt: false,
};

/** The settings of `config` over Appwrite's defaults; a value of the wrong type keeps the default. */
export function projectAuthSettings(config: AppwriteProjectConfig): ProjectAuthSettings {
  const stated = config.settings?.auth?.security ?? {};
  const settings: ProjectAuthSettings = { ...APPWRITE_AUTH_DEFAULTS };
  for (const key of Object.keys(APPWRITE_AUTH_DEFAULTS) as Array<keyof ProjectAuthSettings>) {
    const value = stated[key];
    if (typeof value === typeof APPWRITE_AUTH_DEFAULTS[key]) Object.assign(settings, { [key]: value });
  }
  return settings;
}
