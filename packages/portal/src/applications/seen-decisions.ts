import type { Application } from '@opportunity-kit/sdk/domain';
import type { MyApplicationsOptions } from '@opportunity-kit/widgets';

type SeenDecisions = NonNullable<MyApplicationsOptions['seenDecisions']>;
type Decision = Pick<Application, 'id' | 'status'>;

const keyOf = (accountId: string) => `opportunity-kit:seen-decisions:${accountId}`;

/**
 * The decisions a student has seen in My applications, kept in this browser per account (no server
 * state: on another device a decision is "New" once more, which errs on the side of telling).
 * Storage that fails (private mode, full) forgets quietly: the student then sees "New" again.
 */
export function seenDecisionsOf(accountId: string, storage: Storage | undefined = globalThis.localStorage): SeenDecisions {
  const read = (): Record<string, string> => {
    try {
      const parsed: unknown = JSON.parse(storage?.getItem(keyOf(accountId)) ?? '{}');
      return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
    } catch {
      return {};
    }
  };
  return {
    isSeen: (application: Decision) => read()[application.id] === application.status,
    markSeen(applications: readonly Decision[]) {
      const seen = read();
      for (const application of applications) seen[application.id] = application.status;
      try {
        storage?.setItem(keyOf(accountId), JSON.stringify(seen));
      } catch {
        // See above: forgetting only shows "New" again.
      }
    },
  };
}

/** The decided applications among `applications` that the student has not seen yet. */
export function unseenDecisions(applications: readonly Application[], seen: SeenDecisions): Application[] {
  return applications.filter((application) => application.status !== 'pending' && !seen.isSeen(application));
}
