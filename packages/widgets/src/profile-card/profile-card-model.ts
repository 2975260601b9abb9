import { signal, type Signal } from '@preact/signals-react';
import type { Profile } from '@opportunity-kit/sdk/domain';
import type { LoadStatus } from '../shared/load-status.ts';

/** The profile card's signals: where the profile stands, and the profile once shown. */
export interface ProfileCardModel {
  status: Signal<LoadStatus | 'missing'>;
  profile: Signal<Profile | null>;
}

export function createProfileCardModel(): ProfileCardModel {
  return { status: signal<LoadStatus | 'missing'>('loading'), profile: signal<Profile | null>(null) };
}

/** What a profile card shows: {@link useProfileCard}'s `state`, and {@link ProfileCardView}'s. @public */
export interface ProfileCardState {
  /**
   * `loading` the profile, `ready` to show it, `missing` when there is no such profile or it is private
   * (both read "Profile not found"), or `error` when it could not load.
   */
  readonly status: LoadStatus | 'missing';
  /** The profile, with status `ready`; null otherwise. */
  readonly profile: Profile | null;
}

/** What a person can do on a profile card: {@link useProfileCard}'s `actions`. @public */
export interface ProfileCardActions {
  /** Loads the profile again, after it failed. */
  retry(): void;
}
