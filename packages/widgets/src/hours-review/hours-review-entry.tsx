import { useId, useRef, useState, type FormEvent } from 'react';
import type { ServiceHoursEntry } from '@opportunity-kit/sdk';
import { formatHours, HOURS_LIMITS, hoursCheckLines, spokenDate, type HoursReviewDecision } from '@opportunity-kit/sdk/domain';
import { FormError, FormField, useFocusFirstInvalid } from '../shared/form-field.tsx';
import type { HoursReviewDraft, HoursReviewProgress } from './hours-review-model.ts';

const DECISIONS: ReadonlyArray<{ value: HoursReviewDecision; label: string }> = [
  { value: 'approved', label: 'Approve' },
  { value: 'partial', label: 'Partially approve' },
  { value: 'declined', label: 'Decline' },
];

/** The supervisor's answer as the queue flags it: confirmed is ready, disputed needs a follow-up. */
function supervisorAnswer(entry: ServiceHoursEntry): string {
  const when = entry.supervisorAnsweredAt ? ` on ${spokenDate(entry.supervisorAnsweredAt) ?? entry.supervisorAnsweredAt}` : '';
  if (entry.status === 'confirmed') return `Confirmed${when}`;
  if (entry.status === 'disputed') return `Disputed${when}`;
  return 'No answer yet';
}

interface HoursReviewEntryProps {
  entry: ServiceHoursEntry;
  /** The last decision, which concerns this entry when its `entryId` is this entry's. */
  progress: HoursReviewProgress;
  onReview(draft: HoursReviewDraft): void;
}

/** One entry of the queue: its facts, the supervisor's answer, and the teacher's decision form. */
export function HoursReviewEntry({ entry, progress, onReview }: HoursReviewEntryProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const [draft, setDraft] = useState<HoursReviewDraft>({ decision: undefined, hours: '', comment: '' });
  const mine = progress.state !== 'idle' && progress.state !== 'saved' && progress.entryId === entry.id;
  const saving = mine && progress.state === 'saving';
  const refused = mine && progress.state === 'refused' ? progress : null;
  useFocusFirstInvalid(form, refused);
  const change = (patch: Partial<HoursReviewDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onReview(draft);
  };
  const decisionError = refused?.errors.decision ?? null;
  const needsComment = draft.decision === 'partial' || draft.decision === 'declined';
  const student = entry.studentName || entry.studentEmail;

  return (
    <article className="ok-hours-review__entry" data-status={entry.status} aria-labelledby={`${id}-title`}>
      <header className="ok-hours-review__entry-header">
        <h3 className="ok-hours-review__entry-title" id={`${id}-title`}>
          {student} · {entry.organisation}
        </h3>
        <span className="ok-hours-review__flag" data-status={entry.status}>
          {entry.status === 'disputed' ? 'Disputed by the supervisor' : entry.status === 'confirmed' ? 'Confirmed' : 'Waiting for the supervisor'}
        </span>
      </header>
      <dl className="ok-hours-review__facts">
        <Fact term="Student" value={student} />
        <Fact term="Organisation" value={entry.organisation} />
        <Fact term="Activity" value={entry.activity} wide />
        <Fact term="Date" value={spokenDate(entry.date) ?? entry.date} />
        <Fact term="Hours" value={formatHours(entry.hours)} />
        <Fact term="Supervisor" value={`${entry.supervisorName} (${entry.supervisorEmail})`} wide />
        <Fact term="Supervisor’s answer" value={supervisorAnswer(entry)} />
        {entry.disputeReason ? <Fact term="Why the supervisor disputed" value={entry.disputeReason} wide /> : null}
        {hoursCheckLines(entry.checks).map((line) => (
          <Fact key={line.term} term={line.term} value={line.value} wide />
        ))}
        <Fact term="Reflection" value={entry.reflection ?? 'No reflection'} wide />
      </dl>
      <form ref={form} className="ok-hours-review__form" noValidate onSubmit={submit} aria-label={`Decision on ${student}’s hours at ${entry.organisation}`}>
        <fieldset
          className="ok-hours-review__decisions"
          aria-invalid={decisionError ? true : undefined}
          aria-describedby={decisionError ? `${id}-decision-error` : undefined}
          tabIndex={decisionError ? -1 : undefined}
        >
          <legend className="ok-form-field__label">Decision</legend>
          {DECISIONS.map((option) => (
            <label key={option.value} className="ok-hours-review__decision">
              <input
                type="radio"
                name={`${id}-decision`}
                value={option.value}
                checked={draft.decision === option.value}
                onChange={() => change({ decision: option.value })}
              />
              {option.label}
            </label>
          ))}
          {decisionError ? (
            <p className="ok-form-field__error" id={`${id}-decision-error`}>
              {decisionError}
            </p>
          ) : null}
        </fieldset>
        {draft.decision === 'partial' ? (
          <FormField
            label="Hours that count"
            hint={`Fewer than ${formatHours(entry.hours)}, in quarter-hour steps`}
            error={refused?.errors.hours ?? null}
            required
          >
            {(control) => (
              <input
                {...control}
                className="ok-hours-review__hours"
                type="number"
                inputMode="decimal"
                min={HOURS_LIMITS.step}
                max={entry.hours - HOURS_LIMITS.step}
                step={HOURS_LIMITS.step}
                value={draft.hours}
                onChange={(event) => change({ hours: event.target.value })}
              />
            )}
          </FormField>
        ) : null}
        <FormField
          label="Comment for the student"
          hint={needsComment ? 'Required to partially approve or decline' : 'Optional when approving'}
          error={refused?.errors.comment ?? null}
          required={needsComment}
        >
          {(control) => (
            <textarea
              {...control}
              className="ok-hours-review__comment"
              rows={2}
              maxLength={HOURS_LIMITS.reviewComment}
              value={draft.comment}
              onChange={(event) => change({ comment: event.target.value })}
            />
          )}
        </FormField>
        <FormError message={refused?.message ?? null} />
        <button type="submit" className="ok-hours-review__save ok-pill-button" disabled={saving}>
          {saving ? 'Saving…' : 'Save decision'}
        </button>
      </form>
    </article>
  );
}

function Fact({ term, value, wide = false }: { term: string; value: string; wide?: boolean }) {
  return (
    <div className="ok-hours-review__fact" data-wide={wide || undefined}>
      <dt>{term}</dt>
      <dd>{value}</dd>
    </div>
  );
}
