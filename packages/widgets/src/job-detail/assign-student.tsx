import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES, type Job } from '@opportunity-kit/sdk/domain';
import type { JobActionState } from './job-detail-model.ts';

export interface AssignStudentProps {
  job: Job;
  state: JobActionState;
  onAssign(studentEmail: string): void;
  /** The editor opened or closed: a previous result no longer applies. */
  onReset(): void;
}

/**
 * The teacher's "Assign Job to Student" / "Change Student Assignment for Job" control: a button that
 * opens an e-mail field (empty clears the assignment). Focus moves into the field when it opens and
 * back to the button when it closes; the result is announced in a live region.
 */
export function AssignStudent({ job, state, onAssign, onReset }: AssignStudentProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState(job.assignedStudentEmail ?? '');
  const toggle = useRef<HTMLButtonElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const label = job.assignedStudentEmail ? 'Change Student Assignment for Job' : 'Assign Job to Student';

  const close = useCallback(() => {
    setOpen(false);
    toggle.current?.focus();
  }, []);
  useEffect(() => {
    if (open) input.current?.focus();
  }, [open]);
  // The editor closes when an assignment finishes, not when it is reopened after one: only a change of
  // status counts, so a `done` left from the last assignment does not close it again.
  const lastStatus = useRef(state.status);
  useEffect(() => {
    const changed = lastStatus.current !== state.status;
    lastStatus.current = state.status;
    if (changed && state.status === 'done' && open) close();
  }, [state.status, open, close]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onAssign(email);
  };
  const failed = state.status === 'failed' ? state : null;
  return (
    <div className="ok-job-detail__assign">
      <button
        ref={toggle}
        className="ok-job-detail__button ok-primary-button ok-job-detail__button--secondary"
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => {
          onReset();
          setEmail(job.assignedStudentEmail ?? '');
          setOpen(!open);
        }}
      >
        {label}
      </button>
      {open ? (
        <form
          className="ok-job-detail__assign-form"
          id={`${id}-form`}
          onSubmit={submit}
          aria-label={label}
          noValidate
          onKeyDown={(event) => event.key === 'Escape' && close()}
        >
          <label htmlFor={`${id}-email`}>Student e-mail</label>
          <input
            ref={input}
            id={`${id}-email`}
            className="ok-job-detail__input"
            type="email"
            autoComplete="off"
            value={email}
            aria-invalid={failed?.fieldError ? true : undefined}
            aria-describedby={`${id}-hint${failed?.fieldError ? ` ${id}-error` : ''}`}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <span className="ok-job-detail__hint" id={`${id}-hint`}>
            Leave it empty to clear the assignment.
          </span>
          {failed?.fieldError ? (
            <span className="ok-job-detail__field-error" id={`${id}-error`}>
              {failed.fieldError}
            </span>
          ) : null}
          <div className="ok-job-detail__row">
            <button className="ok-job-detail__button ok-primary-button" type="submit" aria-disabled={state.status === 'pending'}>
              {state.status === 'pending' ? 'Saving…' : 'Save assignment'}
            </button>
            <button className="ok-job-detail__button ok-primary-button ok-job-detail__button--quiet" type="button" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      <p className="ok-job-detail__result" role="status" data-state={state.status}>
        {state.status === 'done' ? state.message : ''}
      </p>
      {failed ? (
        <p className="ok-job-detail__failure" role="alert">
          {failed.message || MESSAGES.assignFailed}
        </p>
      ) : null}
    </div>
  );
}
