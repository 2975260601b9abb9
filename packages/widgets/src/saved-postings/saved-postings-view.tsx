import { useId, type MouseEvent } from 'react';
import { MESSAGES, type Alert, type SavedPosting } from '@opportunity-kit/sdk/domain';
import { formatDay } from '../embed/format.ts';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import type { SavedPostingsActions, SavedPostingsState } from './saved-postings-model.ts';
import { savedSearchWords } from './saved-search-words.ts';

/** What a saved posting that is no longer open says, in place of its link. @public */
export const SAVED_STATUS_NOTES = {
  closed: 'This posting is closed',
  removed: 'This posting was removed',
} as const;

/** The empty states: how to save a posting, and a search. */
export const NO_SAVED_POSTINGS = 'You have not saved any postings yet. Press Save on a posting to keep it here.';
export const NO_SAVED_SEARCHES = 'You have no saved searches. Search or filter a listing, then press "Save this search" to hear about new matches.';

/**
 * Props of {@link SavedPostingsView}: the page's `state` and `actions` (from {@link useSavedPostings}),
 * and where a posting's link leads.
 * @public
 */
export interface SavedPostingsViewProps extends WidgetBinding<SavedPostingsState, SavedPostingsActions> {
  /** Where an open posting's title leads; `/job/{id}` by default. */
  jobHref?: ((jobId: string) => string) | undefined;
  /** Client-side navigation for plain clicks on a title; without it the browser follows the link. */
  onOpenJob?: ((jobId: string) => void) | undefined;
  /** Where a saved search's "Open" leads: its listing with its criteria applied. Without it, no "Open". */
  searchHref?: ((alert: Alert) => string) | undefined;
  /** Client-side navigation for plain clicks on "Open"; without it the browser follows the link. */
  onOpenSearch?: ((alert: Alert) => void) | undefined;
}

const defaultJobHref = (jobId: string) => `/job/${encodeURIComponent(jobId)}`;

/**
 * The student's saved postings, newest saved first, each linking to its posting while it is open; a
 * closed or removed one stays listed and says so. Each has Unsave. Below, the saved searches, their
 * criteria in words, each with Open (when `searchHref` says where) and Delete. Both lists say how to fill them when empty.
 * @public
 */
export function SavedPostingsView({ state, actions, jobHref = defaultJobHref, onOpenJob, searchHref, onOpenSearch }: SavedPostingsViewProps) {
  const id = useId();
  const { status, outcome } = state;
  return (
    <div className="ok-saved-postings" data-state={status}>
      <p className="ok-saved-postings__outcome" role="status">
        {outcome.status === 'done' ? outcome.message : ''}
      </p>
      {outcome.status === 'failed' ? (
        <p className="ok-saved-postings__failure" role="alert">
          {outcome.message}
        </p>
      ) : null}
      {status === 'loading' ? (
        <p className="ok-saved-postings__note" role="status">
          {MESSAGES.loading}
        </p>
      ) : null}
      {status === 'error' ? (
        <div className="ok-saved-postings__error" role="alert">
          <p>{state.error ?? MESSAGES.genericError}</p>
          <button type="button" className="ok-saved-postings__button ok-pill-button" onClick={actions.retry}>
            Try again
          </button>
        </div>
      ) : null}
      {status === 'ready' ? (
        <>
          <section className="ok-saved-postings__section" aria-labelledby={`${id}-postings`}>
            <h2 className="ok-saved-postings__title" id={`${id}-postings`}>
              Saved postings
            </h2>
            {state.postings.length ? (
              <ul className="ok-saved-postings__list">
                {state.postings.map((posting) => (
                  <SavedPostingEntry
                    key={posting.jobId}
                    posting={posting}
                    href={jobHref(posting.jobId)}
                    onOpenJob={onOpenJob}
                    pending={state.pending.has(posting.jobId)}
                    onUnsave={actions.unsave}
                  />
                ))}
              </ul>
            ) : (
              <p className="ok-saved-postings__note">{NO_SAVED_POSTINGS}</p>
            )}
          </section>
          <section className="ok-saved-postings__section" aria-labelledby={`${id}-searches`}>
            <h2 className="ok-saved-postings__title" id={`${id}-searches`}>
              Saved searches
            </h2>
            {state.alerts.length ? (
              <ul className="ok-saved-postings__list">
                {state.alerts.map((alert) => (
                  <SavedSearchEntry
                    key={alert.id}
                    alert={alert}
                    href={searchHref?.(alert)}
                    onOpenSearch={onOpenSearch}
                    pending={state.pending.has(alert.id)}
                    onDelete={actions.removeAlert}
                  />
                ))}
              </ul>
            ) : (
              <p className="ok-saved-postings__note">{NO_SAVED_SEARCHES}</p>
            )}
          </section>
        </>
      ) : null}
    </div>
  );
}

interface SavedPostingEntryProps {
  posting: SavedPosting;
  href: string;
  onOpenJob: SavedPostingsViewProps['onOpenJob'];
  pending: boolean;
  onUnsave(posting: SavedPosting): void;
}

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

function SavedPostingEntry({ posting, href, onOpenJob, pending, onUnsave }: SavedPostingEntryProps) {
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpenJob || !isPlainClick(event)) return;
    event.preventDefault();
    onOpenJob(posting.jobId);
  };
  return (
    <li className="ok-saved-postings__entry" data-state={posting.status}>
      <div className="ok-saved-postings__facts">
        <h3 className="ok-saved-postings__name">
          {posting.status === 'open' ? (
            <a className="ok-saved-postings__link" href={href} onClick={open}>
              {posting.title}
            </a>
          ) : (
            posting.title
          )}
        </h3>
        <p className="ok-saved-postings__meta">
          <span>{posting.company}</span>
          <span>{posting.postingType}</span>
          {posting.applicationDeadline ? <span>Apply by {formatDay(posting.applicationDeadline)}</span> : null}
        </p>
        {posting.status === 'open' ? null : <p className="ok-saved-postings__status">{SAVED_STATUS_NOTES[posting.status]}</p>}
      </div>
      <button
        type="button"
        className="ok-saved-postings__button ok-pill-button"
        aria-label={`Unsave ${posting.title}`}
        aria-disabled={pending}
        onClick={() => {
          if (!pending) onUnsave(posting);
        }}
      >
        Unsave
      </button>
    </li>
  );
}

interface SavedSearchEntryProps {
  alert: Alert;
  href: string | undefined;
  onOpenSearch: SavedPostingsViewProps['onOpenSearch'];
  pending: boolean;
  onDelete(alert: Alert): void;
}

function SavedSearchEntry({ alert, href, onOpenSearch, pending, onDelete }: SavedSearchEntryProps) {
  const words = savedSearchWords(alert);
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onOpenSearch || !isPlainClick(event)) return;
    event.preventDefault();
    onOpenSearch(alert);
  };
  return (
    <li className="ok-saved-postings__entry">
      <p className="ok-saved-postings__criteria">{words}</p>
      {href ? (
        <a className="ok-saved-postings__button ok-saved-postings__open ok-pill-button" href={href} onClick={open} aria-label={`Open saved search ${words}`}>
          Open
        </a>
      ) : null}
      <button
        type="button"
        className="ok-saved-postings__button ok-pill-button"
        aria-label={`Delete saved search ${words}`}
        aria-disabled={pending}
        onClick={() => {
          if (!pending) onDelete(alert);
        }}
      >
        Delete
      </button>
    </li>
  );
}
