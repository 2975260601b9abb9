import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { FilesModule } from '@opportunity-kit/sdk';
import { createProfileCardController, type ProfileCardApi } from './profile-card-controller.ts';
import { createProfileCardModel } from './profile-card-model.ts';
import { ProfileCardView } from './profile-card-view.tsx';

/** Props of {@link ProfileCard}. @public */
export interface ProfileCardProps {
  /** The profile's e-mail address (the `{email}` of `/network/{email}`). */
  email: string;
  /** The SDK's `profiles` module (or anything with its `getByEmail`). */
  profiles: ProfileCardApi;
  /** The SDK's `files` module, for the photo. */
  files: Pick<FilesModule, 'viewUrl'>;
  /** The signed-in member's e-mail: their own private profile shows to them, marked private. */
  viewerEmail?: string;
  /** The level of the name's heading; 1 on the profile's own page. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The connected profile of one member, loaded by e-mail; "Profile not found" when it is missing or
 * private.
 * @public
 */
export function ProfileCard({ email, profiles, files, viewerEmail, headingLevel }: ProfileCardProps) {
  useSignals();
  const [model] = useState(createProfileCardModel);
  const [controller] = useState(() => createProfileCardController(profiles, model, viewerEmail));
  useEffect(() => {
    void controller.load(email);
    return controller.dispose;
  }, [controller, email]);
  return (
    <ProfileCardView
      state={model.state.value}
      photoUrl={(fileId) => files.viewUrl('profile-photos', fileId)}
      headingLevel={headingLevel}
      onRetry={() => void controller.load(email)}
    />
  );
}
