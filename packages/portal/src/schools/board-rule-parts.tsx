import { useId, useState, type FormEvent } from 'react';
import {
  BOARD_AGE_LIMITS,
  BOARD_POLICY_SOURCE,
  BOARD_REASON_MAX_LENGTH,
  BOARD_RULE_MESSAGES,
  HOURS_ACTIVITY_KINDS,
  HOURS_ACTIVITY_LABELS,
  POSTING_TASKS,
  TASK_LABELS,
  WORKPLACE_LABELS,
  WORKPLACE_TYPES,
  packAgeFor,
  type AgeRule,
  type HoursActivityKind,
  type HoursExclusion,
  type PostingTask,
  type WorkplaceType,
  type RulePack,
  type RuleSource,
} from '@opportunity-kit/sdk/domain';
import { FormError } from '@opportunity-kit/widgets';

/** The parts of the board's youth-work rules section: the pack's rules, read-only, and the two forms that add to the board's own. */

/** The pack's rules as the law and policy give them, each with its source (a link where there is one). */
export function PackRules({ pack }: { pack: RulePack }) {
  const rules: { id: string; text: string; source: RuleSource }[] = [
    ...pack.ageRules,
    ...(pack.schoolHours ? [pack.schoolHours] : []),
    ...(pack.minorHours ? [pack.minorHours] : []),
    ...(pack.communityHours?.exclusions ?? []),
  ];
  return (
    <>
      <h3 id="board-pack-rules">
        {pack.name} rules (version {pack.version})
      </h3>
      <ul className="board-rules__list" aria-labelledby="board-pack-rules">
        {rules.map((rule) => (
          <li key={rule.id} className="board-rules__rule">
            {rule.text}{' '}
            <span className="schools__meta">
              Source:{' '}
              {rule.source.url ? (
                <a href={rule.source.url} target="_blank" rel="noreferrer">
                  {rule.source.citation}
                </a>
              ) : (
                rule.source.citation
              )}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** What an exclusion applies to, as the select names it: `for-profit`, `kind:<kind>` or `task:<task>`. */
type ExclusionTarget = 'for-profit' | `kind:${string}` | `task:${string}`;

/** Adds an exclusion from community hours to the draft (saved with the rest). */
export function AddExclusionForm({ disabled, onAdd }: { disabled: boolean; onAdd: (exclusion: HoursExclusion) => void }) {
  const id = useId();
  const [target, setTarget] = useState<ExclusionTarget>('for-profit');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = reasonProblem(reason);
    setError(problem);
    if (problem) return;
    const [by, value] = target.split(':') as [string, string];
    const applies: Pick<HoursExclusion, 'forProfit' | 'kind' | 'task'> =
      by === 'for-profit' ? { forProfit: true } : by === 'kind' ? { kind: value as HoursActivityKind } : { task: value as PostingTask };
    onAdd({ id: '', ...applies, text: reason.trim(), source: BOARD_POLICY_SOURCE });
    setReason('');
  };
  return (
    <form className="portal-form board-rules__add" aria-label="Add an exclusion from community hours" onSubmit={submit} noValidate>
      <h4>Add an exclusion from community hours</h4>
      <div className="portal-field">
        <label htmlFor={`${id}-target`}>What does not count</label>
        <select
          id={`${id}-target`}
          className="portal-field__input"
          value={target}
          disabled={disabled}
          onChange={(event) => setTarget(event.target.value as ExclusionTarget)}
        >
          <option value="for-profit">Every for-profit organisation</option>
          {HOURS_ACTIVITY_KINDS.map((kind) => (
            <option key={kind} value={`kind:${kind}`}>
              Activity: {HOURS_ACTIVITY_LABELS[kind]}
            </option>
          ))}
          {POSTING_TASKS.map((task) => (
            <option key={task} value={`task:${task}`}>
              Task: {TASK_LABELS[task]}
            </option>
          ))}
        </select>
      </div>
      <ReasonField id={`${id}-reason`} value={reason} disabled={disabled} onChange={setReason} />
      <FormError className="portal-alert" message={error} />
      <div className="schools__actions">
        <button type="submit" className="portal-button" disabled={disabled}>
          Add exclusion
        </button>
      </div>
    </form>
  );
}

/** Adds an older age for a workplace or a task to the draft; never younger than the pack allows (the server checks too). */
export function AddAgeRuleForm({ pack, disabled, onAdd }: { pack: RulePack; disabled: boolean; onAdd: (rule: AgeRule) => void }) {
  const id = useId();
  const [target, setTarget] = useState<string>(`workplace:${WORKPLACE_TYPES[0]}`);
  const [age, setAge] = useState('16');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const minimumAge = Number(age);
    const [by, value] = target.split(':') as [string, string];
    const applies: Pick<AgeRule, 'workplaces' | 'tasks'> = by === 'workplace' ? { workplaces: [value as WorkplaceType] } : { tasks: [value as PostingTask] };
    const lawAge = packAgeFor(pack, applies.workplaces ?? [], applies.tasks ?? []);
    const problem =
      !Number.isInteger(minimumAge) || minimumAge < BOARD_AGE_LIMITS.min || minimumAge > BOARD_AGE_LIMITS.max
        ? BOARD_RULE_MESSAGES.ageOutOfRange
        : minimumAge < lawAge.age
          ? `${pack.name}’s rules already set age ${lawAge.age} for ${lawAge.label}; the board may only ask for an older age`
          : reasonProblem(reason);
    setError(problem);
    if (problem) return;
    onAdd({ id: '', minimumAge, ...applies, text: reason.trim(), source: BOARD_POLICY_SOURCE });
    setReason('');
  };
  return (
    <form className="portal-form board-rules__add" aria-label="Add an older age" onSubmit={submit} noValidate>
      <h4>Add an older age</h4>
      <div className="portal-field">
        <label htmlFor={`${id}-target`}>Workplace or task</label>
        <select id={`${id}-target`} className="portal-field__input" value={target} disabled={disabled} onChange={(event) => setTarget(event.target.value)}>
          {WORKPLACE_TYPES.map((workplace) => (
            <option key={workplace} value={`workplace:${workplace}`}>
              Workplace: {WORKPLACE_LABELS[workplace]}
            </option>
          ))}
          {POSTING_TASKS.map((task) => (
            <option key={task} value={`task:${task}`}>
              Task: {TASK_LABELS[task]}
            </option>
          ))}
        </select>
      </div>
      <div className="portal-field">
        <label htmlFor={`${id}-age`}>From age</label>
        <input
          id={`${id}-age`}
          className="portal-field__input"
          type="number"
          inputMode="numeric"
          min={BOARD_AGE_LIMITS.min}
          max={BOARD_AGE_LIMITS.max}
          value={age}
          disabled={disabled}
          onChange={(event) => setAge(event.target.value)}
        />
      </div>
      <ReasonField id={`${id}-reason`} value={reason} disabled={disabled} onChange={setReason} />
      <FormError className="portal-alert" message={error} />
      <div className="schools__actions">
        <button type="submit" className="portal-button" disabled={disabled}>
          Add age rule
        </button>
      </div>
    </form>
  );
}

function ReasonField({ id, value, disabled, onChange }: { id: string; value: string; disabled: boolean; onChange: (value: string) => void }) {
  return (
    <div className="portal-field">
      <label htmlFor={id}>The board’s reason</label>
      <textarea
        id={id}
        className="portal-field__input"
        rows={2}
        maxLength={BOARD_REASON_MAX_LENGTH}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function reasonProblem(reason: string): string | null {
  const text = reason.trim();
  if (text === '') return BOARD_RULE_MESSAGES.reasonMissing;
  return text.length > BOARD_REASON_MAX_LENGTH ? BOARD_RULE_MESSAGES.reasonTooLong : null;
}
