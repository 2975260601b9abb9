import { useCallback, useRef, useState } from 'react';
import { isPortalError, type PortalClient, type RosterResult } from '@opportunity-kit/sdk';
import { MESSAGES, parseRoster } from '@opportunity-kit/sdk/domain';
import { batchCsv, rosterBatches, withFileLines } from './roster-batches.ts';

/** A preview asks what each row would do and changes nothing; an import creates and mails. */
export type RosterRunMode = 'preview' | 'import';

/** Where a preview or an import stands: nothing sent yet, rows on their way, every row answered, or stopped with why. */
export type RosterImportState =
  | { readonly phase: 'idle' }
  | { readonly phase: 'refused'; readonly message: string }
  | { readonly phase: 'importing' | 'done'; readonly mode: RosterRunMode; readonly total: number; readonly results: readonly RosterResult[] }
  | { readonly phase: 'failed'; readonly mode: RosterRunMode; readonly total: number; readonly results: readonly RosterResult[]; readonly message: string };

export interface RosterImport {
  state: RosterImportState;
  /** Reads the text first (a file that cannot be read is refused before anything is sent), then sends it batch by batch. */
  start(csv: string, mode: RosterRunMode, schoolId?: string): Promise<void>;
  /** Forgets the last answer (the file or the lines changed): a refusal or a preview of other text no longer holds. */
  reset(): void;
}

/** The roster page's preview and import: batches sent one after another, so every answer moves the progress bar and fills the table. */
export function useRosterImport(roster: PortalClient['roster']): RosterImport {
  const [state, setState] = useState<RosterImportState>({ phase: 'idle' });
  const running = useRef(false);

  const start = useCallback(
    async (csv: string, mode: RosterRunMode, schoolId?: string) => {
      if (running.current) return;
      const parsed = parseRoster(csv);
      if (!parsed.ok) {
        setState({ phase: 'refused', message: csv.trim() === '' ? 'Please choose a CSV file or paste its lines (email,name).' : parsed.message });
        return;
      }
      running.current = true;
      const total = parsed.rows.length;
      let results: RosterResult[] = [];
      setState({ phase: 'importing', mode, total, results });
      try {
        for (const batch of rosterBatches(parsed.rows)) {
          const answer = await roster.import(batchCsv(batch), { ...(schoolId ? { schoolId } : {}), preview: mode === 'preview' });
          results = [...results, ...withFileLines(batch, answer.results)];
          setState({ phase: 'importing', mode, total, results });
        }
        setState({ phase: 'done', mode, total, results });
      } catch (thrown) {
        // Rows already answered stay answered; importing the file again finishes the rest and invites again
        // every student of it who has not set a password yet.
        setState({ phase: 'failed', mode, total, results, message: isPortalError(thrown) ? thrown.message : MESSAGES.genericError });
      } finally {
        running.current = false;
      }
    },
    [roster],
  );
  const reset = useCallback(() => {
    if (!running.current) setState({ phase: 'idle' });
  }, []);

  return { state, start, reset };
}
