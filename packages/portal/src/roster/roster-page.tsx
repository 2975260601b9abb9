import { useState, type ChangeEvent, type FormEvent } from 'react';
import type { RosterOutcome, RosterResult } from '@opportunity-kit/sdk';
import { ROSTER_MAX_ROWS, ROSTER_OUTCOME_LABELS } from '@opportunity-kit/sdk/domain';
import { FormError } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { ActingSchoolPicker, useActingSchool } from '../schools/acting-school.tsx';
import { SchoolRules } from '../schools/school-rules.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';
import { ResendLinkForm } from './resend-link-form.tsx';
import { saveRosterResults } from './save-results.ts';
import { useRosterImport, type RosterImportState } from './use-roster-import.ts';
import '../auth/auth-form.css';
import './roster-page.css';

const OUTCOMES = Object.keys(ROSTER_OUTCOME_LABELS) as RosterOutcome[];

/** What a confirmed import will do with each row, in the preview's words (the outcomes say what it did). */
const PREVIEW_LABELS: Readonly<Record<RosterOutcome, string>> = {
  created: 'New: an account will be created and invited',
  'invited-again': 'Existing, no password yet: will be invited again',
  'already-member': 'Existing: already a member',
  'other-school': ROSTER_OUTCOME_LABELS['other-school'],
  'invalid-address': 'Invalid: not an e-mail address',
  'not-school-address': 'Invalid: not a school address',
  'missing-name': 'Invalid: name missing',
  'invalid-graduation-year': `Invalid: ${ROSTER_OUTCOME_LABELS['invalid-graduation-year'].toLowerCase()}`,
  'invalid-birth-month': `Invalid: ${ROSTER_OUTCOME_LABELS['invalid-birth-month'].toLowerCase()}`,
};

/** The preview's groups, in the order the summary names them. */
const PREVIEW_GROUPS: ReadonlyArray<{ name: string; outcomes: readonly RosterOutcome[] }> = [
  { name: 'new', outcomes: ['created'] },
  { name: 'existing', outcomes: ['invited-again', 'already-member'] },
  { name: 'of another school', outcomes: ['other-school'] },
  { name: 'invalid', outcomes: ['invalid-address', 'not-school-address', 'missing-name', 'invalid-graduation-year', 'invalid-birth-month'] },
];

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

function RosterProgress({ state, onConfirm }: { state: RosterImportState; onConfirm(): void }) {
  if (state.phase === 'idle' || state.phase === 'refused') return null;
  const { total, results, mode } = state;
  const preview = mode === 'preview';
  return (
    <section className="roster__results" aria-label={preview ? 'Import preview' : 'Import results'}>
      <div className="roster__progress">
        <progress
          id="roster-progress"
          max={total}
          value={results.length}
          aria-label={preview ? 'Rows checked' : 'Rows imported'}
          aria-valuetext={`${results.length} of ${total} rows`}
        />
        <label htmlFor="roster-progress">
          {results.length} of {total} rows
        </label>
      </div>
      {state.phase === 'done' && preview ? <PreviewSummary results={results} /> : null}
      {state.phase === 'done' && preview ? (
        <button type="button" className="portal-button portal-button--primary" onClick={onConfirm}>
          Confirm import
        </button>
      ) : null}
      {state.phase === 'done' && !preview ? <RosterSummary results={results} /> : null}
      {!preview && results.length > 0 ? (
        <button type="button" className="portal-button" onClick={() => saveRosterResults(results)} disabled={state.phase === 'importing'}>
          Download results (CSV)
        </button>
      ) : null}
      <div className="roster__table-scroll">
        <table className="roster__table">
          <caption className="ok-visually-hidden">Outcome of each row</caption>
          <thead>
            <tr>
              <th scope="col">Line</th>
              <th scope="col">Email</th>
              <th scope="col">Name</th>
              <th scope="col">{preview ? 'What will happen' : 'Outcome'}</th>
            </tr>
          </thead>
          <tbody>
            {results.map((result) => (
              <tr key={result.line} data-outcome={result.outcome}>
                <td>{result.line}</td>
                <td className="roster__email">{result.email}</td>
                <td>{result.name}</td>
                <td>{(preview ? PREVIEW_LABELS : ROSTER_OUTCOME_LABELS)[result.outcome]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function PreviewSummary({ results }: { results: readonly RosterResult[] }) {
  const counts = PREVIEW_GROUPS.map(({ name, outcomes }) => ({ name, count: results.filter((result) => outcomes.includes(result.outcome)).length })).filter(
    ({ count }) => count > 0,
  );
  return (
    <p className="roster__summary" role="status">
      Preview: {counts.map(({ name, count }) => `${count} ${name}`).join(' · ')}. Nothing is created until you confirm.
    </p>
  );
}

function RosterSummary({ results }: { results: readonly RosterResult[] }) {
  const counts = OUTCOMES.map((outcome) => ({ outcome, count: results.filter((result) => result.outcome === outcome).length })).filter(
    ({ count }) => count > 0,
  );
  return (
    <p className="roster__summary" role="status">
      Import finished: {counts.map(({ outcome, count }) => `${ROSTER_OUTCOME_LABELS[outcome]}: ${count}`).join(' · ')}.
    </p>
  );
}
