import { useEffect, useId, useRef, type FormEvent } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { FormError, FormField, useFocusFirstInvalid } from '../shared/form-field.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import type { ProfileEditorActions, ProfileEditorState, ProfileFormValues } from './profile-editor-model.ts';

/** Props of {@link ProfileEditorView}: the editor's `state` and `actions` (from {@link useProfileEditor}). @public */
export type ProfileEditorViewProps = WidgetBinding<ProfileEditorState, ProfileEditorActions>;

type TextField = Exclude<keyof ProfileFormValues, 'isPublic' | 'bio'>;

const TEXT_FIELDS: ReadonlyArray<{ field: TextField; label: string; type?: 'email'; hint?: string; autoComplete?: string }> = [
  { field: 'name', label: 'Name', autoComplete: 'name' },
  { field: 'school', label: 'School', autoComplete: 'organization' },
  { field: 'interests', label: 'Interests', hint: 'Separate interests with commas, for example: Robotics, Photography' },
  { field: 'location', label: 'Location', autoComplete: 'address-level2' },
  { field: 'contactEmail', label: 'Contact e-mail', type: 'email', hint: 'Leave empty to use your account e-mail.', autoComplete: 'email' },
];

/**
 * The profile form (spec route `/profile`): name, school, interests (comma-separated), bio,
 * location, contact e-mail, a public/private switch (public by default) and a photo. While saving,
 * the photo upload shows its progress; "Profile updated successfully!" is announced only after the
 * save succeeded, and a failure says what went wrong.
 * @public
 */
export function ProfileEditorView({ state, actions }: ProfileEditorViewProps) {
  const { status, values, photoUrl, errors, saveStatus, progress, uploadingPhoto, message } = state;
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const saveButton = useRef<HTMLButtonElement>(null);
  const saving = saveStatus === 'saving';
  useFocusFirstInvalid(form, state.refusals);
  // The button is disabled while saving, which drops its focus to the page: once saved, focus returns
  // to it, beside the confirmation, unless the member has moved it elsewhere meanwhile.
  useEffect(() => {
    if (saveStatus !== 'saved') return;
    const focused = document.activeElement;
    if (!focused || focused === document.body) saveButton.current?.focus();
  }, [saveStatus]);

  if (status !== 'ready') {
    return (
      <section className="ok-profile-editor" data-state={status} aria-labelledby={`${id}-title`}>
        <h2 className="ok-profile-editor__title" id={`${id}-title`}>
          Edit your profile
        </h2>
        {status === 'loading' ? (
          <p className="ok-profile-editor__note" role="status">
            {MESSAGES.loading}
          </p>
        ) : (
          <div className="ok-profile-editor__note" role="alert">
            <p>{MESSAGES.genericError}</p>
            <button type="button" className="ok-profile-editor__secondary" onClick={actions.retry}>
              Try again
            </button>
          </div>
        )}
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.save();
  };
  const failed = saveStatus === 'failed';

  return (
    <form ref={form} className="ok-profile-editor" data-state={saveStatus} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
      <h2 className="ok-profile-editor__title" id={`${id}-title`}>
        Edit your profile
      </h2>
      <fieldset className="ok-profile-editor__fields" disabled={saving}>
        <div className="ok-profile-editor__photo-row">
          {photoUrl ? (
            // eslint-disable-next-line jsx-a11y/img-redundant-alt -- the picture is the member's photo: "photo" says what it shows
            <img className="ok-profile-editor__photo" src={photoUrl} alt="Your profile photo" width={96} height={96} />
          ) : (
            <span className="ok-profile-editor__photo" data-state="empty" aria-hidden="true">
              {values.name.trim().charAt(0).toUpperCase() || '?'}
            </span>
          )}
          {/* A refused photo is announced: it appears when a file is picked, with no submission to move focus. */}
          <FormField label="Profile photo" hint={MESSAGES.imageHint} error={errors.photo ?? null} announceError>
            {(control) => (
              <div className="ok-profile-editor__picker ok-file-picker">
                <input
                  {...control}
                  className="ok-profile-editor__file ok-file-picker__input"
                  type="file"
                  accept="image/png,image/jpeg,image/gif,image/webp"
                  onChange={(event) => {
                    actions.pickPhoto(event.target.files?.[0] ?? null);
                    // The preview shows the photo the form kept; emptying the input lets the same file be picked again.
                    event.target.value = '';
                  }}
                />
                {/* The native control's own text cannot be themed; this label opens it, and stays out of its name. */}
                <label className="ok-profile-editor__choose ok-file-picker__choose" htmlFor={control.id} aria-hidden="true">
                  Choose photo
                </label>
              </div>
            )}
          </FormField>
        </div>
        {TEXT_FIELDS.map(({ field, label, type, hint, autoComplete }) => (
          <FormField key={field} label={label} hint={hint} error={errors[field] ?? null}>
            {(control) => (
              <input
                {...control}
                className="ok-profile-editor__input ok-text-input"
                type={type ?? 'text'}
                value={values[field]}
                autoComplete={autoComplete}
                required={field === 'name'}
                onChange={(event) => actions.setValue(field, event.target.value)}
              />
            )}
          </FormField>
        ))}
        <FormField label="Bio" error={errors.bio ?? null}>
          {(control) => (
            <textarea
              {...control}
              className="ok-profile-editor__input ok-text-input"
              rows={4}
              value={values.bio}
              onChange={(event) => actions.setValue('bio', event.target.value)}
            />
          )}
        </FormField>
        <div className="ok-profile-editor__switch-row">
          <input
            className="ok-profile-editor__switch"
            id={`${id}-public`}
            type="checkbox"
            role="switch"
            checked={values.isPublic}
            aria-describedby={`${id}-public-hint`}
            onChange={(event) => actions.setValue('isPublic', event.target.checked)}
          />
          <label className="ok-profile-editor__label" htmlFor={`${id}-public`}>
            Public profile
          </label>
          <p className="ok-profile-editor__hint" id={`${id}-public-hint`}>
            {values.isPublic ? 'Signed-in members can find you in the network.' : 'Only you can see your profile.'}
          </p>
        </div>
      </fieldset>
      {saving ? (
        <div className="ok-profile-editor__progress ok-progress">
          <label htmlFor={`${id}-progress`}>{uploadingPhoto ? `Uploading photo${progress === null ? '' : ` (${progress}%)`}` : 'Saving profile'}</label>
          {/* Without a value the bar is indeterminate: the upload's progress is not known. */}
          <progress
            className="ok-profile-editor__progress-bar ok-progress__bar"
            id={`${id}-progress`}
            max={100}
            value={uploadingPhoto ? (progress ?? undefined) : undefined}
          />
        </div>
      ) : null}
      <p className={`ok-profile-editor__result ok-result${saveStatus === 'saved' ? ' ok-confirmation' : ''}`} role="status" data-state={saveStatus}>
        {failed ? null : message}
      </p>
      <FormError message={failed ? message : null} />
      <button ref={saveButton} className="ok-profile-editor__submit" type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}
