import { useState, type ChangeEvent, type FormEvent } from 'react';
import { ROSTER_MAX_ROWS } from '@opportunity-kit/sdk/domain';
import { FormError } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { ActingSchoolPicker, useActingSchool } from '../schools/acting-school.tsx';
import { SchoolRules } from '../schools/school-rules.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';
import { ResendLinkForm } from './resend-link-form.tsx';
import { RosterProgress } from './roster-progress.tsx';
import { useRosterImport } from './use-roster-import.ts';
import '../auth/auth-form.css';
import './roster-page.css';

/**
 * /roster: a teacher imports a class from CSV (every student gets an account and an invitation to set
 * a password), after a preview of what each row will do, and sends one student a new link when
 * theirs was used, has expired or is forgotten.
 */
export function RosterPage() {
  const member = useMember();
  return (
    <Page title="Roster">
      {member.role === 'teacher' ? (
        <>
          <SchoolRules />
          <RosterImportForm />
          <ResendLinkForm />
        </>
      ) : (
        <p className="portal-alert">Only teachers can import a roster.</p>
      )}
    </Page>
  );
}

function RosterImportForm() {
  const portal = usePortal();
  const { state, start, reset } = useRosterImport(portal.roster);
  const acting = useActingSchool();
  const [text, setText] = useState('');
  const busy = state.phase === 'importing';
  // New text makes the last refusal and preview stale: they were about other lines.
  const changeText = (next: string) => {
    setText(next);
    reset();
  };

  const chooseFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // A UTF-8 file keeps its byte order mark here; parseRoster reads past it.
    if (file) changeText(await file.text());
  };
  // Nothing is created on the first submit: the teacher sees every row's outcome and confirms.
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void start(text, 'preview', acting.schoolId);
  };
  const confirm = () => void start(text, 'import', acting.schoolId);

  return (
    <div className="roster">
      <p className="roster__intro">
        One student per line: <code>email,name</code>, or <code>email,name,graduation year</code> to see your students&apos; hours by graduation year on your
        home page, and <code>email,name,graduation year,birth month</code> (such as <code>2011-06</code>) so that each student sees the work their age allows;
        nobody but the rules reads it (a header line is optional; put names with commas in quotes). Up to {ROSTER_MAX_ROWS.toLocaleString('en-US')} students.
        Each new student gets an e-mail with a link to set a password; importing the file again sends a new link to every student who has not set one yet.
      </p>
      <form className="portal-form roster__form" onSubmit={submit} noValidate aria-busy={busy}>
        <ActingSchoolPicker acting={acting} label="Import into" />
        <div className="ok-form-field portal-field">
          <label className="ok-form-field__label" htmlFor="roster-file">
            CSV file
          </label>
          <input
            id="roster-file"
            className="portal-field__input roster__file"
            type="file"
            accept=".csv,text/csv,text/plain"
            onChange={(event) => void chooseFile(event)}
            disabled={busy}
          />
        </div>
        <div className="ok-form-field portal-field">
          <label className="ok-form-field__label" htmlFor="roster-text">
            Or paste the lines
          </label>
          <textarea
            id="roster-text"
            className="portal-field__input roster__text"
            rows={8}
            value={text}
            onChange={(event) => changeText(event.target.value)}
            disabled={busy}
            spellCheck={false}
            placeholder={'email,name\n1001@school.example,Ana Lee'}
          />
        </div>
        <FormError className="portal-alert" message={state.phase === 'refused' || state.phase === 'failed' ? state.message : null} />
        <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
          {state.phase === 'importing' && state.mode === 'preview' ? 'Checking…' : 'Preview import'}
        </button>
      </form>
      <RosterProgress state={state} onConfirm={confirm} />
    </div>
  );
}
