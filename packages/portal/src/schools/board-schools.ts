import { useEffect, useState } from 'react';
import type { School } from '@opportunity-kit/sdk';
import { usePortal } from '../app/portal-context.tsx';

/**
 * The board's schools, for a recruiter choosing which a posting is for (issue 23); undefined while
 * loading, for anyone else, or when the list cannot be read (the form then offers every school only).
 */
export function useBoardSchools(wanted: boolean): readonly School[] | undefined {
  const portal = usePortal();
  const [schools, setSchools] = useState<readonly School[] | undefined>(undefined);
  useEffect(() => {
    if (!wanted) return;
    let current = true;
    portal.schools.list().then(
      (listed) => {
        if (current) setSchools(listed);
      },
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [portal, wanted]);
  return schools;
}
