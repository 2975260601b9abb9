import { useCallback, useState, type FormEvent } from 'react';
import type { School, SchoolFigures, SchoolsModule } from '@opportunity-kit/sdk';
import { SCHOOL_MESSAGES } from '@opportunity-kit/sdk/domain';
import { FormError } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';
import { AddStaffForm } from './add-staff-form.tsx';
import { BoardYouthRules } from './board-youth-rules.tsx';
import { messageOf, useLoaded } from './use-loaded.ts';
import '../auth/auth-form.css';
import './schools.css';

/**
 * /board: the board's administrators list the schools, create one, and give each its first
 * administrator (who then adds the rest of its staff on /school). The server refuses anyone else;
 * this page only says so instead of showing forms that would fail.
 */
export function BoardPage() {
  const member = useMember();
  return <Page title="Schools of the board">{member.boardAdmin ? <Board /> : <p className="portal-alert">{SCHOOL_MESSAGES.onlyBoardAdmins}</p>}</Page>;
}

function Board() {
  const portal = usePortal();
  // Each school with its counts (students, staff, waiting requests): never any student's own data.
  const list = useCallback(() => portal.schools.figures(), [portal]);
  const { state, reload } = useLoaded(list);
  return (
    <div className="schools">
      <CreateSchoolForm schools={portal.schools} onCreated={reload} />
      <section className="schools__section" aria-labelledby="board-schools">
        <h2 id="board-schools">Schools</h2>
        {state.phase === 'loading' ? <p className="portal-loading">Loading schools…</p> : null}
        {state.phase === 'failed' ? <p className="portal-alert">{state.message}</p> : null}
        {state.phase === 'ready' && state.value.length === 0 ? <p className="schools__empty">No schools yet. Create the first one above.</p> : null}
        {state.phase === 'ready' && state.value.length > 0 ? (
          <ul className="schools__list" aria-label="Schools">
            {state.value.map((figures) => (
              <SchoolItem key={figures.schoolId} figures={figures} schools={portal.schools} />
            ))}
          </ul>
        ) : null}
      </section>
      <BoardYouthRules youthRules={portal.youthRules} />
    </div>
  );
}

function CreateSchoolForm({ schools, onCreated }: { schools: SchoolsModule; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<School | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    setCreated(null);
    try {
      setCreated(await schools.create(name));
      setName('');
      onCreated();
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="schools__section" aria-labelledby="board-create">
      <h2 id="board-create">Create a school</h2>
      <form className="portal-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
        <div className="portal-field">
          <label htmlFor="school-name">School name</label>
          <input id="school-name" className="portal-field__input" value={name} onChange={(event) => setName(event.target.value)} disabled={busy} />
        </div>
        <FormError className="portal-alert" message={error} />
        {created ? (
          <p className="ok-confirmation" role="status">
            {created.name} was created. Add its first administrator below.
          </p>
        ) : null}
        <div className="schools__actions">
          <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
            {busy ? 'Creating…' : 'Create school'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** One school: its name, and a form for an administrator (more can be added; the school's own admins add the rest). */
function SchoolItem({ figures, schools }: { figures: SchoolFigures; schools: SchoolsModule }) {
  const [open, setOpen] = useState(false);
  const school = { id: figures.schoolId, name: figures.name };
  return (
    <li className="schools__item" aria-label={school.name}>
      <h3>{school.name}</h3>
      <p className="schools__meta">
        {countOf(figures.students, 'student')} · {countOf(figures.staff, 'staff member')} · {countOf(figures.pendingRequests, 'request', 'waiting')}
      </p>
      {open ? (
        <AddStaffForm
          schools={schools}
          schoolId={school.id}
          submitLabel={`Add administrator to ${school.name}`}
          fixedRoles={['admin']}
          onAdded={() => undefined}
        />
      ) : (
        <div className="schools__actions">
          <button type="button" className="portal-button" onClick={() => setOpen(true)} aria-label={`Add an administrator to ${school.name}`}>
            Add an administrator
          </button>
        </div>
      )}
    </li>
  );
}

/** "1 student", "12 students", "0 requests waiting". */
function countOf(count: number, noun: string, after = ''): string {
  return `${count} ${noun}${count === 1 ? '' : 's'}${after ? ` ${after}` : ''}`;
}
