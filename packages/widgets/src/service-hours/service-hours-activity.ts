import type { HoursActivityInput, ServiceHoursEntry } from '@opportunity-kit/sdk/domain';

/**
 * The activity's inputs of the hours form (issue 26), kept as text like the others: the kind and the
 * place as chosen, the tasks as a comma-separated list, "yes" or "" for the two checkboxes, and the
 * parent's name and address.
 */
export const ACTIVITY_FIELDS = [
  'activityKind',
  'activityTasks',
  'activityWorkplace',
  'activityPaid',
  'activityForProfit',
  'parentName',
  'parentEmail',
] as const;

/** @public */
export type ActivityField = (typeof ACTIVITY_FIELDS)[number];

const YES = 'yes';

/** The draft's activity as the SDK sends it. */
export function activityInputOf(draft: Readonly<Record<ActivityField, string>>): HoursActivityInput {
  return {
    activityKind: draft.activityKind || null,
    activityTasks: draft.activityTasks ? draft.activityTasks.split(',') : [],
    activityWorkplace: draft.activityWorkplace || null,
    activityPaid: draft.activityPaid === YES,
    activityForProfit: draft.activityForProfit === YES,
    parentName: draft.parentName || null,
    parentEmail: draft.parentEmail || null,
  };
}

/** An empty activity: nothing chosen yet. */
export const NO_ACTIVITY: Readonly<Record<ActivityField, string>> = {
  activityKind: '',
  activityTasks: '',
  activityWorkplace: '',
  activityPaid: '',
  activityForProfit: '',
  parentName: '',
  parentEmail: '',
};

/** A logged entry's activity, to correct it. */
export function activityDraftOf(entry: ServiceHoursEntry): Record<ActivityField, string> {
  return {
    activityKind: entry.checks.activityKind ?? '',
    activityTasks: entry.checks.tasks.join(','),
    activityWorkplace: entry.checks.workplace ?? '',
    activityPaid: '',
    activityForProfit: '',
    parentName: entry.checks.parentName ?? '',
    parentEmail: '',
  };
}

/** The list with `value` checked or not. */
export function toggledTask(list: string, value: string, on: boolean): string {
  const tasks = list ? list.split(',') : [];
  return (on ? [...new Set([...tasks, value])] : tasks.filter((task) => task !== value)).join(',');
}

export const isChecked = (value: string): boolean => value === YES;
export const checkedValue = (on: boolean): string => (on ? YES : '');
