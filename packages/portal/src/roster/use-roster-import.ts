import { useCallback, useRef, useState } from 'react';
import { isPortalError, type PortalClient, type RosterImportProgress, type RosterResult } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';

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
  /** Hands the text to the SDK, which refuses a file it cannot read before sending anything, then sends it part by part. */
  start(csv: string, mode: RosterRunMode, schoolId?: string): Promise<void>;
  /** Forgets the last answer (the file or the lines changed): a refusal or a preview of other text no longer holds. */
  reset(): void;
}

/** The roster page's preview and import: every part the SDK sends moves the progress bar and fills the table as it is answered. */
export function useRosterImport(roster: PortalClient['roster']): RosterImport {
  const [state, setState] = useState<RosterImportState>({ phase: 'idle' });
  const running = useRef(false);

  const start = useCallback(
    async (csv: string, mode: RosterRunMode, schoolId?: string) => {
      if (running.current) return;
      running.current = true;
      // Reported once the SDK has read the file; a file it refused never reports.
      let progress: RosterImportProgress | undefined;
      try {
        const answer = await roster.import(csv, {
          ...(schoolId ? { schoolId } : {}),
          preview: mode === 'preview',
          onProgress: (reported) => {
            progress = reported;
            setState({ phase: 'importing', mode, total: reported.total, results: reported.results });
          },
        });
        setState({ phase: 'done', mode, total: answer.results.length, results: answer.results });
      } catch (thrown) {
        const message = isPortalError(thrown) ? thrown.message : MESSAGES.genericError;
        // Rows already answered stay answered; importing the file again finishes the rest and invites again
        // every student of it who has not set a password yet.
        setState(progress ? { phase: 'failed', mode, total: progress.total, results: progress.results, message } : { phase: 'refused', message });
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
