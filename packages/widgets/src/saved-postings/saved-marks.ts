import { batch, signal, type Signal } from '@preact/signals-react';
import { PortalError, type SavedModule } from '@opportunity-kit/sdk';

/** The part of the SDK's saved module that saves and unsaves postings (`portal.saved`). @public */
export type SavedApi = Pick<SavedModule, 'save' | 'unsave' | 'list'>;

/**
 * Which postings the student saved, as the listing's cards and the detail page mark them. A toggle
 * shows at once and is undone, with the reason, when the server refuses it.
 */
export interface SavedMarks {
  /** The saved postings' ids; null while unknown (not loaded yet, or nothing to save with). */
  readonly savedJobIds: Signal<ReadonlySet<string> | null>;
  /** Why the last save or unsave failed; null otherwise. */
  readonly error: Signal<string | null>;
  /** Asks the server once which postings are saved. */
  load(): Promise<void>;
  /** Saves a posting that is not saved, unsaves one that is. */
  toggle(jobId: string): Promise<void>;
}

const withId = (ids: ReadonlySet<string>, jobId: string, present: boolean): ReadonlySet<string> => {
  const next = new Set(ids);
  if (present) next.add(jobId);
  else next.delete(jobId);
  return next;
};

export function createSavedMarks(api: SavedApi): SavedMarks {
  const savedJobIds = signal<ReadonlySet<string> | null>(null);
  const error = signal<string | null>(null);
  // A second click while the first is on its way would race it; the first answer decides.
  const pending = new Set<string>();

  return {
    savedJobIds,
    error,
    async load() {
      try {
        const saved = await api.list();
        savedJobIds.value = new Set(saved.map((posting) => posting.jobId));
      } catch {
        // Without the list the marks stay off: saving is a convenience, the postings still show.
      }
    },
    async toggle(jobId) {
      const ids = savedJobIds.value;
      if (!ids || pending.has(jobId)) return;
      const save = !ids.has(jobId);
      pending.add(jobId);
      batch(() => {
        savedJobIds.value = withId(ids, jobId, save);
        error.value = null;
      });
      try {
        await (save ? api.save(jobId) : api.unsave(jobId));
      } catch (thrown) {
        batch(() => {
          if (savedJobIds.value) savedJobIds.value = withId(savedJobIds.value, jobId, !save);
          error.value = PortalError.from(thrown).message;
        });
      } finally {
        pending.delete(jobId);
      }
    },
  };
}
