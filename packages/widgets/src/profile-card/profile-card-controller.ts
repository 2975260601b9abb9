import type { ProfilesModule } from '@opportunity-kit/sdk';
import type { ProfileCardModel } from './profile-card-model.ts';
import { createLatestRequest } from '../shared/latest-request.ts';

/** What one member's profile page needs of the SDK. @public */
export type ProfileCardApi = Pick<ProfilesModule, 'getByEmail'>;

export interface ProfileCardController {
  /** Loads the profile with this e-mail; a newer load wins over an older one still running. */
  load(email: string): Promise<void>;
  dispose(): void;
}

/**
 * `viewerEmail` is the signed-in member's address: a private profile is "not found" to everyone but
 * its owner. The server already refuses to hand it to others; this keeps the rule if it ever does.
 */
export function createProfileCardController(api: ProfileCardApi, model: ProfileCardModel, viewerEmail?: string): ProfileCardController {
  const requests = createLatestRequest();
  const isViewer = (email: string) => viewerEmail !== undefined && email.toLowerCase() === viewerEmail.toLowerCase();

  return {
    async load(email) {
      const mine = requests.begin();
      model.state.value = { status: 'loading' };
      try {
        const profile = await api.getByEmail(email);
        if (!mine.isCurrent()) return;
        model.state.value = profile && (profile.isPublic || isViewer(profile.email)) ? { status: 'ready', profile } : { status: 'missing' };
      } catch {
        if (mine.isCurrent()) model.state.value = { status: 'error' };
      }
    },

    dispose() {
      requests.invalidate();
    },
  };
}
