import { signal, type Signal } from '@preact/signals-react';
import type { Profile } from '@opportunity-kit/sdk/domain';

/** `loading` the first page, `ready` with the grid, `error` when it could not load. @public */
export type NetworkStatus = 'loading' | 'ready' | 'error';

/** The network grid's state, as signals. */
export interface NetworkGridModel {
  status: Signal<NetworkStatus>;
  profiles: Signal<Profile[]>;
  nextCursor: Signal<string | null>;
  loadingMore: Signal<boolean>;
}

export function createNetworkGridModel(): NetworkGridModel {
  return {
    status: signal<NetworkStatus>('loading'),
    profiles: signal<Profile[]>([]),
    nextCursor: signal<string | null>(null),
    loadingMore: signal(false),
  };
}
