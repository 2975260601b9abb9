import { useEffect, useId, useRef, useState, type MouseEvent } from 'react';
import { MESSAGES, relativeTimeLabel, type Application } from '@opportunity-kit/sdk/domain';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx';
import { LoadMore } from '../shared/paged-list-more.tsx';
import { ApplicationGroups } from './application-groups.tsx';
import { ApplicationStatusBadge } from './application-status-badge.tsx';
import { ManagerEmptyState } from './manager-empty-state.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import type { ApplicationsManagerActions, ApplicationsManagerState, ManagerFilter } from './applications-manager-model.ts';

/**
 * Props of {@link ApplicationsManagerView}: the manager's `state` and `actions` (from
 * {@link useApplicationsManager}), and where resumes are read.
 * @public
 */
export interface ApplicationsManagerViewProps extends WidgetBinding<ApplicationsManagerState, ApplicationsManagerActions> {
  /** The address of an application's resume file. */
  resumeUrl: (application: Application) => string;
  /** "Now" for the relative times; the device's clock by default. */
  now?: Date;
  /** Where an applicant's profile is; `/network/{email}` by default. */
  personHref?: (email: string) => string;
  /** Where an opportunity is posted (the empty list's next step); `/post-job` by default. */
  postJobHref?: string;
  /** Called instead of following a profile's or the post form's link, for client-side routers (plain clicks only). */
  onNavigate?: (href: string) => void;
}

const FILTERS: ReadonlyArray<{ value: ManagerFilter; label: string; empty: string }> = [
  { value: 'all', label: 'All', empty: 'No applications yet.' },
  { value: 'pending', label: 'Pending', empty: 'No pending applications.' },
  { value: 'accepted', label: 'Accepted', empty: 'No accepted applications.' },
  { value: 'rejected', label: 'Rejected', empty: 'No rejected applications.' },
];

const ANSWERS: ReadonlyArray<{ field: 'relevantExperiences' | 'interestInRole' | 'careerGoals'; label: string }> = [
  { field: 'relevantExperiences', label: 'Relevant experiences' },
  { field: 'interestInRole', label: 'Interest in the role' },
  { field: 'careerGoals', label: 'Career goals' },
];

const defaultPersonHref = (email: string) => `/network/${encodeURIComponent(email)}`;

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * The applications manager (the portal's `/application-manager`): All / Pending / Accepted /
 * Rejected filters, the list grouped by posting (the posting with the newest application first),
 * applicants by name, and a detail pane with the applicant's profile link, the three answers, a link
 * to the resume and the Accept / Reject decision (Reject asks first), which can be made again at any
 * time. Opening an application
 * moves focus into the pane; closing it (or a saved decision, which clears the selection) gives
 * focus back to the list. The decision's outcome is announced in a live region.
 * @public
 */
export function ApplicationsManagerView(props: ApplicationsManagerViewProps) {
  const { state, actions, resumeUrl, now = new Date(), personHref = defaultPersonHref, postJobHref = '/post-job', onNavigate } = props;
  const { filter, status, applications, selected, decision } = state;
  // Asked: the dialog is open. Sent: it stays open, busy, while the rejection is saved.
  const [rejecting, setRejecting] = useState<'no' | 'asked' | 'sent'>('no');
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || !isPlainClick(event)) return;
    event.preventDefault();
    onNavigate(event.currentTarget.getAttribute('href') ?? '');
  };
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
      <h2 className="ok-applications-manager__title ok-focus-target" id={`${id}-title`} ref={listHeading} tabIndex={-1}>
        Applications
      </h2>
      <div className="ok-applications-manager__filters" role="group" aria-label="Show applications">
        {FILTERS.map((option) => (
          <button
            key={option.value}
            type="button"
            className="ok-applications-manager__filter ok-pill-button"
            aria-pressed={filter === option.value}
            onClick={() => actions.setFilter(option.value)}
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
              <p>{state.error ?? MESSAGES.genericError}</p>
              <button type="button" className="ok-applications-manager__button ok-pill-button" onClick={actions.retry}>
                Try again
              </button>
            </div>
          ) : null}
          {status === 'ready' && applications.length === 0 ? (
            filter === 'all' ? (
              <ManagerEmptyState postings={state.postings} postJobHref={postJobHref} onFollow={follow} />
            ) : (
              <p className="ok-applications-manager__note">{emptyText}</p>
            )
          ) : null}
          {status === 'ready' && applications.length > 0 ? (
            <ApplicationGroups
              applications={applications}
              applicantNames={state.applicantNames}
              selectedId={selected?.id}
              onSelect={actions.select}
              now={now}
            />
          ) : null}
          {status === 'ready' && state.hasMore ? (
            <LoadMore
              label="Show more"
              loadingMore={state.loadingMore}
              error={state.moreError}
              onLoadMore={actions.loadMore}
              buttonClassName="ok-applications-manager__button ok-pill-button"
              errorClassName="ok-applications-manager__more-error"
            />
          ) : null}
        </div>
        {selected ? (
          <section className="ok-applications-manager__detail" aria-labelledby={`${id}-detail`}>
            <h3 className="ok-applications-manager__detail-title ok-focus-target" id={`${id}-detail`} ref={detailHeading} tabIndex={-1}>
              {selected.jobTitle}
            </h3>
            <ApplicantLine
              email={selected.applicantEmail}
              appliedAs={selected.applicantName}
              name={state.applicantNames.get(selected.applicantEmail)}
              personHref={personHref}
              onFollow={follow}
            />
            <p className="ok-applications-manager__detail-meta">
              <a className="ok-applications-manager__link" href={`mailto:${selected.applicantEmail}`}>
                {selected.applicantEmail}
              </a>
              <span>Applied {relativeTimeLabel(new Date(selected.createdAt), now)}</span>
              <ApplicationStatusBadge status={selected.status} />
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
              {/* Only the decisions that change something (issue 25): an accepted one offers no Accept. */}
              {selected.status !== 'accepted' ? (
                <button type="button" className="ok-applications-manager__accept ok-pill-button" disabled={saving} onClick={() => actions.decide('accepted')}>
                  {saving && decision.status === 'accepted' ? 'Accepting…' : 'Accept'}
                </button>
              ) : null}
              {selected.status !== 'rejected' ? (
                <button type="button" className="ok-applications-manager__reject ok-pill-button" disabled={saving} onClick={() => setRejecting('asked')}>
                  {saving && decision.status === 'rejected' ? 'Rejecting…' : 'Reject'}
                </button>
              ) : null}
              <button type="button" className="ok-applications-manager__button ok-pill-button" onClick={() => actions.select(null)}>
                Close
              </button>
            </div>
          </section>
        ) : null}
      </div>
      {selected && (rejecting === 'asked' || (rejecting === 'sent' && saving)) ? (
        <ConfirmDialog
          title="Reject application"
          message={`Reject the application of ${(selected.applicantName || state.applicantNames.get(selected.applicantEmail)) ?? selected.applicantEmail} to ${selected.jobTitle}? They will read "${MESSAGES.applicationRejected}". You can change the decision later.`}
          confirmLabel="Reject"
          busyLabel="Rejecting…"
          busy={saving}
          onConfirm={() => {
            setRejecting('sent');
            actions.decide('rejected');
          }}
          onCancel={() => setRejecting('no')}
        />
      ) : null}
    </section>
  );
}

interface ApplicantLineProps {
  email: string;
  /** The name the student applied under (kept on the application); empty for applications from before names were kept. */
  appliedAs: string;
  /** The profile's name: absent while being looked up; null when no profile is visible. */
  name: string | null | undefined;
  personHref: (email: string) => string;
  onFollow: (event: MouseEvent<HTMLAnchorElement>) => void;
}

/**
 * Who applied: their name with a link to their profile, or why there is none. The name they applied
 * under is theirs to give the employer they applied to (issue 25), so it shows even when the profile is
 * private; the profile itself stays theirs.
 */
function ApplicantLine({ email, appliedAs, name, personHref, onFollow }: ApplicantLineProps) {
  if (name === undefined && !appliedAs) return null;
  if (name === null || name === undefined) {
    return (
      <p className="ok-applications-manager__applicant">
        {appliedAs ? <span className="ok-applications-manager__applicant-name">{appliedAs}</span> : null}
        {name === null ? (
          <span className="ok-applications-manager__note">
            {appliedAs ? 'Their profile is private.' : 'No public profile: the applicant has not made one, or keeps it private.'}
          </span>
        ) : null}
      </p>
    );
  }
  return (
    <p className="ok-applications-manager__applicant">
      <span className="ok-applications-manager__applicant-name">{name}</span>
      <a className="ok-applications-manager__link" href={personHref(email)} onClick={onFollow}>
        View profile<span className="ok-visually-hidden"> of {name}</span>
      </a>
    </p>
  );
}
