import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { FilesModule } from '@opportunity-kit/sdk';
import type { Profile } from '@opportunity-kit/sdk/domain';
import { createProfileEditorController, type ProfileAccount, type ProfileEditorApi } from './profile-editor-controller.ts';
import { createProfileEditorModel } from './profile-editor-model.ts';
import { ProfileEditorView } from './profile-editor-view.tsx';

/** Props of {@link ProfileEditor}. @public */
export interface ProfileEditorProps {
  /** The SDK's `profiles` module (or anything with its `mine` and `save`). */
  profiles: ProfileEditorApi;
  /** The SDK's `files` module, to show the saved photo. */
  files: Pick<FilesModule, 'viewUrl'>;
  /** The signed-in account: its name and e-mail fill a first profile. */
  account?: ProfileAccount;
  /** Called with the saved profile after a successful save (the portal then goes to /network). */
  onSaved?: (profile: Profile) => void;
}

/**
 * The connected profile editor: loads the member's profile, saves it through the SDK (uploading a
 * new photo first), and calls `onSaved` only when the save really succeeded.
 * @public
 */
export function ProfileEditor({ profiles, files, account, onSaved }: ProfileEditorProps) {
  useSignals();
  const [model] = useState(createProfileEditorModel);
  const [controller] = useState(() => createProfileEditorController(profiles, model, account));
  useEffect(() => {
    void controller.load();
    return controller.dispose;
  }, [controller]);
  const savedPhoto = model.photoFileId.value;
  return (
    <ProfileEditorView
      status={model.status.value}
      values={model.values.value}
      photoUrl={model.photoPreview.value ?? (savedPhoto ? files.viewUrl('profile-photos', savedPhoto) : null)}
      errors={model.errors.value}
      save={model.save.value}
      progress={model.progress.value}
      uploadingPhoto={model.photo.value !== null}
      message={model.message.value}
      invalidSubmits={model.invalidSubmits.value}
      onChange={controller.setValue}
      onPhoto={controller.pickPhoto}
      onSave={() => {
        void controller.save().then((saved) => {
          if (saved) onSaved?.(saved);
        });
      }}
      onRetry={() => void controller.load()}
    />
  );
}
