import { toServiceHoursEntry, type HoursSummary, type ServiceHoursEntry } from '@opportunity-kit/sdk/domain';
import { requireMember } from '../../platform/caller.ts';
import type { Command } from '../../platform/router.ts';
import { hoursSettings } from './hours-settings.ts';
import { entriesOf, totals } from './hours-rows.ts';

/** GET /hours — the caller's own entries, newest date first. */
export const listMyHours: Command = async ({ caller, api }) => {
  const member = requireMember(caller);
  const rows = await entriesOf(api, member.id);
  return rows.map(toServiceHoursEntry).sort((a, b) => b.date.localeCompare(a.date) || b.createdAt.localeCompare(a.createdAt)) satisfies ServiceHoursEntry[];
};

/** GET /hours/summary — the caller's progress: only approved hours count towards `requiredHours`. */
export const hoursSummary: Command = async ({ caller, api }) => {
  const member = requireMember(caller);
  const { requiredHours } = hoursSettings();
  return { ...totals(await entriesOf(api, member.id)), requiredHours } satisfies HoursSummary;
};
