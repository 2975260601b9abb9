import { useCallback, useState } from 'react';
import type { SchoolStaffMember, SchoolsModule } from '@opportunity-kit/sdk';
import { FormError } from '@opportunity-kit/widgets';
import { useMember } from '../session/session-context.tsx';
import { AddStaffForm } from './add-staff-form.tsx';
import { staffRoleWords } from './staff-role-choices.tsx';
import { messageOf, useLoaded } from './use-loaded.ts';

/**
 * A school's staff with their roles, the form to add one, and Remove beside each (the server keeps at
 * least one administrator). `decisions` counts the requests decided beside it: each may have added one.
 */
export function SchoolStaff({ schools, schoolId, decisions }: { schools: SchoolsModule; schoolId: string; decisions: number }) {
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `decisions` is the reason to read again, not an input of the read.
  const load = useCallback(() => schools.staff(schoolId), [schools, schoolId, decisions]);
  const { state, reload } = useLoaded(load);
  return (
    <>
      <section className="schools__section" aria-labelledby="school-staff">
        <h2 id="school-staff">Staff</h2>
        {state.phase === 'loading' ? <p className="portal-loading">Loading the staff…</p> : null}
        {state.phase === 'failed' ? <p className="portal-alert">{state.message}</p> : null}
        {state.phase === 'ready' && state.value.length === 0 ? <p className="schools__empty">No staff yet.</p> : null}
        {state.phase === 'ready' && state.value.length > 0 ? (
          <ul className="schools__list" aria-label="Staff">
            {state.value.map((member) => (
              <StaffItem key={member.userId} member={member} schools={schools} schoolId={schoolId} onRemoved={reload} />
            ))}
          </ul>
        ) : null}
      </section>
      <section className="schools__section" aria-labelledby="school-add-staff">
        <h2 id="school-add-staff">Add staff</h2>
        <p className="schools__meta">The person is e-mailed; an address without an account gets one and a link to choose a password.</p>
        <AddStaffForm schools={schools} schoolId={schoolId} submitLabel="Add staff member" onAdded={reload} />
      </section>
    </>
  );
}

function StaffItem({ member, schools, schoolId, onRemoved }: { member: SchoolStaffMember; schools: SchoolsModule; schoolId: string; onRemoved: () => void }) {
  const me = useMember();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = async () => {
    setBusy(true);
    setError(null);
    try {
      await schools.removeStaff(schoolId, member.userId);
      onRemoved();
    } catch (thrown) {
      setError(messageOf(thrown));
      setBusy(false);
    }
  };
  return (
    <li className="schools__item" aria-label={member.name}>
      <h3>
        {member.name}
        {member.userId === me.id ? ' (you)' : ''}
      </h3>
      <p className="schools__meta">
        {member.email} · {staffRoleWords(member.staffRoles)}
      </p>
      <FormError className="portal-alert" message={error} />
      <div className="schools__actions">
        <button type="button" className="portal-button" onClick={() => void remove()} disabled={busy} aria-label={`Remove ${member.name} from the staff`}>
          {busy ? 'Removing…' : 'Remove'}
        </button>
      </div>
    </li>
  );
}
