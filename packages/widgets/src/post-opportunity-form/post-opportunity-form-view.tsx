import type { BoardRules } from '@opportunity-kit/sdk/domain';
import { PostingRuleFields } from './posting-rule-fields.tsx';
import { useId, useRef, type FormEvent } from 'react';
import { CLUSTERS, EMPLOYMENT_TYPE_LABELS, EMPLOYMENT_TYPES, LOCATIONS, MESSAGES, POSTING_TYPES, postingDateBounds } from '@opportunity-kit/sdk/domain';
import { FormError, FormField, useFocusFirstInvalid } from '../shared/form-field.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import type { PostingFormValues, PostingSubmission, PostOpportunityFormActions, PostOpportunityFormState } from './post-opportunity-form-model.ts';

/**
 * Props of {@link PostOpportunityFormView}: the form's `state` and `actions` (from
 * {@link usePostOpportunityForm}), and what the host decides: who may choose the visibility, the
 * day, and the options.
 * @public
 */
export interface PostOpportunityFormViewProps extends WidgetBinding<PostOpportunityFormState, PostOpportunityFormActions> {
  /** The Public/Private choice, for teachers. */
  showVisibility: boolean;
  /** Today as `YYYY-MM-DD`: dates run from today up to 10 years ahead. */
  today: string;
  /** The location options; the spec's 13 by default. */
  locations?: readonly string[] | undefined;
  /** The cluster options; the spec's 19 by default. */
  clusters?: readonly string[] | undefined;
  /** The board's schools a recruiter may mean the posting for; the choice shows only with more than one. */
  schools?: readonly PostingSchool[] | undefined;
  /** The board's youth-work rules, for the live ruling of "Who can take it" (Ontario's by default). */
  boardRules?: BoardRules | undefined;
}

/** A school of the board, as the form offers it. @public */
export interface PostingSchool {
  /** The school's team id, sent in `schoolIds`. */
  id: string;
  /** Shown beside its checkbox. */
  name: string;
}

type InputField = Exclude<keyof PostingFormValues, 'visible' | 'schoolIds' | 'rules'>;

/**
 * "Post a New Opportunity": posting type (Job by default), the fields each type
 * needs (cluster required only for Job, salary only for Job, no website for Gig), Public/Private for
 * teachers, dates from today up to 10 years ahead with the end not before the start, and an image.
 * Field messages sit under their inputs and are tied to them; a refused submission moves focus to
 * the first one, and the upload's progress and the outcome are announced.
 * @public
 */
export function PostOpportunityFormView({ state, actions, showVisibility, today, locations, clusters, schools, boardRules }: PostOpportunityFormViewProps) {
  const { values, errors, submission } = state;
  const editing = state.mode === 'edit';
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(form, state.refusals);

  const bounds = postingDateBounds(today);
  const busy = submission.status === 'uploading' || submission.status === 'saving';
  const isJob = values.postingType === 'Job';
  const errorOf = (name: InputField | 'image') => errors[name] ?? null;
  // What every text, date and choice control shares: its name, its value and its change.
  const input = (name: InputField) => ({
    name,
    className: 'ok-post-form__input',
    value: values[name],
    onChange: (event: { currentTarget: { value: string } }) => actions.setValue(name, event.currentTarget.value),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.submit();
  };

  return (
    <form ref={form} className="ok-post-form" data-state={submission.status} onSubmit={submit} noValidate aria-labelledby={`${id}-heading`}>
      <h1 className="ok-post-form__title" id={`${id}-heading`}>
        {editing ? 'Edit Opportunity' : 'Post a New Opportunity'}
      </h1>
      <FormError message={errors.form ?? null} />

      <FormField label="Posting type" required error={errorOf('postingType')}>
        {(control) => (
          <select {...control} {...input('postingType')}>
            {POSTING_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        )}
      </FormField>
      <FormField label="Title" required error={errorOf('title')}>
        {(control) => <input {...control} {...input('title')} type="text" />}
      </FormField>
      <FormField label="Company or organization" required error={errorOf('company')}>
        {(control) => <input {...control} {...input('company')} type="text" autoComplete="organization" />}
      </FormField>
      <FormField label="Description" required error={errorOf('description')}>
        {(control) => <textarea {...control} {...input('description')} rows={5} />}
      </FormField>
      <div className="ok-post-form__pair">
        <FormField label="Cluster" required={isJob} error={errorOf('cluster')}>
          {(control) => (
            // Said either way: whether a cluster is needed changes with the posting type.
            <select {...control} {...input('cluster')} aria-required={isJob}>
              <option value="">{isJob ? 'Choose a cluster' : 'No cluster'}</option>
              {(clusters ?? CLUSTERS).map((cluster) => (
                <option key={cluster} value={cluster}>
                  {cluster}
                </option>
              ))}
            </select>
          )}
        </FormField>
        <FormField label="Location" required error={errorOf('location')}>
          {(control) => (
            <select {...control} {...input('location')}>
              <option value="">Choose a location</option>
              {(locations ?? LOCATIONS).map((place) => (
                <option key={place} value={place}>
                  {place}
                </option>
              ))}
            </select>
          )}
        </FormField>
      </div>
      <div className="ok-post-form__pair">
        <FormField label="Street address" hint="Street and number; the location names the city" error={errors.streetAddress ?? errors.address ?? null}>
          {(control) => <input {...control} {...input('streetAddress')} type="text" autoComplete="address-line1" />}
        </FormField>
        <FormField label="Postal code" error={errorOf('postalCode')}>
          {(control) => <input {...control} {...input('postalCode')} type="text" autoComplete="postal-code" placeholder="L9T 2X5" />}
        </FormField>
      </div>
      <div className="ok-post-form__pair">
        <FormField label="Contact e-mail" error={errorOf('contactEmail')}>
          {(control) => <input {...control} {...input('contactEmail')} type="email" autoComplete="email" />}
        </FormField>
        {values.postingType === 'Gig' ? null : (
          <FormField label="External website" error={errorOf('companyWebsite')}>
            {(control) => <input {...control} {...input('companyWebsite')} type="url" placeholder="https://" />}
          </FormField>
        )}
      </div>
      {isJob ? (
        <div className="ok-post-form__pair">
          <FormField label="Salary" hint="As it is shown; give the pay as a number below" error={errorOf('hourlyRate')}>
            {(control) => <input {...control} {...input('hourlyRate')} type="text" placeholder="17.50/h" />}
          </FormField>
          <FormField label="Employment type" error={errorOf('employmentType')}>
            {(control) => (
              <select {...control} {...input('employmentType')}>
                <option value="">Not stated</option>
                {EMPLOYMENT_TYPES.map((kind) => (
                  <option key={kind} value={kind}>
                    {EMPLOYMENT_TYPE_LABELS[kind]}
                  </option>
                ))}
              </select>
            )}
          </FormField>
        </div>
      ) : null}
      <PostingRuleFields
        values={values.rules}
        postingType={values.postingType}
        startDate={values.startDate}
        today={today}
        rules={boardRules}
        errors={errors}
        onChange={(rules) => actions.setValue('rules', rules)}
      />
      <div className="ok-post-form__dates">
        <FormField label="Start date" error={errorOf('startDate')}>
          {(control) => <input {...control} {...input('startDate')} type="date" min={bounds.min} max={bounds.max} />}
        </FormField>
        <FormField label="End date" error={errorOf('endDate')}>
          {(control) => <input {...control} {...input('endDate')} type="date" min={values.startDate || bounds.min} max={bounds.max} />}
        </FormField>
        <FormField label="Application deadline" error={errorOf('applicationDeadline')}>
          {(control) => <input {...control} {...input('applicationDeadline')} type="date" min={bounds.min} max={bounds.max} />}
        </FormField>
      </div>
      {showVisibility ? (
        <fieldset className="ok-post-form__visibility" aria-describedby={errors.visible ? `${id}-visible-error` : undefined}>
          <legend>
            Visibility{' '}
            <span className="ok-form-field__required" aria-hidden="true">
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
              <input type="radio" name={`${id}-visible`} checked={values.visible === visible} onChange={() => actions.setValue('visible', visible)} />
              {label}
            </label>
          ))}
          {errors.visible ? (
            <span className="ok-form-field__error" id={`${id}-visible-error`}>
              {errors.visible}
            </span>
          ) : null}
        </fieldset>
      ) : null}
      {schools && schools.length > 1 ? <SchoolChoice id={id} schools={schools} state={state} actions={actions} /> : null}
      {/* An edit keeps the posting's image: the SDK changes only its fields. */}
      {editing ? null : (
        <FormField
          label="Image"
          error={errorOf('image')}
          hint={
            <>
              {MESSAGES.imageHint}
              {state.imageName ? <span className="ok-post-form__file-name"> · {state.imageName}</span> : null}
            </>
          }
        >
          {(control) => (
            <input
              {...control}
              className="ok-post-form__file"
              type="file"
              accept="image/png,image/jpeg,image/gif,image/webp"
              onChange={(event) => actions.setImage(event.currentTarget.files?.[0] ?? null)}
            />
          )}
        </FormField>
      )}

      <div className="ok-post-form__footer">
        <button className="ok-post-form__submit ok-primary-button" type="submit" aria-disabled={busy}>
          {editing ? (busy ? 'Saving…' : 'Save changes') : busy ? 'Posting…' : 'Post Opportunity'}
        </button>
        <Progress submission={submission} editing={editing} />
      </div>
      <FormError message={submission.status === 'failed' ? submission.message : null} />
    </form>
  );
}

/**
 * "Which schools is this for?": every school of the board (the default), or only the ones ticked
 * (issue 23). Each school then decides on the employer for itself.
 */
function SchoolChoice({
  id,
  schools,
  state,
  actions,
}: { id: string; schools: readonly PostingSchool[] } & Pick<PostOpportunityFormViewProps, 'state' | 'actions'>) {
  const picked = state.values.schoolIds;
  const error = state.errors.schoolIds;
  const toggle = (schoolId: string, on: boolean) => {
    const current = picked ?? [];
    actions.setValue('schoolIds', on ? [...current, schoolId] : current.filter((candidate) => candidate !== schoolId));
  };
  return (
    <fieldset className="ok-post-form__schools" aria-describedby={error ? `${id}-schools-error` : undefined}>
      <legend>Which schools is this for?</legend>
      <label className="ok-post-form__choice">
        <input type="radio" name={`${id}-reach`} checked={picked === null} onChange={() => actions.setValue('schoolIds', null)} />
        Every school of the board
      </label>
      <label className="ok-post-form__choice">
        <input type="radio" name={`${id}-reach`} checked={picked !== null} onChange={() => actions.setValue('schoolIds', picked ?? [])} />
        Only some schools
      </label>
      {picked !== null ? (
        <div className="ok-post-form__school-list" role="group" aria-label="Schools">
          {schools.map((school) => (
            <label className="ok-post-form__choice" key={school.id}>
              <input type="checkbox" checked={picked.includes(school.id)} onChange={(event) => toggle(school.id, event.currentTarget.checked)} />
              {school.name}
            </label>
          ))}
        </div>
      ) : null}
      {error ? (
        <span className="ok-form-field__error" id={`${id}-schools-error`}>
          {error}
        </span>
      ) : null}
    </fieldset>
  );
}

/** The pending state in words (a live region) and, while the image uploads, a progress bar. */
function Progress({ submission, editing }: { submission: PostingSubmission; editing: boolean }) {
  const uploading = submission.status === 'uploading';
  const text = uploading
    ? `Uploading image${submission.percent === null ? '…' : ` ${submission.percent}%`}`
    : submission.status === 'saving'
      ? editing
        ? 'Saving the changes…'
        : 'Posting the opportunity…'
      : '';
  return (
    <div className="ok-post-form__progress">
      {uploading ? <progress className="ok-post-form__bar" max={100} value={submission.percent ?? undefined} aria-label="Image upload" /> : null}
      <span role="status">{text}</span>
    </div>
  );
}
