import { useCallback, useEffect, useState } from 'react';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';

/**
 * The school a staff member acts for (issue 23). On the staff of one school, that school goes without
 * saying; on the staff of several, a roster, a posting or a post names one, and the choice holds for
 * the tab (sessionStorage) so each page does not ask again.
 */

const CHOICE_KEY = 'opportunity-kit.acting-school';

export interface StaffSchool {
  id: string;
  name: string;
}

export interface ActingSchool {
  /** The schools the member is staff of; null while loading (or for a member who is not staff). */
  schools: readonly StaffSchool[] | null;
  /** What to send as `schoolId`: the chosen school when there is a choice to make, else nothing. */
  schoolId: string | undefined;
  choose(schoolId: string): void;
}

function remembered(): string | null {
  try {
    return globalThis.sessionStorage?.getItem(CHOICE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function useActingSchool(): ActingSchool {
  const portal = usePortal();
  const member = useMember();
  const [schools, setSchools] = useState<readonly StaffSchool[] | null>(null);
  const [chosen, setChosen] = useState<string | null>(remembered);
  const staff = member.role === 'teacher';

  useEffect(() => {
    if (!staff) return;
    let current = true;
    portal.schools.mine().then(
      (mine) => {
        if (!current) return;
        setSchools(
          mine.memberships
            .filter((membership) => membership.staffRoles.length > 0)
            .map((membership) => ({ id: membership.schoolId, name: membership.schoolName })),
        );
      },
      // Without the list nothing is chosen, and a staff member of several schools is told by the command.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [portal, staff]);

  const choose = useCallback((schoolId: string) => {
    setChosen(schoolId);
    try {
      globalThis.sessionStorage?.setItem(CHOICE_KEY, schoolId);
    } catch {
      // A tab that refuses storage keeps the choice for this page only.
    }
  }, []);

  const several = schools !== null && schools.length > 1;
  const schoolId = several ? (schools.find((school) => school.id === chosen) ?? schools[0])?.id : undefined;
  return { schools, schoolId, choose };
}

/** "For which school": shown only to staff of several schools. */
export function ActingSchoolPicker({ acting, label = 'For which school' }: { acting: ActingSchool; label?: string }) {
  if (!acting.schools || acting.schools.length < 2) return null;
  return (
    <div className="portal-field acting-school">
      <label htmlFor="acting-school">{label}</label>
      <select id="acting-school" className="portal-field__input" value={acting.schoolId} onChange={(event) => acting.choose(event.target.value)}>
        {acting.schools.map((school) => (
          <option key={school.id} value={school.id}>
            {school.name}
          </option>
        ))}
      </select>
    </div>
  );
}
