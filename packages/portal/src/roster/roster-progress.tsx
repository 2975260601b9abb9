import type { RosterOutcome, RosterResult } from '@opportunity-kit/sdk';
import { ROSTER_OUTCOME_LABELS } from '@opportunity-kit/sdk/domain';
import { saveRosterResults } from './save-results.ts';
import type { RosterImportState } from './use-roster-import.ts';

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

const count = (n: number): string => n.toLocaleString('en-US');

/**
 * A preview's or an import's progress and each row's outcome as it arrives: the progress bar with the
 * rows answered so far ("Importing 600 of 2,000 students…"), a status region that a screen reader
 * reads at each tenth of the file (not at every part, which would be too often to follow), and once
 * every row is answered the summary, the confirm button of a preview and the download of an import.
 */
export function RosterProgress({ state, onConfirm }: { state: RosterImportState; onConfirm(): void }) {
  if (state.phase === 'idle' || state.phase === 'refused') return null;
  const { total, results, mode } = state;
  const preview = mode === 'preview';
  const importing = state.phase === 'importing';
  const done = results.length;
  const tenths = total === 0 ? 10 : Math.floor((done * 10) / total);
  const verb = preview ? 'Checking' : 'Importing';
  return (
    <section className="roster__results" aria-label={preview ? 'Import preview' : 'Import results'}>
      <div className="roster__progress" data-state={state.phase}>
        <progress
          id="roster-progress"
          max={total}
          value={done}
          aria-label={preview ? 'Rows checked' : 'Rows imported'}
          aria-valuetext={`${count(done)} of ${count(total)} rows`}
        />
        <label htmlFor="roster-progress">{importing ? `${verb} ${count(done)} of ${count(total)} students…` : `${count(done)} of ${count(total)} rows`}</label>
        <p className="ok-visually-hidden" role="status">
          {importing ? (tenths === 0 ? `${verb} ${count(total)} students…` : `${verb}: ${tenths * 10}% done`) : ''}
        </p>
      </div>
      {state.phase === 'done' && preview ? <PreviewSummary results={results} /> : null}
      {state.phase === 'done' && preview ? (
        <button type="button" className="portal-button portal-button--primary" onClick={onConfirm}>
          Confirm import
        </button>
      ) : null}
      {state.phase === 'done' && !preview ? <RosterSummary results={results} /> : null}
      {!preview && done > 0 ? (
        <button type="button" className="portal-button" onClick={() => saveRosterResults(results)} disabled={importing}>
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
