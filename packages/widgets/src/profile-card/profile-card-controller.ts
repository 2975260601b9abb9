import { batch, computed } from '@preact/signals-react';
import type { ProfilesModule } from '@opportunity-kit/sdk';
import { createLatestRequest } from '../shared/latest-request.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import type { ProfileCardActions, ProfileCardModel, ProfileCardState } from './profile-card-model.ts';

/** What one member's profile page needs of the SDK. @public */
export type ProfileCardApi = Pick<ProfilesModule, 'getByEmail'>;

/**
 * Loads the profile with this e-mail when started. `viewerEmail` is the signed-in member's address: a
 * private profile is "not found" to everyone but its owner. The server already refuses to hand it to
 * others; this keeps the rule if it ever does.
 */
export function createProfileCardController(
  api: ProfileCardApi,
  model: ProfileCardModel,
  email: string,
  viewerEmail?: string,
): WidgetController<ProfileCardState, ProfileCardActions> {
  const requests = createLatestRequest();
  const isViewer = (address: string) => viewerEmail !== undefined && address.toLowerCase() === viewerEmail.toLowerCase();

  async function load(): Promise<void> {
    const mine = requests.begin();
    batch(() => {
      model.status.value = 'loading';
      model.profile.value = null;
    });
    try {
      const profile = await api.getByEmail(email);
      if (!mine.isCurrent()) return;
      const shown = profile && (profile.isPublic || isViewer(profile.email)) ? profile : null;
      batch(() => {
        model.profile.value = shown;
        model.status.value = shown ? 'ready' : 'missing';
      });
    } catch {
      if (mine.isCurrent()) model.status.value = 'error';
    }
  }

  return {
    state: computed(() => ({ status: model.status.value, profile: model.profile.value })),
    actions: { retry: () => void load() },
    start() {
      void load();
      return () => requests.invalidate();
    },
  };
}
