import { useEffect, useRef, type MouseEvent, type ReactNode } from 'react';
import {
  canApply,
  canAssignStudents,
  canManagePosting,
  canRemovePosting,
  EMPLOYMENT_TYPE_LABELS,
  formatHourlyRate,
  isEmailAddress,
  isHttpUrl,
  LISTING_ROUTES,
  MESSAGES,
  postingPlace as domainPostingPlace,
  relativeTimeLabel,
  type BoardRules,
  type Job,
  type PostingPlaceFields,
  type PostingType,
  type Viewer,
} from '@opportunity-kit/sdk/domain';
import { formatDay } from '../embed/format.ts';
import { SaveToggle } from '../job-card/save-toggle.tsx';
import { Skeleton, SkeletonBone } from '../shared/skeleton.tsx';
import type { WidgetBinding } from '../shared/widget-controller.ts';
import { AssignStudent } from './assign-student.tsx';
import type { FindStudents } from './student-picker.tsx';
import type { JobDetailActions, JobDetailState } from './job-detail-model.ts';
import { ManagePosting } from './manage-posting.tsx';
import { AppliedPanel, PostingNotices } from './posting-notices.tsx';
import { RemovePosting } from './remove-posting.tsx';
import { ReportPosting } from './report-posting.tsx';
import { PostingRuleFacts } from './posting-rule-facts.tsx';

/** Said beside the Save toggle once the posting is saved. */
export const SAVED_NOTE = 'Saved. You will find it under Saved.';

/** Where the detail page's own buttons lead, for one posting. @public */
export interface JobDetailLinks {
  /** The application form (spec: `/job/{id}/application`). */
  apply: string;
  /** Interview practice (spec: `/interview/{id}`). */
  interview: string;
  /** Resume review (spec: `/resume/{id}`). */
  resume: string;
  /** The edit form, for the posting's creator and teachers (`/job/{id}/edit`). */
  edit: string;
  /** The listing of the posting's type (its "Back to … listings" link). */
  listing: string;
  /** A student's own applications (`/my-applications`), from the Applied state. */
  myApplications: string;
  /** The creator's applications manager (`/application-manager`). */
  applications: string;
}

/** The spec's routes for a posting's pages. @public */
export function jobDetailLinks(job: Pick<Job, 'id' | 'postingType'>): JobDetailLinks {
  const id = encodeURIComponent(job.id);
  return {
    apply: `/job/${id}/application`,
    interview: `/interview/${id}`,
    resume: `/resume/${id}`,
    edit: `/job/${id}/edit`,
    listing: LISTING_ROUTES[job.postingType],
    myApplications: '/my-applications',
    applications: '/application-manager',
  };
}

/** The address and the place once: the street, city, province and postal code, or an address from before the parts as it was. @public */
export function postingPlace(job: PostingPlaceFields): string {
  return domainPostingPlace(job);
}

/**
 * Props of {@link JobDetailView}: the page's `state` and `actions` (from {@link useJobDetail}), and who
 * looks at it, where its buttons lead and how the posting is pictured.
 * @public
 */
export interface JobDetailViewProps extends WidgetBinding<JobDetailState, JobDetailActions> {
  /** The signed-in member: the buttons follow the spec's role rules for them. */
  viewer: Viewer | null;
  /** The posting's image address, or null for none. */
  imageUrl: string | null;
  /** Where the posting's buttons lead; null until the posting is there. */
  links: JobDetailLinks | null;
  /** Client-side navigation for plain clicks on the links; without it the browser follows them. */
  onNavigate?: ((path: string, job: Job) => void) | undefined;
  /** For teachers: lists their school's students by name in the assign editor (`portal.jobs.assignableStudents` for this posting). */
  findStudents?: FindStudents | undefined;
  /** The board's youth-work rules (`portal.youthRules.board()`), for the posting's "Open from age" facts; Ontario's by default. */
  boardRules?: BoardRules | undefined;
  /** What is already known of the posting (the card it was opened from), shown while the rest loads instead of bare shapes. */
  preview?: JobDetailPreview | undefined;
}

/**
 * What a page knows of a posting before the posting itself arrives: the card it was opened from, or a
 * copy painted before the app (issue 25). Its title, company, picture and description show at once, in
 * the places the loaded page puts them; the actions and facts are shapes until the posting is there.
 * @public
 */
export interface JobDetailPreview {
  /** The posting's title, the page's heading. */
  title: string;
  /** Who offers it. */
  company: string;
  /** The posting's description, as the loaded page shows it. */
  description: string;
  /** Its type, for the way back to its listing. */
  postingType: PostingType;
  /** The posting's image address, or null for none. */
  imageUrl: string | null;
}

/**
 * One posting: the way back to its listing, when it was posted, whether it is closed, filled or
 * assigned, its facts and its buttons, with one primary action per role: a student applies (or sees
 * that they applied, with the status in words), its creator and teachers edit it (and close, fill,
 * reopen, assign, remove); contact, website and practice links come second, and practice is not
 * offered to those who manage the posting. Each is shown only to whom the role rules allow (abilities
 * of `@opportunity-kit/sdk/domain`). Focus moves to the title when the posting arrives, so a screen
 * reader starts at the top of the new page.
 * @public
 */
export function JobDetailView(props: JobDetailViewProps) {
  const { state } = props;
  const { status, job } = state;
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (status !== 'loading') heading.current?.focus();
  }, [status]);

  if (status === 'loading' && props.preview) return <JobDetailPreviewView preview={props.preview} />;
  if (status !== 'ready' || !job) {
    return (
      <article className="ok-job-detail" data-state={status}>
        {status === 'loading' ? (
          <JobDetailSkeleton />
        ) : status === 'missing' ? (
          <h1 className="ok-job-detail__title ok-focus-target" ref={heading} tabIndex={-1}>
            {MESSAGES.jobNotFound}
          </h1>
        ) : (
          <div className="ok-job-detail__error" role="alert">
            <h1 className="ok-job-detail__title ok-focus-target" ref={heading} tabIndex={-1}>
              {state.error || MESSAGES.genericError}
            </h1>
            <button className="ok-job-detail__button ok-primary-button" type="button" onClick={props.actions.retry}>
              Try again
            </button>
          </div>
        )}
      </article>
    );
  }

  const { removal } = state;
  const removed = removal.status === 'done';
  return (
    <article
      className="ok-job-detail"
      data-state={removed ? 'removed' : job.state !== 'open' ? job.state : job.assigned || job.assignedStudentEmail ? 'assigned' : 'ready'}
    >
      {props.links ? <BackLink job={job} href={props.links.listing} onNavigate={props.onNavigate} /> : null}
      <div className="ok-job-detail__layout">
        <div className="ok-job-detail__main">
          <header className="ok-job-detail__header">
            <h1 className="ok-job-detail__title ok-focus-target" ref={heading} tabIndex={-1}>
              {job.title}
            </h1>
            <p className="ok-job-detail__company">{job.company}</p>
            <p className="ok-job-detail__posted">Posted {relativeTimeLabel(new Date(job.createdAt))}</p>
            {state.saved !== null && !removed ? (
              <>
                <SaveToggle className="ok-job-detail__save" title={job.title} saved={state.saved} onToggle={props.actions.toggleSave} />
                {/* The toggle keeps its name "Save" (a toggle's name must not change); this line says it worked (issue 25). */}
                <p className="ok-job-detail__saved" role="status">
                  {state.saved ? SAVED_NOTE : ''}
                </p>
              </>
            ) : null}
            {state.saveError ? (
              <p className="ok-job-detail__failure" role="alert">
                {state.saveError}
              </p>
            ) : null}
          </header>
          <PostingNotices job={job} />
          {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- a posting's picture has no caption, so its alt names the posting; journeys find it by that */}
          {props.imageUrl ? <img className="ok-job-detail__image" src={props.imageUrl} alt={`Image of the posting ${job.title}`} /> : null}
          <p className="ok-job-detail__description">{job.description}</p>
        </div>
        <div className="ok-job-detail__side">
          {removed ? (
            <p className="ok-job-detail__result" role="status">
              {removal.status === 'done' ? removal.message : ''}
            </p>
          ) : (
            <PrimaryAction {...props} job={job} />
          )}
          <dl className="ok-job-detail__facts">
            <Fact label="Type">{job.postingType}</Fact>
            <Fact label="Cluster">{job.cluster}</Fact>
            <Fact label="Location">{postingPlace(job)}</Fact>
            <Fact label="Salary">{formatHourlyRate(job.hourlyRate)}</Fact>
            <Fact label="Employment">{job.employmentType ? EMPLOYMENT_TYPE_LABELS[job.employmentType] : null}</Fact>
            <Fact label="Starts">{job.startDate && formatDay(job.startDate)}</Fact>
            <Fact label="Ends">{job.endDate && formatDay(job.endDate)}</Fact>
            <Fact label="Apply by">{job.applicationDeadline && formatDay(job.applicationDeadline)}</Fact>
            <PostingRuleFacts job={job} rules={props.boardRules} />
            <Fact label="Visibility">{job.visible ? null : 'Private'}</Fact>
            <Fact label="Views">{String(job.viewCount)}</Fact>
          </dl>
          {removed ? null : <SecondaryActions {...props} job={job} onFocusLost={() => heading.current?.focus()} />}
        </div>
      </div>
    </article>
  );
}

/** Client-side navigation for a plain left click on one of the page's links; other clicks stay the browser's. */
function navigation(job: Job, onNavigate: JobDetailViewProps['onNavigate']) {
  return (path: string) => (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onNavigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onNavigate(path, job);
  };
}

function BackLink({ job, href, onNavigate }: { job: Job; href: string; onNavigate: JobDetailViewProps['onNavigate'] }) {
  return (
    <a className="ok-job-detail__back" href={href} onClick={navigation(job, onNavigate)(href)}>
      Back to {job.postingType} listings
    </a>
  );
}

/** What the viewer may do with the posting, from the role rules of `@opportunity-kit/sdk/domain`. */
function abilities({ job, viewer, state }: Pick<JobDetailViewProps, 'viewer' | 'state'> & { job: Job }) {
  const manages = viewer !== null && canManagePosting(viewer, job);
  const applied = state.applied && !state.applied.postingRemoved ? state.applied : null;
  return {
    manages,
    applied,
    appliesHere: viewer !== null && !applied && canApply(viewer, job),
    // A teacher's own primary action is assigning, beside Edit when they also manage the posting.
    assignsFirst: viewer !== null && canAssignStudents(viewer),
  };
}

/**
 * The one primary action of the viewer's role, in the header area (issue 25): a student applies (or
 * reads that they applied), the posting's creator and teachers edit it, another teacher assigns it. A
 * student's Apply rides in a bar at the bottom of a phone's screen, so it is never below the fold.
 */
function PrimaryAction({ job, viewer, links, onNavigate, state, actions, findStudents }: JobDetailViewProps & { job: Job }) {
  const go = navigation(job, onNavigate);
  const { manages, applied, appliesHere, assignsFirst } = abilities({ job, viewer, state });
  if (!viewer || !links) return null;
  if (manages || assignsFirst) {
    return (
      <div className="ok-job-detail__primary">
        {manages ? (
          <ManagePosting
            job={job}
            editHref={links.edit}
            applicationsHref={viewer.id === job.creatorId ? links.applications : null}
            stateChange={state.stateChange}
            actions={actions}
            go={go}
          />
        ) : null}
        {assignsFirst ? <AssignStudent job={job} assignment={state.assignment} actions={actions} findStudents={findStudents} /> : null}
      </div>
    );
  }
  if (applied) {
    return (
      <div className="ok-job-detail__primary">
        <AppliedPanel applied={applied} href={links.myApplications} onOpen={go(links.myApplications)} />
      </div>
    );
  }
  if (appliesHere && state.ageRuling) {
    return (
      <div className="ok-job-detail__primary">
        <p className="ok-job-detail__age-rule" role="note">
          {state.ageRuling.message}
        </p>
      </div>
    );
  }
  if (appliesHere) {
    return (
      <div className="ok-job-detail__primary ok-job-detail__primary--bar">
        <a className="ok-job-detail__button ok-primary-button" href={links.apply} onClick={go(links.apply)}>
          Apply To Opportunity
        </a>
      </div>
    );
  }
  return null;
}

/**
 * Everything else, grouped below the facts as secondary: contact, the employer's website, practice,
 * report, and removing the posting. The website
 * is "Apply on Website" only for a viewer who cannot apply here: a student who applies in the portal
 * has one way to apply, and the website is then just the employer's site.
 */
function SecondaryActions(props: JobDetailViewProps & { job: Job; onFocusLost(): void }) {
  const { job, viewer, links, onNavigate, onFocusLost, state, actions } = props;
  const go = navigation(job, onNavigate);
  const { manages, applied, appliesHere } = abilities({ job, viewer, state });
  const website = job.postingType !== 'Gig' && job.companyWebsite && isHttpUrl(job.companyWebsite) ? job.companyWebsite.trim() : null;
  // The employer does not write to themselves: Contact Employer is for everyone but the posting's creator.
  const contact = viewer?.id !== job.creatorId && job.contactEmail && isEmailAddress(job.contactEmail) ? job.contactEmail.trim() : null;
  const appliesInPortal = appliesHere || applied !== null;
  return (
    <div className="ok-job-detail__actions">
      <div className="ok-job-detail__row">
        {contact ? (
          <a className="ok-job-detail__button ok-primary-button ok-job-detail__button--secondary" href={`mailto:${contact}`}>
            Contact Employer
          </a>
        ) : null}
        {website ? (
          <a className="ok-job-detail__button ok-primary-button ok-job-detail__button--secondary" href={website} target="_blank" rel="noopener noreferrer">
            {appliesInPortal ? "Employer's website" : 'Apply on Website'}
            <span className="ok-visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null}
        {viewer && links && !manages ? (
          <>
            <a className="ok-job-detail__button ok-primary-button ok-job-detail__button--secondary" href={links.interview} onClick={go(links.interview)}>
              Practice Interview for this Position
            </a>
            <a className="ok-job-detail__button ok-primary-button ok-job-detail__button--secondary" href={links.resume} onClick={go(links.resume)}>
              Review Resume for this Position
            </a>
          </>
        ) : null}
      </div>
      {viewer &&
      !manages &&
      state.canReport &&
      state.report &&
      actions.openReport &&
      actions.setReportReason &&
      actions.submitReport &&
      actions.cancelReport ? (
        <ReportPosting
          report={state.report}
          actions={{
            openReport: actions.openReport,
            setReportReason: actions.setReportReason,
            submitReport: actions.submitReport,
            cancelReport: actions.cancelReport,
          }}
        />
      ) : null}
      {viewer && canRemovePosting(viewer, job) ? (
        <div className="ok-job-detail__row ok-job-detail__row--manage">
          <RemovePosting postingType={job.postingType} removal={state.removal} actions={actions} onFocusLost={onFocusLost} />
        </div>
      ) : null}
    </div>
  );
}

/**
 * The known part of a posting while the rest loads, laid out as the loaded page: a component of its
 * own, so the loaded page replaces its elements rather than moving their text (no layout shift). The way back is text
 * until the posting's own links are known; screen readers hear "Loading..." from the facts' shapes.
 */
export function JobDetailPreviewView({ preview }: { preview: JobDetailPreview }) {
  return (
    <article className="ok-job-detail" data-state="loading" aria-busy="true">
      <span className="ok-job-detail__back">Back to {preview.postingType} listings</span>
      <div className="ok-job-detail__layout">
        <div className="ok-job-detail__main">
          <header className="ok-job-detail__header">
            <h1 className="ok-job-detail__title">{preview.title}</h1>
            <p className="ok-job-detail__company">{preview.company}</p>
          </header>
          {/* eslint-disable-next-line jsx-a11y/img-redundant-alt -- the loaded page's own alt, so the picture is the same element to a reader */}
          {preview.imageUrl ? <img className="ok-job-detail__image" src={preview.imageUrl} alt={`Image of the posting ${preview.title}`} /> : null}
          <p className="ok-job-detail__description">{preview.description}</p>
        </div>
        <div className="ok-job-detail__side">
          <div className="ok-job-detail__preview-shapes">
            <Skeleton count={1} listClassName="ok-job-detail__skeleton">
              <SkeletonBone width="medium" className="ok-job-detail__skeleton-action" />
              <SkeletonBone shape="block" className="ok-job-detail__skeleton-facts" />
            </Skeleton>
          </div>
        </div>
      </div>
    </article>
  );
}

/**
 * The page's shapes while the posting loads (issue 25: a bare "Loading..." on a slow connection): the
 * title, the company, the primary action and the facts where they will be. Screen readers hear the
 * spec's "Loading...".
 */
function JobDetailSkeleton() {
  return (
    <Skeleton count={1} listClassName="ok-job-detail__skeleton">
      <SkeletonBone width="long" className="ok-job-detail__skeleton-title" />
      <SkeletonBone width="short" />
      <SkeletonBone width="medium" className="ok-job-detail__skeleton-action" />
      <SkeletonBone shape="block" className="ok-job-detail__skeleton-facts" />
      <SkeletonBone />
      <SkeletonBone />
      <SkeletonBone width="long" />
    </Skeleton>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  if (children === null || children === undefined || children === '') return null;
  return (
    <div className="ok-job-detail__fact">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
