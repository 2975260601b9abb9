import { useId, useRef, type MouseEvent } from 'react';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { CATEGORY_CARDS } from '../category-cards/categories.ts';
import { ConfirmDialog } from '../confirm-dialog/confirm-dialog.tsx';
import { LoadMore } from '../shared/paged-list-more.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import { MyApplicationEntry } from './my-application-entry.tsx';
import type { MyApplicationsActions, MyApplicationsState } from './my-applications-model.ts';

/**
 * Props of {@link MyApplicationsView}: the list's `state` and `actions` (from {@link useMyApplications}),
 * and where its links lead.
 * @public
 */
export interface MyApplicationsViewProps extends WidgetBinding<MyApplicationsState, MyApplicationsActions> {
  /** Where a posting's title leads; `/job/{id}` by default. */
  jobHref?: (jobId: string) => string;
  /** Called instead of following the link, for client-side routers (plain clicks only). */
  onOpenJob?: (jobId: string) => void;
  /** Called instead of following a listing's link (the empty state's), for client-side routers (plain clicks only). */
  onOpenListing?: (path: string) => void;
  /** "Now" for the relative times; the device's clock by default. */
  now?: Date;
}

const defaultJobHref = (jobId: string) => `/job/${encodeURIComponent(jobId)}`;

const isPlainClick = (event: MouseEvent<HTMLAnchorElement>) => event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;

/**
 * A student's own applications with the outcome of each in plain words ("Waiting for the
 * employer", "Accepted — the employer will contact you by email", "Not selected this time", "This
 * posting was removed"), decisions not seen before marked "New", and "Withdraw" on a pending one
 * (after a confirmation). Each title links to its posting while the posting exists. With no
 * applications it points to the four listings.
 * @public
 */
export function MyApplicationsView(props: MyApplicationsViewProps) {
  const { state, actions, jobHref = defaultJobHref, onOpenJob, onOpenListing, now = new Date() } = props;
  const { status, applications, withdrawal } = state;
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const follow = (open: (() => void) | undefined) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!open || !isPlainClick(event)) return;
    event.preventDefault();
    open();
  };
  const asked = withdrawal.state === 'confirming' || withdrawal.state === 'withdrawing' ? withdrawal : null;
  return (
    <section className="ok-my-applications" data-state={status} aria-labelledby={`${id}-title`}>
      <h2 className="ok-my-applications__title" id={`${id}-title`} ref={heading} tabIndex={-1}>
        My applications
      </h2>
      <p className="ok-my-applications__message" role="status" data-state={withdrawal.state}>
        {withdrawal.state === 'done' ? withdrawal.message : null}
      </p>
      {status === 'loading' ? (
        <p className="ok-my-applications__note" role="status">
          {MESSAGES.loading}
        </p>
      ) : null}
      {status === 'error' ? (
        <div className="ok-my-applications__note" role="alert">
          <p>{state.error ?? MESSAGES.genericError}</p>
          <button type="button" className="ok-my-applications__button ok-pill-button" onClick={actions.retry}>
            Try again
          </button>
        </div>
      ) : null}
      {status === 'ready' && applications.length === 0 ? (
        <div className="ok-my-applications__empty">
          <p className="ok-my-applications__empty-title">You haven&apos;t applied yet</p>
          <p className="ok-my-applications__note">Find an opportunity that suits you and apply from its page:</p>
          <nav aria-label="Opportunity listings">
            <ul className="ok-my-applications__listings">
              {CATEGORY_CARDS.map((card) => (
                <li key={card.path}>
                  <a
                    className="ok-my-applications__listing ok-pill-button"
                    href={card.path}
                    onClick={follow(onOpenListing ? () => onOpenListing(card.path) : undefined)}
                  >
                    {card.title}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      ) : null}
      {status === 'ready' && applications.length > 0 ? (
        <ul className="ok-my-applications__list">
          {applications.map((application) => (
            <MyApplicationEntry
              key={application.id}
              application={application}
              detailsId={`${id}-${application.id}`}
              isNew={state.newDecisionIds.has(application.id)}
              withdrawError={withdrawal.state === 'failed' && withdrawal.applicationId === application.id ? withdrawal.message : null}
              withdrawBusy={withdrawal.state === 'withdrawing'}
              href={jobHref(application.jobId)}
              onFollow={follow(onOpenJob ? () => onOpenJob(application.jobId) : undefined)}
              onWithdraw={() => actions.askToWithdraw(application.id)}
              now={now}
            />
          ))}
        </ul>
      ) : null}
      {status === 'ready' && state.hasMore ? (
        <LoadMore
          label="Show more"
          loadingMore={state.loadingMore}
          error={state.moreError}
          onLoadMore={actions.loadMore}
          buttonClassName="ok-my-applications__button ok-pill-button"
          errorClassName="ok-my-applications__more-error"
        />
      ) : null}
      {asked ? (
        <ConfirmDialog
          title="Withdraw application"
          message={`Withdraw your application to ${asked.application.jobTitle}? The employer will no longer see it, and you may apply again while the posting is open.`}
          confirmLabel="Withdraw"
          busyLabel="Withdrawing…"
          busy={asked.state === 'withdrawing'}
          onConfirm={actions.confirmWithdraw}
          onCancel={actions.cancelWithdraw}
          onFocusLost={() => heading.current?.focus()}
        />
      ) : null}
    </section>
  );
}
