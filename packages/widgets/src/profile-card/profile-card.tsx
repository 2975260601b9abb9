import type { FilesModule } from '@opportunity-kit/sdk';
import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { createProfileCardController, type ProfileCardApi } from './profile-card-controller.ts';
import { createProfileCardModel, type ProfileCardActions, type ProfileCardState } from './profile-card-model.ts';
import { ProfileCardView } from './profile-card-view.tsx';

/** Options of {@link useProfileCard}: the SDK, whose profile, and who is looking. @public */
export interface ProfileCardOptions {
  /** The profile's e-mail address (the `{email}` of `/network/{email}`). */
  email: string;
  /** The SDK's `profiles` module (or anything with its `getByEmail`). */
  profiles: ProfileCardApi;
  /** The signed-in member's e-mail: their own private profile shows to them, marked private. */
  viewerEmail?: string;
}

/** Props of {@link ProfileCard}. @public */
export interface ProfileCardProps extends ProfileCardOptions {
  /** The SDK's `files` module, for the photo. */
  files: Pick<FilesModule, 'viewUrl'>;
  /** The level of the name's heading; 1 on the profile's own page. */
  headingLevel?: 1 | 2 | 3;
}

/**
 * The profile card without its markup: one member's profile loaded by e-mail, "missing" when there is
 * none or it is private to someone else, for a view of your own. The options are read once; give the
 * component a new `key` for another e-mail.
 * @public
 */
export function useProfileCard(options: ProfileCardOptions): WidgetBinding<ProfileCardState, ProfileCardActions> {
  return useWidgetController(() => createProfileCardController(options.profiles, createProfileCardModel(), options.email, options.viewerEmail));
}

/**
 * The connected profile of one member, loaded by e-mail; "Profile not found" when it is missing or
 * private.
 * @public
 */
export function ProfileCard(props: ProfileCardProps) {
  // Another e-mail is another profile: a fresh card loads it instead of showing the last one.
  return <ConnectedProfileCard key={props.email} {...props} />;
}

function ConnectedProfileCard(props: ProfileCardProps) {
  const { state, actions } = useProfileCard(props);
  const { files } = props;
  return <ProfileCardView state={state} actions={actions} photoUrl={(fileId) => files.viewUrl('profile-photos', fileId)} headingLevel={props.headingLevel} />;
}
