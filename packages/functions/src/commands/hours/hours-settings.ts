import { HOURS_LIMITS } from '@opportunity-kit/sdk/domain';

/** The school's settings for community involvement hours, read per execution like `deploymentSettings`. */
export interface HoursSettings {
  /** Printed on the PDF record: `SCHOOL_NAME`. */
  schoolName: string;
  /** The diploma requirement: `REQUIRED_HOURS`, 40 by default (Ontario). */
  requiredHours: number;
  /** How long a supervisor's link stays valid: `HOURS_LINK_TTL_SECONDS`, 30 days by default. */
  linkTtlSeconds: number;
}

const DEFAULT_SCHOOL_NAME = 'Opportunity Kit school';

export function hoursSettings(env: NodeJS.ProcessEnv = process.env): HoursSettings {
  return {
    schoolName: env.SCHOOL_NAME?.trim() || DEFAULT_SCHOOL_NAME,
    requiredHours: positiveNumber(env.REQUIRED_HOURS) ?? HOURS_LIMITS.defaultRequired,
    linkTtlSeconds: positiveNumber(env.HOURS_LINK_TTL_SECONDS) ?? HOURS_LIMITS.confirmationDays * 24 * 3600,
  };
}

function positiveNumber(value: string | undefined): number | undefined {
  const parsed = Number(value?.trim() || Number.NaN);
  return Number.isFinite(parsed) && parsed > 0 ? parsed : undefined;
}
