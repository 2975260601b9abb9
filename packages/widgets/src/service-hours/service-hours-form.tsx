import { useEffect, useId, useRef, type FormEvent } from 'react';
import { earliestHoursDate, HOURS_LIMITS, HOURS_MESSAGES, type HoursRuling } from '@opportunity-kit/sdk/domain';
import { FormError, FormField, useFocusFirstInvalid } from '../shared/form-field.tsx';
import { ActivityFields } from './service-hours-activity-fields.tsx';
import type { ServiceHoursActions, ServiceHoursFormField, ServiceHoursFormState } from './service-hours-model.ts';

/** The form's texts, named so a host's tests and guides can say them. */
export const SERVICE_HOURS_FORM_TEXT = {
  logTitle: 'Log hours',
  editTitle: 'Edit hours',
  submit: 'Submit hours',
  save: 'Save changes',
  saving: 'Saving…',
  cancel: 'Cancel',
} as const;

export interface ServiceHoursFormProps {
  form: Extract<ServiceHoursFormState, { open: true }>;
  actions: Pick<ServiceHoursActions, 'setField' | 'submitForm' | 'cancelForm'>;
  /** The latest date the date picker offers (`YYYY-MM-DD`). */
  today: string;
  /** What the rules say about the activity as filled in (issue 26). */
  ruling?: HoursRuling | null | undefined;
}

/**
 * Logging new hours or correcting a pending entry. The supervisor's contact details are locked in a
 * correction: the server refuses to change them, so the form does not offer it.
 */
export function ServiceHoursForm({ form, actions, today, ruling = null }: ServiceHoursFormProps) {
  const id = useId();
  const formRef = useRef<HTMLFormElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const editing = form.entryId !== null;
  // Opening the form moves the person to it; the heading says which form it is. Declared first, so a
  // refusal already there when the form mounts takes the focus after it.
  useEffect(() => heading.current?.focus(), []);
  useFocusFirstInvalid(formRef, form.refusals);

  const errorOf = (field: ServiceHoursFormField) => form.errors[field] ?? null;
  const input = (field: ServiceHoursFormField) => ({
    name: field,
    className: 'ok-service-hours__input',
    value: form.draft[field],
    onChange: (event: { currentTarget: { value: string } }) => actions.setField(field, event.currentTarget.value),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.submitForm();
  };
  const lockedHint = editing ? HOURS_MESSAGES.supervisorLocked : undefined;

  return (
    <form
      ref={formRef}
      className="ok-service-hours__form"
      onSubmit={submit}
      noValidate
      aria-labelledby={`${id}-title`}
      data-state={form.saving ? 'saving' : 'open'}
    >
      <h3 className="ok-service-hours__form-title ok-focus-target" id={`${id}-title`} ref={heading} tabIndex={-1}>
        {editing ? SERVICE_HOURS_FORM_TEXT.editTitle : SERVICE_HOURS_FORM_TEXT.logTitle}
      </h3>
      <FormField label="Organisation" required error={errorOf('organisation')}>
        {(control) => <input {...control} {...input('organisation')} type="text" maxLength={HOURS_LIMITS.organisation} autoComplete="organization" />}
      </FormField>
      <FormField label="What you did" required error={errorOf('activity')}>
        {(control) => <textarea {...control} {...input('activity')} rows={3} maxLength={HOURS_LIMITS.activity} />}
      </FormField>
      <div className="ok-service-hours__pair">
        <FormField label="Date" required error={errorOf('date')}>
          {(control) => <input {...control} {...input('date')} type="date" min={earliestHoursDate(today)} max={today} />}
        </FormField>
        <FormField label="Hours" required hint="In quarter hours, at most 12 a day" error={errorOf('hours')}>
          {(control) => (
            <input
              {...control}
              {...input('hours')}
              type="number"
              inputMode="decimal"
              step={HOURS_LIMITS.step}
              min={HOURS_LIMITS.step}
              max={HOURS_LIMITS.maxPerDay}
            />
          )}
        </FormField>
      </div>
      <div className="ok-service-hours__pair">
        <FormField label="Supervisor name" required hint={lockedHint} error={errorOf('supervisorName')}>
          {(control) => <input {...control} {...input('supervisorName')} type="text" readOnly={editing} maxLength={HOURS_LIMITS.supervisorName} />}
        </FormField>
        <FormField label="Supervisor email" required hint={lockedHint} error={errorOf('supervisorEmail')}>
          {(control) => <input {...control} {...input('supervisorEmail')} type="email" readOnly={editing} autoComplete="off" />}
        </FormField>
      </div>
      <ActivityFields form={form} actions={actions} ruling={ruling} />
      <FormField label="Reflection" hint="Optional: what you learned or enjoyed" error={errorOf('reflection')}>
        {(control) => <textarea {...control} {...input('reflection')} rows={3} maxLength={HOURS_LIMITS.reflection} />}
      </FormField>
      <FormError message={form.failure} />
      <div className="ok-service-hours__form-actions">
        <button type="submit" className="ok-primary-button" aria-disabled={form.saving}>
          {form.saving ? SERVICE_HOURS_FORM_TEXT.saving : editing ? SERVICE_HOURS_FORM_TEXT.save : SERVICE_HOURS_FORM_TEXT.submit}
        </button>
        <button type="button" className="ok-pill-button" onClick={actions.cancelForm} disabled={form.saving}>
          {SERVICE_HOURS_FORM_TEXT.cancel}
        </button>
      </div>
    </form>
  );
}
