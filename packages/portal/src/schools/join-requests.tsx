import { useCallback, useId, useState } from 'react';
import type { JoinRequest, JoinRequestDecision, SchoolsModule, StaffRole } from '@opportunity-kit/sdk';
import { FormError } from '@opportunity-kit/widgets';
import { StaffRoleChoices } from './staff-role-choices.tsx';
import { messageOf, useLoaded } from './use-loaded.ts';

/** The school's pending requests to join that the signed-in staff member may decide, oldest first. */
export function JoinRequests({
  schools,
  schoolId,
  decidesStaff,
  onDecided,
}: {
  schools: SchoolsModule;
  schoolId: string;
  decidesStaff: boolean;
  onDecided: () => void;
}) {
  const load = useCallback(() => schools.requests(schoolId), [schools, schoolId]);
  const { state, reload } = useLoaded(load);
  const decided = () => {
    reload();
    onDecided();
  };
  return (
    <section className="schools__section" aria-labelledby="school-requests">
      <h2 id="school-requests">Requests to join</h2>
      <p className="schools__meta">
        {decidesStaff ? 'Staff addresses and students who signed up alone ask to join here.' : 'Students who signed up alone ask to join here.'}
      </p>
      {state.phase === 'loading' ? <p className="portal-loading">Loading requests…</p> : null}
      {state.phase === 'failed' ? <p className="portal-alert">{state.message}</p> : null}
      {state.phase === 'ready' && state.value.length === 0 ? <p className="schools__empty">No one is waiting.</p> : null}
      {state.phase === 'ready' && state.value.length > 0 ? (
        <ul className="schools__list" aria-label="Requests to join">
          {state.value.map((request) => (
            <RequestItem key={request.userId} request={request} schools={schools} schoolId={schoolId} onDecided={decided} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

function RequestItem({ request, schools, schoolId, onDecided }: { request: JoinRequest; schools: SchoolsModule; schoolId: string; onDecided: () => void }) {
  const id = useId();
  const [roles, setRoles] = useState<StaffRole[]>(['teacher']);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const staff = request.kind === 'staff';
  const decide = async (decision: JoinRequestDecision) => {
    setBusy(true);
    setError(null);
    try {
      await schools.decideRequest(schoolId, request.userId, decision);
      onDecided();
    } catch (thrown) {
      setError(messageOf(thrown));
      setBusy(false);
    }
  };
  return (
    <li className="schools__item" aria-label={request.name}>
      <h3>{request.name}</h3>
      <p className="schools__meta">
        {request.email} · {staff ? 'Staff address' : 'Student'} · asked {new Date(request.createdAt).toLocaleDateString('en-CA')}
      </p>
      {staff ? <StaffRoleChoices legend={`Roles for ${request.name}`} chosen={roles} onChange={setRoles} disabled={busy} /> : null}
      <div className="portal-field">
        <label htmlFor={`${id}-reason`}>Reason for declining (optional, mailed)</label>
        <input id={`${id}-reason`} className="portal-field__input" value={reason} onChange={(event) => setReason(event.target.value)} disabled={busy} />
      </div>
      <FormError className="portal-alert" message={error} />
      <div className="schools__actions">
        <button
          type="button"
          className="portal-button portal-button--primary"
          disabled={busy}
          aria-label={`Approve ${request.name}`}
          onClick={() => void decide(staff ? { decision: 'approve', roles } : { decision: 'approve' })}
        >
          Approve
        </button>
        <button
          type="button"
          className="portal-button"
          disabled={busy}
          aria-label={`Decline ${request.name}`}
          onClick={() => void decide(reason.trim() ? { decision: 'decline', reason } : { decision: 'decline' })}
        >
          Decline
        </button>
      </div>
    </li>
  );
}
