import { useEffect, useId, useRef, type FormEvent, type ReactNode } from 'react';
import { CLUSTERS, LOCATIONS, MESSAGES, POSTING_TYPES, postingDateBounds } from '@opportunity-kit/sdk/domain';
import type { PostingFormErrors, PostingFormValues, PostingSubmission } from './post-opportunity-form-model.ts';

/** Props of {@link PostOpportunityFormView}. @public */
export interface PostOpportunityFormViewProps {
  /** What the fields hold. */
  values: PostingFormValues;
  /** A message per refused field, shown under it. */
  errors: PostingFormErrors;
  /** Whether the form is being sent, and how far, or why it failed. */
  submission: PostingSubmission;
  /** The picked image's file name, or null. */
  imageName: string | null;
  /** Increases each time a submission is refused for its fields: focus then moves to the first one. */
  refusals: number;
  /** The Public/Private choice, for teachers. */
  showVisibility: boolean;
  /** Today as `YYYY-MM-DD`: dates run from today up to 10 years ahead. */
  today: string;
  /** The location options; the spec's 13 by default. */
  locations?: readonly string[] | undefined;
  /** The cluster options; the spec's 19 by default. */
  clusters?: readonly string[] | undefined;
  /** A field changed. */
  onChange<K extends keyof PostingFormValues>(field: K, value: PostingFormValues[K]): void;
  /** An image was picked, or the picked one cleared (null). */
  onImage(file: File | null): void;
  /** The form was submitted. */
  onSubmit(): void;
}

type InputField = Exclude<keyof PostingFormValues, 'visible'>;

/**
 * "Post a New Opportunity": posting type (Job by default), the fields each type
 * needs (cluster required only for Job, salary only for Job, no website for Gig), Public/Private for
 * teachers, dates from today up to 10 years ahead with the end not before the start, and an image.
 * Field messages sit under their inputs and are tied to them; a refused submission moves focus to
 * the first one, and the upload's progress and the outcome are announced.
 * @public
 */
export function PostOpportunityFormView(props: PostOpportunityFormViewProps) {
  const { values, errors, submission, today } = props;
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (props.refusals > 0) form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [props.refusals]);

  const bounds = postingDateBounds(today);
  const busy = submission.status === 'uploading' || submission.status === 'saving';
  const isJob = values.postingType === 'Job';
  const field = (name: InputField) => ({
    id: `${id}-${name}`,
    name,
    className: 'ok-post-form__input',
    value: values[name],
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
    onChange: (event: { currentTarget: { value: string } }) => props.onChange(name, event.currentTarget.value),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    props.onSubmit();
  };

  return (
    <form ref={form} className="ok-post-form" data-state={submission.status} onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h1 className="ok-post-form__title" id={`${id}-heading`}>
        Post a New Opportunity
      </h1>
      {errors.form ? (
        <p className="ok-post-form__failure" role="alert">
          {errors.form}
        </p>
      ) : null}

      <Field id={id} name="postingType" label="Posting type" required error={errors.postingType}>
        <select {...field('postingType')} aria-required="true">
          {POSTING_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id} name="title" label="Title" required error={errors.title}>
        <input {...field('title')} type="text" aria-required="true" />
      </Field>
      <Field id={id} name="company" label="Company or organization" required error={errors.company}>
        <input {...field('company')} type="text" autoComplete="organization" aria-required="true" />
      </Field>
      <Field id={id} name="description" label="Description" required error={errors.description}>
        <textarea {...field('description')} rows={5} aria-required="true" />
      </Field>
      <div className="ok-post-form__pair">
        <Field id={id} name="cluster" label="Cluster" required={isJob} error={errors.cluster}>
          <select {...field('cluster')} aria-required={isJob}>
            <option value="">{isJob ? 'Choose a cluster' : 'No cluster'}</option>
            {(props.clusters ?? CLUSTERS).map((cluster) => (
              <option key={cluster} value={cluster}>
                {cluster}
              </option>
            ))}
          </select>
        </Field>
        <Field id={id} name="location" label="Location" required error={errors.location}>
          <select {...field('location')} aria-required="true">
            <option value="">Choose a location</option>
            {(props.locations ?? LOCATIONS).map((place) => (
              <option key={place} value={place}>
                {place}
              </option>
            ))}
          </select>
        </Field>
      </div>
      <Field id={id} name="address" label="Address" error={errors.address}>
        <input {...field('address')} type="text" autoComplete="street-address" />
      </Field>
      <div className="ok-post-form__pair">
        <Field id={id} name="contactEmail" label="Contact e-mail" error={errors.contactEmail}>
          <input {...field('contactEmail')} type="email" autoComplete="email" />
        </Field>
        {values.postingType === 'Gig' ? null : (
          <Field id={id} name="companyWebsite" label="External website" error={errors.companyWebsite}>
            <input {...field('companyWebsite')} type="url" placeholder="https://" />
          </Field>
        )}
      </div>
      {isJob ? (
        <Field id={id} name="hourlyRate" label="Salary" error={errors.hourlyRate}>
          <input {...field('hourlyRate')} type="text" placeholder="17.50/h" />
        </Field>
      ) : null}
      <div className="ok-post-form__dates">
        <Field id={id} name="startDate" label="Start date" error={errors.startDate}>
          <input {...field('startDate')} type="date" min={bounds.min} max={bounds.max} />
        </Field>
        <Field id={id} name="endDate" label="End date" error={errors.endDate}>
          <input {...field('endDate')} type="date" min={values.startDate || bounds.min} max={bounds.max} />
        </Field>
        <Field id={id} name="applicationDeadline" label="Application deadline" error={errors.applicationDeadline}>
          <input {...field('applicationDeadline')} type="date" min={bounds.min} max={bounds.max} />
        </Field>
      </div>
      {props.showVisibility ? (
        <fieldset className="ok-post-form__visibility" aria-describedby={errors.visible ? `${id}-visible-error` : undefined}>
          <legend>
            Visibility{' '}
            <span className="ok-post-form__required" aria-hidden="true">
              *
            </span>
          </legend>
          {(
            [
              ['Public', true],
              ['Private', false],
            ] as const
          ).map(([label, visible]) => (
            <label className="ok-post-form__choice" key={label}>
              <input type="radio" name={`${id}-visible`} checked={values.visible === visible} onChange={() => props.onChange('visible', visible)} />
              {label}
            </label>
          ))}
          {errors.visible ? (
            <span className="ok-post-form__error" id={`${id}-visible-error`}>
              {errors.visible}
            </span>
          ) : null}
        </fieldset>
      ) : null}
      <div className="ok-post-form__field">
        <label htmlFor={`${id}-image`}>Image</label>
        <input
          id={`${id}-image`}
          className="ok-post-form__file"
          type="file"
          accept="image/png,image/jpeg,image/gif,image/webp"
          aria-invalid={errors.image ? true : undefined}
          aria-describedby={`${id}-image-hint${errors.image ? ` ${id}-image-error` : ''}`}
          onChange={(event) => props.onImage(event.currentTarget.files?.[0] ?? null)}
        />
        <span className="ok-post-form__hint" id={`${id}-image-hint`}>
          {MESSAGES.imageHint}
          {props.imageName ? <span className="ok-post-form__file-name"> · {props.imageName}</span> : null}
        </span>
        {errors.image ? (
          <span className="ok-post-form__error" id={`${id}-image-error`}>
            {errors.image}
          </span>
        ) : null}
      </div>

      <div className="ok-post-form__footer">
        <button className="ok-post-form__submit ok-primary-button" type="submit" aria-disabled={busy}>
          {busy ? 'Posting…' : 'Post Opportunity'}
        </button>
        <Progress submission={submission} />
      </div>
      {submission.status === 'failed' ? (
        <p className="ok-post-form__failure" role="alert">
          {submission.message}
        </p>
      ) : null}
    </form>
  );
}

function Field({
  id,
  name,
  label,
  required = false,
  error,
  children,
}: {
  id: string;
  name: string;
  label: string;
  required?: boolean;
  error: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="ok-post-form__field">
      <label htmlFor={`${id}-${name}`}>
        {label}
        {required ? (
          <span className="ok-post-form__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children}
      {error ? (
        <span className="ok-post-form__error" id={`${id}-${name}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** The pending state in words (a live region) and, while the image uploads, a progress bar. */
function Progress({ submission }: { submission: PostingSubmission }) {
  const uploading = submission.status === 'uploading';
  const text = uploading
    ? `Uploading image${submission.percent === null ? '…' : ` ${submission.percent}%`}`
    : submission.status === 'saving'
      ? 'Posting the opportunity…'
      : '';
  return (
    <div className="ok-post-form__progress">
      {uploading ? <progress className="ok-post-form__bar" max={100} value={submission.percent ?? undefined} aria-label="Image upload" /> : null}
      <span role="status">{text}</span>
    </div>
  );
}
