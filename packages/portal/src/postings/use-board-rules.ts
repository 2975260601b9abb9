import { useEffect, useState } from 'react';
import type { BoardRules } from '@opportunity-kit/sdk/domain';
import { usePortal } from '../app/portal-context.tsx';

/**
 * The board's youth-work rules for a form's live ruling (issue 26); undefined until read (the form
 * then shows Ontario's, the default), and when the read fails: the server weighs the board's anyway.
 */
export function useBoardRules(): BoardRules | undefined {
  const portal = usePortal();
  const [rules, setRules] = useState<BoardRules>();
  useEffect(() => {
    let live = true;
    portal.youthRules.board().then(
      (answer) => live && setRules(answer.rules),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [portal]);
  return rules;
}
