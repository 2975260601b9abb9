import {
  canManagePosting,
  canPostOpportunities,
  CLUSTERS,
  LOCATIONS,
  todayDateString,
  type Job,
  type PostingType,
  type Viewer,
} from '@opportunity-kit/sdk/domain';
import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import type { SavedApi } from '../saved-postings/saved-marks.ts';
import { createJobBoardController, type JobBoardAlertsApi, type JobBoardApi, type JobBoardApplicationsApi } from './job-board-controller.ts';
import { createJobBoardModel, type JobBoardActions, type JobBoardFilters, type JobBoardState } from './job-board-model.ts';
import { JobBoardView } from './job-board-view.tsx';

/** Options of {@link useJobBoard}: the SDK, and the listing. @public */
export interface JobBoardOptions {
  /** The SDK's jobs module (`portal.jobs`), or anything with its `list`, `subscribe` and `recordView`. */
  jobs: JobBoardApi;
  /** The listing's posting type (each listing route shows one). */
  postingType: PostingType;
  /** Filters to start with. */
  initialFilters?: JobBoardFilters | undefined;
  /** Cards per page (12 by default). */
  pageSize?: number | undefined;
  /** Called with the panel's new state on each change, for a host that keeps it (in its history, so Back restores it). */
  onFiltersChange?: ((filters: JobBoardFilters) => void) | undefined;
  /** The SDK's applications module (`portal.applications`): a student's cards then say "Applied" where they did. */
  applications?: JobBoardApplicationsApi | undefined;
  /** The SDK's saved module (`portal.saved`), for students only: each card gets a Save toggle. */
  saved?: SavedApi | undefined;
  /** The SDK's alerts module (`portal.alerts`), for students only: the board offers "Save this search" while a search or filter is set. */
  alerts?: JobBoardAlertsApi | undefined;
}

/** Props of {@link JobBoard}. @public */
export interface JobBoardProps extends JobBoardOptions {
  /** The signed-in member: decides whether the "Private Filter" switch shows. */
  viewer: Viewer | null;
  /**
   * Client-side navigation: called when a card is opened with a plain click or Enter, instead of the
   * browser following its link. The view is counted either way (the SDK call goes out as it opens).
   */
  onOpen?: ((job: Job) => void) | undefined;
  /** The detail page of a posting; `/job/{id}` by default (the spec's route). */
  jobHref?: ((job: Job) => string) | undefined;
  /** The address of a posting's image (for example `portal.files.viewUrl('job-images', id)`). */
  imageUrl?: ((job: Job) => string | null) | undefined;
  /** The header's title; `{type} opportunities` by default. */
  title?: string | undefined;
  /** The school's location options; the spec's 13 by default. */
  locations?: readonly string[] | undefined;
  /** The school's cluster options; the spec's 19 by default. */
  clusters?: readonly string[] | undefined;
}

/**
 * The job board without its markup: a listing of one posting type with filters and search on the
 * server, cursor pagination, and live updates of what is shown, for a view of your own. The options
 * are read once; give the component a new `key` for another posting type.
 * @public
 */
export function useJobBoard(options: JobBoardOptions): WidgetBinding<JobBoardState, JobBoardActions> {
  return useWidgetController(() =>
    createJobBoardController(options.jobs, createJobBoardModel(options.postingType, options.initialFilters), {
      pageSize: options.pageSize,
      onFiltersChange: options.onFiltersChange,
      applications: options.applications,
      saved: options.saved,
      alerts: options.alerts,
    }),
  );
}

const defaultHref = (job: Job) => `/job/${encodeURIComponent(job.id)}`;
const noImage = () => null;

/**
 * A listing page of one posting type, connected to the SDK: filters and search on the server, cursor
 * pagination with "Load more", and live updates of the page shown. Opening a card counts one view.
 * @public
 */
export function JobBoard(props: JobBoardProps) {
  // A router that reuses the component for another listing route gets a fresh board, not stale filters.
  return <ConnectedJobBoard key={props.postingType} {...props} />;
}

function ConnectedJobBoard(props: JobBoardProps) {
  // Only students save postings and searches; the server refuses everyone else, so nobody else is offered them.
  const student = props.viewer?.role === 'student';
  const { state, actions } = useJobBoard({ ...props, saved: student ? props.saved : undefined, alerts: student ? props.alerts : undefined });
  return (
    <JobBoardView
      state={state}
      actions={actions}
      title={props.title ?? `${props.postingType} opportunities`}
      locations={props.locations ?? LOCATIONS}
      clusters={props.clusters ?? CLUSTERS}
      today={todayDateString()}
      showPrivateFilter={props.viewer !== null && canPostOpportunities(props.viewer)}
      showAgeFilter={student}
      jobHref={props.jobHref ?? defaultHref}
      imageUrl={props.imageUrl ?? noImage}
      onNavigate={props.onOpen}
      showViews={(job) => props.viewer !== null && canManagePosting(props.viewer, job)}
    />
  );
}
