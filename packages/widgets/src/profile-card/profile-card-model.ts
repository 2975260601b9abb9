import { signal, type Signal } from '@preact/signals-react';
import type { Profile } from '@opportunity-kit/sdk/domain';

/** One member's profile: loading, shown, not found (missing or private), or failed to load. @public */
export type ProfileCardState = { status: 'loading' } | { status: 'ready'; profile: Profile } | { status: 'missing' } | { status: 'error' };

export interface ProfileCardModel {
  state: Signal<ProfileCardState>;
}

export function createProfileCardModel(): ProfileCardModel {
  return { state: signal<ProfileCardState>({ status: 'loading' }) };
}
