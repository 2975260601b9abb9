import type { FilesModule } from '@opportunity-kit/sdk';
import type { Profile } from '@opportunity-kit/sdk/domain';
import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { createProfileEditorController, type ProfileAccount, type ProfileEditorApi } from './profile-editor-controller.ts';
import { createProfileEditorModel, type ProfileEditorActions, type ProfileEditorState } from './profile-editor-model.ts';
import { ProfileEditorView } from './profile-editor-view.tsx';

/** Options of {@link useProfileEditor}: the SDK, the account, and who hears of a save. @public */
export interface ProfileEditorOptions {
  /** The SDK's `profiles` module (or anything with its `mine` and `save`). */
  profiles: ProfileEditorApi;
  /** The SDK's `files` module, to show the saved photo. */
  files: Pick<FilesModule, 'viewUrl'>;
  /** The signed-in account: its name and e-mail fill a first profile. */
  account?: ProfileAccount | undefined;
  /** Called with the saved profile after a successful save (the portal then goes to /network). */
  onSaved?: ((profile: Profile) => void) | undefined;
}

/** Props of {@link ProfileEditor}. @public */
export type ProfileEditorProps = ProfileEditorOptions;

/**
 * The profile editor without its markup: loads the member's profile, checks it with the domain's
 * `validateProfile`, saves it through the SDK (uploading a new photo first, with progress), and calls
 * `onSaved` only when the save really succeeded, for a view of your own. The options are read once.
 * @public
 */
export function useProfileEditor(options: ProfileEditorOptions): WidgetBinding<ProfileEditorState, ProfileEditorActions> {
  return useWidgetController(() => createProfileEditorController(options.profiles, createProfileEditorModel(), options));
}

/**
 * The connected profile editor: loads the member's profile, saves it through the SDK (uploading a
 * new photo first), and calls `onSaved` only when the save really succeeded.
 * @public
 */
export function ProfileEditor(props: ProfileEditorProps) {
  const { state, actions } = useProfileEditor(props);
  return <ProfileEditorView state={state} actions={actions} />;
}
