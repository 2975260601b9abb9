import type { SaveSearchState } from './job-board-model.ts';

export interface SaveSearchProps {
  searchSave: Exclude<SaveSearchState, { status: 'unavailable' }>;
  onSave(): void;
}

/**
 * "Save this search", with its outcome in place: the confirmation, or why it was refused (a 21st
 * search, no criteria). The button stays where it is (focus is not lost) but does nothing once this
 * search is saved; a change of the filters makes it available again.
 */
export function SaveSearch({ searchSave, onSave }: SaveSearchProps) {
  const inactive = searchSave.status === 'pending' || searchSave.status === 'saved';
  return (
    <div className="ok-job-board__save-search" data-state={searchSave.status}>
      <button
        className="ok-job-board__button ok-primary-button ok-job-board__save-search-button"
        type="button"
        aria-disabled={inactive}
        onClick={() => {
          if (!inactive) onSave();
        }}
      >
        Save this search
      </button>
      <p className="ok-job-board__save-search-outcome" role="status">
        {searchSave.status === 'saved' || searchSave.status === 'failed' ? searchSave.message : ''}
      </p>
    </div>
  );
}
