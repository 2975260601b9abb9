import { useCallback, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import type { JoinRequest, MySchools, School } from '@opportunity-kit/sdk';
import { LISTING_ROUTES, SCHOOL_MESSAGES } from '@opportunity-kit/sdk/domain';
import { FormError } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember, useSession } from '../session/session-context.tsx';
import { messageOf, useLoaded } from './use-loaded.ts';
import '../auth/auth-form.css';
import './schools.css';

/**
 * /waiting: where a verified staff address that no school has added waits, and where a student
 * who signed up alone asks to join their school. Either picks a school and asks; the school's staff
 * decide, and the member is mailed. A student meanwhile browses public postings.
 */
export function WaitingPage() {
  const member = useMember();
  const portal = usePortal();
  const load = useCallback(async () => {
    const [mine, schools] = await Promise.all([portal.schools.mine(), portal.schools.list()]);
    return { mine, schools };
  }, [portal]);
  const { state, reload } = useLoaded(load);
  const student = member.role === 'student';
  const title = student ? 'Join your school' : SCHOOL_MESSAGES.awaitingSchool;

  if (state.phase === 'loading') return <Page title={title}>{<p className="portal-loading">Loading schools…</p>}</Page>;
  if (state.phase === 'failed') return <Page title={title}>{<p className="portal-alert">{state.message}</p>}</Page>;
  const { mine, schools } = state.value;
  const joined = joinedSchool(mine, student);
  if (joined) {
    return (
      <Page title={title}>
        <div className="ok-confirmation" role="status">
          <p>You belong to {joined}.</p>
          <p>
            <Link to="/landing">Go to your home page</Link>
          </p>
        </div>
      </Page>
    );
  }
  return (
    <Page title={title}>
      <div className="schools">
        <p>
          {student
            ? 'Your school confirms each student who signs up alone. Pick your school and ask to join; until its staff confirm you, you can browse public postings.'
            : 'Your address is a staff address, but no school has added you to its staff yet, so your account has no staff powers. Pick your school and ask to join; its administrators decide and give you your role.'}
        </p>
        {mine.request ? <PendingRequest request={mine.request} schools={schools} /> : null}
        <AskToJoin schools={schools} request={mine.request} onAsked={reload} />
        <CheckAgain onChecked={reload} />
        {student ? (
          <p>
            <Link className="portal-button" to={LISTING_ROUTES.Job}>
              Browse public postings
            </Link>
          </p>
        ) : null}
      </div>
    </Page>
  );
}

/** The school the member already belongs to as what this page is for, if any. */
function joinedSchool(mine: MySchools, student: boolean): string | undefined {
  const membership = mine.memberships.find((each) => (student ? each.student : each.staffRoles.length > 0));
  return membership?.schoolName;
}

function PendingRequest({ request, schools }: { request: JoinRequest; schools: School[] }) {
  const school = schools.find((each) => each.id === request.schoolId);
  return (
    <p className="ok-confirmation" role="status">
      You asked to join {school?.name ?? 'a school'} on {new Date(request.createdAt).toLocaleDateString('en-CA')}. Its staff will confirm it; we’ll e-mail you
      when they do.
    </p>
  );
}

function AskToJoin({ schools, request, onAsked }: { schools: School[]; request: JoinRequest | null; onAsked: () => void }) {
  const portal = usePortal();
  const [schoolId, setSchoolId] = useState(request?.schoolId ?? '');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  if (schools.length === 0) return <p className="schools__empty">The board has no schools yet. Please try again later.</p>;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!schoolId) {
      setError('Please choose your school.');
      return;
    }
    setBusy(true);
    setError(null);
    setSent(false);
    try {
      await portal.schools.requestToJoin(schoolId);
      setSent(true);
      onAsked();
    } catch (thrown) {
      setError(messageOf(thrown));
    } finally {
      setBusy(false);
    }
  };
  return (
    <form className="portal-form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy}>
      <div className="portal-field">
        <label htmlFor="join-school">Your school</label>
        <select id="join-school" className="portal-field__input" value={schoolId} onChange={(event) => setSchoolId(event.target.value)} disabled={busy}>
          <option value="">Choose your school</option>
          {schools.map((school) => (
            <option key={school.id} value={school.id}>
              {school.name}
            </option>
          ))}
        </select>
      </div>
      <FormError className="portal-alert" message={error} />
      {sent ? (
        <p className="ok-confirmation" role="status">
          {SCHOOL_MESSAGES.requestSent}
        </p>
      ) : null}
      <div className="schools__actions">
        <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
          {busy ? 'Sending…' : request ? 'Ask this school instead' : 'Ask to join'}
        </button>
      </div>
    </form>
  );
}

/** Asks the server again: a school may have taken the member in since the page opened (the role label follows the membership). */
function CheckAgain({ onChecked }: { onChecked: () => void }) {
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const check = async () => {
    setBusy(true);
    try {
      await session.refresh();
    } catch {
      // The page's own reload reports a server that cannot be reached.
    }
    onChecked();
    setBusy(false);
  };
  return (
    <p>
      <button type="button" className="portal-button" onClick={() => void check()} disabled={busy}>
        {busy ? 'Checking…' : 'Check again'}
      </button>
    </p>
  );
}
