import { validateAlertCriteria, type AlertCriteria } from '../domain/alerts.ts';
import type { Alert, SavedPosting } from '../domain/wire/alerts.ts';
import type { Removed } from '../domain/wire/command-payloads.ts';
import { segment, type PortalContext } from './context.ts';
import { invalidInput } from './errors.ts';

/** A student's saved postings (issue 17). @public */
export interface SavedModule {
  /** Saves a posting the student may read (a posting they cannot read is refused as `not-found`). Saving twice keeps one. */
  save(jobId: string): Promise<SavedPosting>;
  /** Unsaves a posting; unsaving one that is not saved is not an error. */
  unsave(jobId: string): Promise<Removed>;
  /** Every saved posting, newest saved first, with `status` `open`, `closed` or `removed` (a removed one keeps its title). */
  list(): Promise<SavedPosting[]>;
}

/** A student's saved searches (issue 17): at most 20, each with at least one criterion. @public */
export interface AlertsModule {
  /** Saves criteria (e.g. `alertCriteriaOf(listingFilter)`); bad criteria or a 21st search are refused as `invalid-input`. */
  create(criteria: AlertCriteria): Promise<Alert>;
  /** The student's saved searches, oldest first. */
  list(): Promise<Alert[]>;
  /** Deletes one of the student's saved searches. */
  remove(id: string): Promise<Removed>;
}

export function createSaved(context: Pick<PortalContext, 'command'>): SavedModule {
  return {
    save: (jobId) => context.command<SavedPosting>('PUT', `/saved/${segment(jobId)}`),
    unsave: (jobId) => context.command<Removed>('DELETE', `/saved/${segment(jobId)}`),
    list: () => context.command<SavedPosting[]>('GET', '/saved'),
  };
}

export function createAlerts(context: Pick<PortalContext, 'command'>): AlertsModule {
  return {
    async create(criteria) {
      // Checked as the server checks it, so a form shows its message without a round trip.
      const checked = validateAlertCriteria(criteria);
      if (!checked.ok) throw invalidInput(checked.errors);
      return context.command<Alert>('POST', '/alerts', checked.value);
    },
    list: () => context.command<Alert[]>('GET', '/alerts'),
    remove: (id) => context.command<Removed>('DELETE', `/alerts/${segment(id)}`),
  };
}
