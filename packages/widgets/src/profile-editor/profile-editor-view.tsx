import { useEffect, useId, useRef, type FormEvent } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { LoadStatus } from '../shared/load-status.ts';
import type { ProfileFormField, ProfileFormValues, ProfileSaveState } from './profile-editor-model.ts';

/** Props of {@link ProfileEditorView}. @public */
export interface ProfileEditorViewProps {
  /** Whether the profile is loading, ready to edit, or failed to load. */
  status: LoadStatus;
  /** What the fields hold. */
  values: ProfileFormValues;
  /** The photo to show: the picked one, else the saved one, else none. */
  photoUrl: string | null;
  /** A message per refused input. */
  errors: Partial<Record<ProfileFormField, string>>;
  /** Where the save stands. */
  save: ProfileSaveState;
  /** Percent of the photo uploaded while saving; null when unknown (the bar then only shows activity). */
  progress: number | null;
  /** Whether a new photo is part of this save (the progress bar names the upload). */
  uploadingPhoto: boolean;
  /** The outcome to announce: the success text, or what went wrong; null before either. */
  message: string | null;
  /** Bump it when a save was refused by the form: focus moves to the first mistake. */
  invalidSubmits?: number;
  /** A field changed. */
  onChange: <K extends keyof ProfileFormValues>(field: K, value: ProfileFormValues[K]) => void;
  /** A photo was picked, or the picked one cleared (null). */
  onPhoto: (file: File | null) => void;
  /** The form was submitted. */
  onSave: () => void;
  /** "Try again" was pressed after the profile failed to load. */
  onRetry: () => void;
}

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
export function ProfileEditorView(props: ProfileEditorViewProps) {
  const { status, values, photoUrl, errors, save, progress, uploadingPhoto, message, invalidSubmits = 0 } = props;
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const saving = save === 'saving';

  useEffect(() => {
    if (invalidSubmits > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [invalidSubmits]);

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
            <button type="button" className="ok-profile-editor__secondary" onClick={props.onRetry}>
              Try again
            </button>
          </div>
        )}
      </section>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSave();
  };
  const describedBy = (field: ProfileFormField, hint: boolean) =>
    [hint ? `${id}-${field}-hint` : undefined, errors[field] ? `${id}-${field}-error` : undefined].filter(Boolean).join(' ') || undefined;
  const error = (field: ProfileFormField) =>
    errors[field] ? (
      <p className="ok-profile-editor__error ok-field-error" id={`${id}-${field}-error`} role={field === 'photo' ? 'alert' : undefined}>
        {errors[field]}
      </p>
    ) : null;
  const failed = save === 'failed';

  return (
    <form ref={form} className="ok-profile-editor" data-state={save} onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
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
          <div className="ok-profile-editor__field">
            <label className="ok-profile-editor__label" htmlFor={`${id}-photo`}>
              Profile photo
            </label>
            <div className="ok-profile-editor__picker ok-file-picker">
              <input
                className="ok-profile-editor__file ok-file-picker__input"
                id={`${id}-photo`}
                type="file"
                accept="image/png,image/jpeg,image/gif,image/webp"
                aria-invalid={errors.photo ? true : undefined}
                aria-describedby={describedBy('photo', true)}
                onChange={(event) => {
                  props.onPhoto(event.target.files?.[0] ?? null);
                  // The preview shows the photo the form kept; emptying the input lets the same file be picked again.
                  event.target.value = '';
                }}
              />
              {/* The native control's own text cannot be themed; this label opens it, and stays out of its name. */}
              <label className="ok-profile-editor__choose ok-file-picker__choose" htmlFor={`${id}-photo`} aria-hidden="true">
                Choose photo
              </label>
            </div>
            <p className="ok-profile-editor__hint" id={`${id}-photo-hint`}>
              {MESSAGES.imageHint}
            </p>
            {error('photo')}
          </div>
        </div>
        {TEXT_FIELDS.map(({ field, label, type, hint, autoComplete }) => (
          <div className="ok-profile-editor__field" key={field}>
            <label className="ok-profile-editor__label" htmlFor={`${id}-${field}`}>
              {label}
            </label>
            <input
              className="ok-profile-editor__input ok-text-input"
              id={`${id}-${field}`}
              type={type ?? 'text'}
              value={values[field]}
              autoComplete={autoComplete}
              required={field === 'name'}
              aria-invalid={errors[field] ? true : undefined}
              aria-describedby={describedBy(field, Boolean(hint))}
              onChange={(event) => props.onChange(field, event.target.value)}
            />
            {hint ? (
              <p className="ok-profile-editor__hint" id={`${id}-${field}-hint`}>
                {hint}
              </p>
            ) : null}
            {error(field)}
          </div>
        ))}
        <div className="ok-profile-editor__field">
          <label className="ok-profile-editor__label" htmlFor={`${id}-bio`}>
            Bio
          </label>
          <textarea
            className="ok-profile-editor__input ok-text-input"
            id={`${id}-bio`}
            rows={4}
            value={values.bio}
            aria-invalid={errors.bio ? true : undefined}
            aria-describedby={describedBy('bio', false)}
            onChange={(event) => props.onChange('bio', event.target.value)}
          />
          {error('bio')}
        </div>
        <div className="ok-profile-editor__switch-row">
          <input
            className="ok-profile-editor__switch"
            id={`${id}-public`}
            type="checkbox"
            role="switch"
            checked={values.isPublic}
            aria-describedby={`${id}-public-hint`}
            onChange={(event) => props.onChange('isPublic', event.target.checked)}
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
      <p className="ok-profile-editor__result ok-result" role="status" data-state={save}>
        {failed ? null : message}
      </p>
      {failed && message ? (
        <p className="ok-profile-editor__result ok-result" role="alert" data-state={save}>
          {message}
        </p>
      ) : null}
      <button className="ok-profile-editor__submit" type="submit" disabled={saving}>
        {saving ? 'Saving…' : 'Save profile'}
      </button>
    </form>
  );
}
