import { useId } from 'react';
import {
  HOURS_ACTIVITY_KINDS,
  HOURS_ACTIVITY_LABELS,
  HOURS_ACTIVITY_MESSAGES,
  POSTING_TASKS,
  rulesVersionLabel,
  TASK_LABELS,
  WORKPLACE_LABELS,
  WORKPLACE_TYPES,
  type HoursRuling,
} from '@opportunity-kit/sdk/domain';
import { labelledOptions } from '../shared/labelled-options.tsx';
import { FormField } from '../shared/form-field.tsx';
import { checkedValue, isChecked, toggledTask } from './service-hours-activity.ts';
import type { ServiceHoursActions, ServiceHoursFormField, ServiceHoursFormState } from './service-hours-model.ts';

export interface ActivityFieldsProps {
  form: Extract<ServiceHoursFormState, { open: true }>;
  actions: Pick<ServiceHoursActions, 'setField'>;
  /** What the rules say about the activity as filled in; null before a kind is chosen or while it is asked. */
  ruling: HoursRuling | null;
}

/**
 * The activity the youth-work rules weigh (issue 26): its kind, the tasks and the place, whether it was
 * paid; beside it whether the hours count toward the diploma and why not, each rule with its source,
 * before anything is logged; and for a student under 18 the parent or guardian who signs.
 */
export function ActivityFields({ form, actions, ruling }: ActivityFieldsProps) {
  const id = useId();
  const draft = form.draft;
  const errorOf = (field: ServiceHoursFormField) => form.errors[field] ?? null;
  const set = (field: ServiceHoursFormField) => (event: { currentTarget: { value: string } }) => actions.setField(field, event.currentTarget.value);
  const parentNeeded = ruling ? ruling.signOffs.includes('parent-completion') : false;
  return (
    <>
      <FormField label="Kind of activity" required error={errorOf('activityKind')}>
        {(control) => (
          <select {...control} name="activityKind" className="ok-service-hours__input" value={draft.activityKind} onChange={set('activityKind')}>
            <option value="">Choose…</option>
            {labelledOptions(HOURS_ACTIVITY_KINDS, HOURS_ACTIVITY_LABELS)}
          </select>
        )}
      </FormField>
      <FormField label="Where" hint="Optional: the kind of place" error={errorOf('activityWorkplace')}>
        {(control) => (
          <select {...control} name="activityWorkplace" className="ok-service-hours__input" value={draft.activityWorkplace} onChange={set('activityWorkplace')}>
            <option value="">Not listed</option>
            {labelledOptions(WORKPLACE_TYPES, WORKPLACE_LABELS)}
          </select>
        )}
      </FormField>
      <fieldset className="ok-service-hours__tasks">
        <legend>Did you do any of these?</legend>
        {POSTING_TASKS.map((task) => (
          <label key={task} className="ok-service-hours__check">
            <input
              type="checkbox"
              checked={draft.activityTasks.split(',').includes(task)}
              onChange={(event) => actions.setField('activityTasks', toggledTask(draft.activityTasks, task, event.currentTarget.checked))}
            />
            {TASK_LABELS[task]}
          </label>
        ))}
        <label className="ok-service-hours__check">
          <input
            type="checkbox"
            checked={isChecked(draft.activityPaid)}
            onChange={(event) => actions.setField('activityPaid', checkedValue(event.currentTarget.checked))}
          />
          I was paid for it
        </label>
        <label className="ok-service-hours__check">
          <input
            type="checkbox"
            checked={isChecked(draft.activityForProfit)}
            onChange={(event) => actions.setField('activityForProfit', checkedValue(event.currentTarget.checked))}
          />
          A for-profit business
        </label>
      </fieldset>
      <div className="ok-service-hours__ruling" id={`${id}-ruling`} aria-live="polite">
        {ruling ? (
          ruling.counts ? (
            <p className="ok-service-hours__counts">{HOURS_ACTIVITY_MESSAGES.counts}</p>
          ) : (
            <div className="ok-service-hours__flag" role="note">
              <p>{HOURS_ACTIVITY_MESSAGES.doesNotCount}</p>
              <ul>
                {ruling.reasons.map((reason) => (
                  <li key={reason.ruleId}>
                    {reason.text} <span className="ok-service-hours__source">({reason.source})</span>
                  </li>
                ))}
              </ul>
            </div>
          )
        ) : null}
        {ruling ? <p className="ok-service-hours__source">{rulesVersionLabel(ruling.rules)}</p> : null}
      </div>
      {parentNeeded ? (
        <div className="ok-service-hours__pair">
          <FormField
            label="Parent or guardian’s name"
            hint="A parent or guardian signs the notice and the record of hours of a student under 18"
            error={errorOf('parentName')}
          >
            {(control) => (
              <input
                {...control}
                name="parentName"
                className="ok-service-hours__input"
                type="text"
                maxLength={120}
                value={draft.parentName}
                onChange={set('parentName')}
              />
            )}
          </FormField>
          <FormField label="Parent or guardian’s email" error={errorOf('parentEmail')}>
            {(control) => (
              <input
                {...control}
                name="parentEmail"
                className="ok-service-hours__input"
                type="email"
                autoComplete="off"
                value={draft.parentEmail}
                onChange={set('parentEmail')}
              />
            )}
          </FormField>
        </div>
      ) : null}
    </>
  );
}
