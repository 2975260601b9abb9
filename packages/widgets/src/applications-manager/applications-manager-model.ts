import { computed, signal, type ReadonlySignal, type Signal } from '@preact/signals-react';
import type { Application, ApplicationStatus } from '@opportunity-kit/sdk/domain';
import { createPagedListModel, type PagedListModel } from '../shared/paged-list.ts';

/** The manager's filter buttons: All, Pending and Accepted. @public */
export type ManagerFilter = 'all' | 'pending' | 'accepted';

/** A decision being saved, saved, or refused; `idle` before the first. @public */
export type ApplicationDecisionState =
  | { state: 'idle' }
  | { state: 'saving'; status: Exclude<ApplicationStatus, 'pending'> }
  | { state: 'done'; message: string }
  | { state: 'failed'; message: string };

/** The applications manager's state, as signals. */
export interface ApplicationsManagerModel extends PagedListModel<Application> {
  filter: Signal<ManagerFilter>;
  selectedId: Signal<string | null>;
  selected: ReadonlySignal<Application | null>;
  decision: Signal<ApplicationDecisionState>;
}

export function createApplicationsManagerModel(filter: ManagerFilter = 'all'): ApplicationsManagerModel {
  const list = createPagedListModel<Application>();
  const selectedId = signal<string | null>(null);
  return {
    ...list,
    filter: signal(filter),
    selectedId,
    selected: computed(() => list.items.value.find((item) => item.id === selectedId.value) ?? null),
    decision: signal<ApplicationDecisionState>({ state: 'idle' }),
  };
}
