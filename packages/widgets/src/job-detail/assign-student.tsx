import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { MESSAGES, type Job } from '@opportunity-kit/sdk/domain';
import type { JobActionState, JobDetailActions } from './job-detail-model.ts';
import { StudentPicker, type FindStudents } from './student-picker.tsx';

export interface AssignStudentProps {
  job: Job;
  /** The last assignment: pending, its confirmation, or why it failed. */
  assignment: JobActionState;
  /** Sends the e-mail; forgets the previous result when the editor opens or closes. */
  actions: Pick<JobDetailActions, 'assign' | 'resetAssignment'>;
  /** Lists the teacher's school's students by name as they type; without it the field takes an e-mail only. */
  findStudents?: FindStudents | undefined;
}

/**
 * The teacher's "Assign Job to Student" / "Change Student Assignment for Job" control (the spec's
 * texts, the same for every posting type): a button that opens a field where the teacher picks one of
 * their school's students by name, or types an e-mail (empty clears the assignment). Focus moves into the field when it opens and
 * back to the button when it closes; the result is announced in a live region.
 */
export function AssignStudent({ job, assignment, actions, findStudents }: AssignStudentProps) {
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
  const lastStatus = useRef(assignment.status);
  useEffect(() => {
    const changed = lastStatus.current !== assignment.status;
    lastStatus.current = assignment.status;
    if (changed && assignment.status === 'done' && open) close();
  }, [assignment.status, open, close]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    actions.assign(email);
  };
  const failed = assignment.status === 'failed' ? assignment : null;
  // A refused e-mail is said once, under the field, with the spec's words first; the alert below the
  // buttons is for failures that are not about the e-mail (and for a refusal once the editor closed).
  const fieldError = open && failed?.fieldError ? `${failed.message || MESSAGES.assignFailed}: ${failed.fieldError}` : null;
  return (
    <div className="ok-job-detail__assign">
      <button
        ref={toggle}
        className="ok-job-detail__button ok-primary-button ok-job-detail__button--secondary"
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-form`}
        onClick={() => {
          actions.resetAssignment();
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
          <label htmlFor={`${id}-email`}>{findStudents ? 'Student name or e-mail' : 'Student e-mail'}</label>
          {findStudents ? (
            <StudentPicker
              id={id}
              value={email}
              onChange={setEmail}
              findStudents={findStudents}
              inputRef={input}
              invalid={fieldError !== null}
              describedBy={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
            />
          ) : (
            <input
              ref={input}
              id={`${id}-email`}
              className="ok-job-detail__input"
              type="email"
              autoComplete="off"
              value={email}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={`${id}-hint${fieldError ? ` ${id}-error` : ''}`}
              onChange={(event) => setEmail(event.currentTarget.value)}
            />
          )}
          <span className="ok-job-detail__hint" id={`${id}-hint`}>
            {findStudents ? 'Type part of a name to pick from your school’s students, or their e-mail. ' : ''}Leave it empty to clear the assignment.
          </span>
          {fieldError ? (
            <span className="ok-job-detail__field-error" id={`${id}-error`} role="alert">
              {fieldError}
            </span>
          ) : null}
          <div className="ok-job-detail__row">
            <button className="ok-job-detail__button ok-primary-button" type="submit" aria-disabled={assignment.status === 'pending'}>
              {assignment.status === 'pending' ? 'Saving…' : 'Save assignment'}
            </button>
            <button className="ok-job-detail__button ok-primary-button ok-job-detail__button--quiet" type="button" onClick={close}>
              Cancel
            </button>
          </div>
        </form>
      ) : null}
      <p className="ok-job-detail__result" role="status" data-state={assignment.status}>
        {assignment.status === 'done' ? assignment.message : ''}
      </p>
      {failed && !fieldError ? (
        <p className="ok-job-detail__failure" role="alert">
          {failed.message || MESSAGES.assignFailed}
        </p>
      ) : null}
    </div>
  );
}
