import { useId } from 'react';
import {
  checkPostingRules,
  DEFAULT_BOARD_RULES,
  formatMoney,
  PAY_UNITS,
  POSTING_TASKS,
  rulesVersionLabel,
  TASK_LABELS,
  WEEKDAYS,
  WORKPLACE_LABELS,
  WORKPLACE_TYPES,
  type BoardRules,
  type DateString,
  type PostingRuleDetails,
  type PostingRuleInput,
  type PostingType,
  type Weekday,
} from '@opportunity-kit/sdk/domain';
import { labelledOptions } from '../shared/labelled-options.tsx';
import { FormField } from '../shared/form-field.tsx';

/** The youth-work rule fields as the form's inputs hold them (issue 26). @public */
export interface PostingRuleFormValues {
  /** One of `WORKPLACE_TYPES`, or empty when not listed. */
  workplace: string;
  /** The tasks involved, from `POSTING_TASKS`. */
  tasks: readonly string[];
  /** The days of the week it runs, from `WEEKDAYS`. */
  scheduleDays: readonly string[];
  /** From, `HH:MM`. */
  scheduleStart: string;
  /** To, `HH:MM`. */
  scheduleEnd: string;
  /** Hours a week, as typed. */
  hoursPerWeek: string;
  /** Paid work (never Volunteering). */
  paid: boolean;
  /** The pay as a number, as typed. */
  payRate: string;
  /** What the pay is per: one of `PAY_UNITS` (hour by default). */
  payUnit: string;
  /** Whether the organisation is a for-profit business. */
  forProfit: boolean;
  /** An older age the poster asks for, as typed. */
  declaredMinimumAge: string;
}

/** Nothing said about the rules yet: paid, no workplace, no schedule. @public */
export const NO_RULE_VALUES: PostingRuleFormValues = {
  workplace: '',
  tasks: [],
  scheduleDays: [],
  scheduleStart: '',
  scheduleEnd: '',
  hoursPerWeek: '',
  paid: true,
  payRate: '',
  payUnit: 'hour',
  forProfit: false,
  declaredMinimumAge: '',
};

const DAY_NAMES: Readonly<Record<Weekday, string>> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** A saved posting's rule details as the inputs hold them. */
export function ruleFormValues(details: PostingRuleDetails | undefined): PostingRuleFormValues {
  if (!details) return NO_RULE_VALUES;
  const text = (value: number | null) => (value === null ? '' : String(value));
  return {
    workplace: details.workplace ?? '',
    tasks: details.tasks,
    scheduleDays: details.schedule.days,
    scheduleStart: details.schedule.start ?? '',
    scheduleEnd: details.schedule.end ?? '',
    hoursPerWeek: text(details.schedule.hoursPerWeek),
    paid: details.paid,
    payRate: text(details.payRate),
    payUnit: details.payUnit ?? 'hour',
    forProfit: details.forProfit === true,
    declaredMinimumAge: text(details.declaredMinimumAge),
  };
}

/** The rule fields the form sends (a number not typed is not sent; Volunteering is never paid). */
export function ruleInputOf(values: PostingRuleFormValues, postingType: PostingType): PostingRuleInput {
  const number = (text: string) => (text.trim() === '' ? null : Number(text));
  const paid = postingType !== 'Volunteering' && values.paid;
  return {
    workplace: values.workplace || null,
    tasks: values.tasks,
    scheduleDays: values.scheduleDays,
    scheduleStart: values.scheduleStart || null,
    scheduleEnd: values.scheduleEnd || null,
    hoursPerWeek: number(values.hoursPerWeek),
    paid,
    payRate: paid ? number(values.payRate) : null,
    payUnit: paid && values.payRate.trim() !== '' ? values.payUnit || 'hour' : null,
    forProfit: values.forProfit,
    declaredMinimumAge: number(values.declaredMinimumAge),
  };
}

export interface PostingRuleFieldsProps {
  values: PostingRuleFormValues;
  postingType: PostingType;
  startDate: string;
  today: string;
  /** The board's rules (`portal.youthRules.board()`); Ontario's by default. */
  rules?: BoardRules | undefined;
  errors: Partial<Record<keyof PostingRuleInput, string>>;
  onChange(values: PostingRuleFormValues): void;
}

const toggled = (list: readonly string[], value: string, on: boolean) => (on ? [...new Set([...list, value])] : list.filter((item) => item !== value));

/**
 * "Who can take it" (issue 26): where the work happens, the tasks that matter, when, whether it is
 * paid and at what rate, and an older age the poster may ask for; beside it, as the form is filled in,
 * the youngest age the rules allow and why, the pay floor, whether volunteering hours count toward the
 * diploma, and what the law bars (the server refuses it the same way).
 */
export function PostingRuleFields({ values, postingType, startDate, today, rules = DEFAULT_BOARD_RULES, errors, onChange }: PostingRuleFieldsProps) {
  const id = useId();
  const set = (patch: Partial<PostingRuleFormValues>) => onChange({ ...values, ...patch });
  const volunteering = postingType === 'Volunteering';
  const { ruling, errors: ruleErrors } = checkPostingRules(ruleInputOf(values, postingType), { postingType, startDate, rules, today: today as DateString });
  const errorOf = (field: keyof PostingRuleInput) => errors[field] ?? ruleErrors[field] ?? null;
  return (
    <fieldset className="ok-post-form__rules" aria-describedby={`${id}-ruling`}>
      <legend>Who can take it</legend>
      <FormField label="Workplace" error={errorOf('workplace')}>
        {(control) => (
          <select {...control} className="ok-post-form__input" value={values.workplace} onChange={(event) => set({ workplace: event.currentTarget.value })}>
            <option value="">Not listed</option>
            {labelledOptions(WORKPLACE_TYPES, WORKPLACE_LABELS)}
          </select>
        )}
      </FormField>
      <fieldset className="ok-post-form__checks">
        <legend>Tasks involved</legend>
        {POSTING_TASKS.map((task) => (
          <label key={task} className="ok-post-form__choice">
            <input
              type="checkbox"
              checked={values.tasks.includes(task)}
              onChange={(event) => set({ tasks: toggled(values.tasks, task, event.currentTarget.checked) })}
            />
            {TASK_LABELS[task]}
          </label>
        ))}
      </fieldset>
      <fieldset className="ok-post-form__checks ok-post-form__days">
        <legend>Days</legend>
        {WEEKDAYS.map((day) => (
          <label key={day} className="ok-post-form__choice">
            <input
              type="checkbox"
              checked={values.scheduleDays.includes(day)}
              onChange={(event) => set({ scheduleDays: toggled(values.scheduleDays, day, event.currentTarget.checked) })}
            />
            {DAY_NAMES[day]}
          </label>
        ))}
      </fieldset>
      <div className="ok-post-form__pair">
        <FormField label="From" error={errorOf('scheduleStart')}>
          {(control) => (
            <input
              {...control}
              className="ok-post-form__input"
              type="time"
              value={values.scheduleStart}
              onChange={(event) => set({ scheduleStart: event.currentTarget.value })}
            />
          )}
        </FormField>
        <FormField label="To" error={errorOf('scheduleEnd')}>
          {(control) => (
            <input
              {...control}
              className="ok-post-form__input"
              type="time"
              value={values.scheduleEnd}
              onChange={(event) => set({ scheduleEnd: event.currentTarget.value })}
            />
          )}
        </FormField>
        <FormField label="Hours a week" error={errorOf('hoursPerWeek')}>
          {(control) => (
            <input
              {...control}
              className="ok-post-form__input"
              type="number"
              min={0}
              step={0.5}
              value={values.hoursPerWeek}
              onChange={(event) => set({ hoursPerWeek: event.currentTarget.value })}
            />
          )}
        </FormField>
      </div>
      {volunteering ? null : (
        <div className="ok-post-form__pair">
          <label className="ok-post-form__choice">
            <input type="checkbox" checked={values.paid} onChange={(event) => set({ paid: event.currentTarget.checked })} />
            Paid work
          </label>
          {values.paid ? (
            <>
              <FormField label="Pay amount" hint="A number, such as 17.60" error={errorOf('payRate')}>
                {(control) => (
                  <input
                    {...control}
                    className="ok-post-form__input"
                    type="number"
                    min={0}
                    step={0.05}
                    inputMode="decimal"
                    value={values.payRate}
                    onChange={(event) => set({ payRate: event.currentTarget.value })}
                  />
                )}
              </FormField>
              <FormField label="Pay is per" error={errorOf('payUnit')}>
                {(control) => (
                  <select {...control} className="ok-post-form__input" value={values.payUnit} onChange={(event) => set({ payUnit: event.currentTarget.value })}>
                    {PAY_UNITS.map((unit) => (
                      <option key={unit} value={unit}>
                        {unit}
                      </option>
                    ))}
                  </select>
                )}
              </FormField>
            </>
          ) : null}
        </div>
      )}
      <label className="ok-post-form__choice">
        <input type="checkbox" checked={values.forProfit} onChange={(event) => set({ forProfit: event.currentTarget.checked })} />A for-profit business
      </label>
      <FormField label="Only students aged … or older" hint="Optional: the rules may require an older age" error={errorOf('declaredMinimumAge')}>
        {(control) => (
          <input
            {...control}
            className="ok-post-form__input"
            type="number"
            min={14}
            max={25}
            value={values.declaredMinimumAge}
            onChange={(event) => set({ declaredMinimumAge: event.currentTarget.value })}
          />
        )}
      </FormField>
      <div className="ok-post-form__ruling" id={`${id}-ruling`} aria-live="polite">
        {ruling ? (
          <>
            <p>
              <strong>Open from age {ruling.minimumAge}.</strong>{' '}
              {ruling.ageReasons.map((reason) => (
                <span key={reason.ruleId}>
                  {reason.text} <span className="ok-post-form__source">({reason.source})</span>{' '}
                </span>
              ))}
            </p>
            {ruling.payFloor ? (
              <p>
                Pay at least {formatMoney(ruling.payFloor.rate, ruling.payFloor.currency)} an hour: {ruling.payFloor.finding.text}{' '}
                <span className="ok-post-form__source">({ruling.payFloor.finding.source})</span>
              </p>
            ) : null}
            {ruling.communityHours ? (
              ruling.communityHours.counts ? (
                <p>These volunteering hours count toward the diploma’s community involvement hours.</p>
              ) : (
                <p>
                  These hours would not count toward the diploma’s community involvement hours:{' '}
                  {ruling.communityHours.reasons.map((reason) => `${reason.text} (${reason.source})`).join(' ')}
                </p>
              )
            ) : null}
            <p className="ok-post-form__source">{rulesVersionLabel(ruling.rules)}</p>
          </>
        ) : null}
      </div>
    </fieldset>
  );
}
