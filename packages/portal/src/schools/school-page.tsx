import { useCallback, useState } from 'react';
import type { SchoolMembership, SchoolsModule } from '@opportunity-kit/sdk';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { JoinRequests } from './join-requests.tsx';
import { SchoolStaff } from './school-staff.tsx';
import { useLoaded } from './use-loaded.ts';
import '../auth/auth-form.css';
import './schools.css';

/**
 * /school: a school's staff see its requests to join (students' for every staff member, staff
 * addresses' for its administrators), and its administrators manage the staff. A member of several
 * schools' staff picks the school first.
 */
export function SchoolPage() {
  const portal = usePortal();
  const mine = useCallback(() => portal.schools.mine(), [portal]);
  const { state } = useLoaded(mine);
  if (state.phase === 'loading') return <Page title="School">{<p className="portal-loading">Loading your school…</p>}</Page>;
  if (state.phase === 'failed') return <Page title="School">{<p className="portal-alert">{state.message}</p>}</Page>;
  const staffOf = state.value.memberships.filter((membership) => membership.staffRoles.length > 0);
  if (staffOf.length === 0) {
    return (
      <Page title="School">
        <p className="portal-alert">This page is for a school’s staff. You are not on any school’s staff.</p>
      </Page>
    );
  }
  return <StaffSchools memberships={staffOf} schools={portal.schools} />;
}

function StaffSchools({ memberships, schools }: { memberships: SchoolMembership[]; schools: SchoolsModule }) {
  const [chosenId, setChosenId] = useState(memberships[0]?.schoolId ?? '');
  // An approved staff request joins the staff: the list reads the school again.
  const [decisions, setDecisions] = useState(0);
  const chosen = memberships.find((membership) => membership.schoolId === chosenId) ?? memberships[0];
  if (!chosen) return null;
  const admin = chosen.staffRoles.includes('admin');
  return (
    <Page title={chosen.schoolName}>
      <div className="schools">
        {memberships.length > 1 ? (
          <div className="portal-field">
            <label htmlFor="school-pick">School</label>
            <select id="school-pick" className="portal-field__input" value={chosen.schoolId} onChange={(event) => setChosenId(event.target.value)}>
              {memberships.map((membership) => (
                <option key={membership.schoolId} value={membership.schoolId}>
                  {membership.schoolName}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {/* Keyed by school: switching schools starts each part over instead of showing the last school's lists. */}
        <JoinRequests
          key={`requests-${chosen.schoolId}`}
          schools={schools}
          schoolId={chosen.schoolId}
          decidesStaff={admin}
          onDecided={() => setDecisions((count) => count + 1)}
        />
        {admin ? (
          <SchoolStaff key={`staff-${chosen.schoolId}`} schools={schools} schoolId={chosen.schoolId} decisions={decisions} />
        ) : (
          <p className="schools__meta">Only a school administrator can manage the staff.</p>
        )}
      </div>
    </Page>
  );
}
