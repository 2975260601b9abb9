import { useEffect, useId, useRef } from 'react';
import { MESSAGES, relativeTimeLabel, type Application, type ApplicationStatus } from '@opportunity-kit/sdk/domain';
import { LoadMore } from '../shared/paged-list-more.tsx';
import type { LoadStatus } from '../shared/load-status.ts';
import type { ApplicationDecisionState, ManagerFilter } from './applications-manager-model.ts';

/** Props of {@link ApplicationsManagerView}. @public */
export interface ApplicationsManagerViewProps {
  /** The filter button that is pressed. */
  filter: ManagerFilter;
  /** Whether the first page is loading, shown or failed. */
  status: LoadStatus;
  /** The applications to the viewer's postings, newest first. */
  items: readonly Application[];
  /** Whether there is a next page ("Load more" shows). */
  hasMore: boolean;
  /** A next page is loading. */
  loadingMore: boolean;
  /** Why the first page could not load (with status `error`); the spec's generic text when null. */
  error: string | null;
  /** Why the last "Load more" failed: shown next to the button, which then retries; null when it did not fail. */
  loadMoreError: string | null;
  /** The application in the detail pane, or null. */
  selected: Application | null;
  /** The last Accept or Reject: being saved, its confirmation, or why it failed. */
  decision: ApplicationDecisionState;
  /** The address of an application's resume file. */
  resumeUrl: (application: Application) => string;
  /** "Now" for the relative times; the device's clock by default. */
  now?: Date;
  /** A filter button was pressed. */
  onFilter: (filter: ManagerFilter) => void;
  /** An application was opened in the detail pane, or the pane closed (null). */
  onSelect: (id: string | null) => void;
  /** Accept or Reject was pressed for the selected application. */
  onDecide: (status: Exclude<ApplicationStatus, 'pending'>) => void;
  /** "Load more" was pressed. */
  onLoadMore: () => void;
  /** "Try again" was pressed after the list failed to load. */
  onRetry: () => void;
}

const FILTERS: ReadonlyArray<{ value: ManagerFilter; label: string; empty: string }> = [
  { value: 'all', label: 'All', empty: 'No applications yet.' },
  { value: 'pending', label: 'Pending', empty: 'No pending applications.' },
  { value: 'accepted', label: 'Accepted', empty: 'No accepted applications.' },
];

const STATUS_LABELS: Record<ApplicationStatus, string> = { pending: 'Pending', accepted: 'Accepted', rejected: 'Rejected' };

const ANSWERS: ReadonlyArray<{ field: 'relevantExperiences' | 'interestInRole' | 'careerGoals'; label: string }> = [
  { field: 'relevantExperiences', label: 'Relevant experiences' },
  { field: 'interestInRole', label: 'Interest in the role' },
  { field: 'careerGoals', label: 'Career goals' },
];

function StatusBadge({ status }: { status: ApplicationStatus }) {
  return (
    <span className="ok-applications-manager__status" data-state={status}>
      {STATUS_LABELS[status]}
    </span>
  );
}

/**
 * The applications manager (the portal's `/application-manager`): All / Pending / Accepted
 * filters, the list newest first, and a detail pane with the three answers, a link to the resume
 * and the Accept / Reject decision, which can be made again at any time. Opening an application
 * moves focus into the pane; closing it (or a saved decision, which clears the selection) gives
 * focus back to the list. The decision's outcome is announced in a live region.
 * @public
 */
export function ApplicationsManagerView(props: ApplicationsManagerViewProps) {
  const { filter, status, items, hasMore, loadingMore, error, loadMoreError, selected, decision, resumeUrl, now = new Date() } = props;
  const id = useId();
  const root = useRef<HTMLElement>(null);
  const detailHeading = useRef<HTMLHeadingElement>(null);
  const listHeading = useRef<HTMLHeadingElement>(null);
  const lastSelected = useRef<string | null>(null);
  const saving = decision.state === 'saving';
  // Focus moves when another application opens or the pane closes, not when the open one's data changes.
  const selectedId = selected?.id;

  useEffect(() => {
    if (selectedId !== undefined) {
      lastSelected.current = selectedId;
      detailHeading.current?.focus();
      return;
    }
    const previous = lastSelected.current;
    if (previous === null) return;
    lastSelected.current = null;
    const item = Array.from(root.current?.querySelectorAll<HTMLElement>('[data-id]') ?? []).find((element) => element.dataset.id === previous);
    (item ?? listHeading.current)?.focus();
  }, [selectedId]);

  const emptyText = FILTERS.find((option) => option.value === filter)?.empty;
  return (
    <section ref={root} className="ok-applications-manager" data-state={status} aria-labelledby={`${id}-title`}>
      <h2 className="ok-applications-manager__title" id={`${id}-title`} ref={listHeading} tabIndex={-1}>
        Applications
      </h2>
      <div className="ok-applications-manager__filters" role="group" aria-label="Show applications">
        {FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            className="ok-applications-manager__filter ok-pill-button"
            aria-pressed={filter === option.value}
            onClick={() => props.onFilter(option.value)}
          >
            {option.label}
          </button>
        ))}
      </div>
      <p className="ok-applications-manager__message" role="status" data-state={decision.state}>
        {decision.state === 'done' ? decision.message : null}
      </p>
      {decision.state === 'failed' ? (
        <p className="ok-applications-manager__message" role="alert" data-state="failed">
          {decision.message}
        </p>
      ) : null}
      <div className="ok-applications-manager__panes">
        <div className="ok-applications-manager__list-pane">
          {status === 'loading' ? (
            <p className="ok-applications-manager__note" role="status">
              {MESSAGES.loading}
            </p>
          ) : null}
          {status === 'error' ? (
            <div className="ok-applications-manager__note" role="alert">
              <p>{error ?? MESSAGES.genericError}</p>
              <button type="button" className="ok-applications-manager__button ok-pill-button" onClick={props.onRetry}>
                Try again
              </button>
            </div>
          ) : null}
          {status === 'ready' && items.length === 0 ? <p className="ok-applications-manager__note">{emptyText}</p> : null}
          {status === 'ready' && items.length > 0 ? (
            <ul className="ok-applications-manager__list" aria-label="Applications, newest first">
              {items.map((application) => (
                <li key={application.id}>
                  <button
                    type="button"
                    className="ok-applications-manager__item"
                    data-id={application.id}
                    aria-current={selected?.id === application.id ? 'true' : undefined}
                    onClick={() => props.onSelect(application.id)}
                  >
                    <span className="ok-applications-manager__item-title">{application.jobTitle}</span>
                    <span className="ok-applications-manager__item-applicant">{application.applicantEmail}</span>
                    <span className="ok-applications-manager__item-meta">
                      <StatusBadge status={application.status} />
                      <span>{relativeTimeLabel(new Date(application.createdAt), now)}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : null}
          {status === 'ready' && hasMore ? (
            <LoadMore
              label="Show more"
              loadingMore={loadingMore}
              error={loadMoreError}
              onLoadMore={props.onLoadMore}
              buttonClassName="ok-applications-manager__button ok-pill-button"
              errorClassName="ok-applications-manager__more-error"
            />
          ) : null}
        </div>
        {selected ? (
          <section className="ok-applications-manager__detail" aria-labelledby={`${id}-detail`}>
            <h3 className="ok-applications-manager__detail-title" id={`${id}-detail`} ref={detailHeading} tabIndex={-1}>
              {selected.jobTitle}
            </h3>
            <p className="ok-applications-manager__detail-meta">
              <a className="ok-applications-manager__link" href={`mailto:${selected.applicantEmail}`}>
                {selected.applicantEmail}
              </a>
              <span>Applied {relativeTimeLabel(new Date(selected.createdAt), now)}</span>
              <StatusBadge status={selected.status} />
            </p>
            <dl className="ok-applications-manager__answers">
              {ANSWERS.map(({ field, label }) => (
                <div key={field}>
                  <dt className="ok-applications-manager__question">{label}</dt>
                  <dd className="ok-applications-manager__answer">{selected[field]}</dd>
                </div>
              ))}
            </dl>
            <a className="ok-applications-manager__link" href={resumeUrl(selected)} target="_blank" rel="noopener noreferrer">
              Open resume (PDF, new tab)
            </a>
            <div className="ok-applications-manager__actions">
              <button type="button" className="ok-applications-manager__accept ok-pill-button" disabled={saving} onClick={() => props.onDecide('accepted')}>
                {saving && decision.status === 'accepted' ? 'Accepting…' : 'Accept'}
              </button>
              <button type="button" className="ok-applications-manager__reject ok-pill-button" disabled={saving} onClick={() => props.onDecide('rejected')}>
                {saving && decision.status === 'rejected' ? 'Rejecting…' : 'Reject'}
              </button>
              <button type="button" className="ok-applications-manager__button ok-pill-button" onClick={() => props.onSelect(null)}>
                Close
              </button>
            </div>
          </section>
        ) : null}
      </div>
    </section>
  );
}
