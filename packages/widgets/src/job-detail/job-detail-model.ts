import { signal, type Signal } from '@preact/signals-react';
import type { Job } from '@opportunity-kit/sdk/domain';

/** The posting shown: waiting, missing (or not readable), failed to load, or there. @public */
export type JobDetailState = { status: 'loading' } | { status: 'missing' } | { status: 'error'; message: string } | { status: 'ready'; job: Job };

/**
 * An action on the posting (assigning, removing): idle, pending, done with its confirmation, or
 * failed with the message to show and, for a refused input, the field's own message (null otherwise).
 * @public
 */
export type JobActionState =
  { status: 'idle' } | { status: 'pending' } | { status: 'done'; message: string } | { status: 'failed'; message: string; fieldError: string | null };

export interface JobDetailModel {
  detail: Signal<JobDetailState>;
  assignment: Signal<JobActionState>;
  removal: Signal<JobActionState>;
}

export function createJobDetailModel(): JobDetailModel {
  return {
    detail: signal<JobDetailState>({ status: 'loading' }),
    assignment: signal<JobActionState>({ status: 'idle' }),
    removal: signal<JobActionState>({ status: 'idle' }),
  };
}
