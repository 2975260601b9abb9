import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { canPostOpportunities, CLUSTERS, LOCATIONS, todayDateString, type Job, type PostingType, type Viewer } from '@opportunity-kit/sdk/domain';
import { createJobBoardController, type JobBoardApi } from './job-board-controller.ts';
import { createJobBoardModel, type JobBoardFilters } from './job-board-model.ts';
import { JobBoardView } from './job-board-view.tsx';

/** Props of {@link JobBoard}. @public */
export interface JobBoardProps {
  /** The SDK's jobs module (`portal.jobs`), or anything with its `list`, `subscribe` and `recordView`. */
  jobs: JobBoardApi;
  /** The listing's posting type (each listing route shows one). */
  postingType: PostingType;
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
  /** Filters to start with. */
  initialFilters?: JobBoardFilters | undefined;
  /** Cards per page (12 by default). */
  pageSize?: number | undefined;
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
  useSignals();
  const { jobs, postingType, pageSize } = props;
  const [model] = useState(() => createJobBoardModel(postingType, props.initialFilters));
  const [controller] = useState(() => createJobBoardController(jobs, model, pageSize));
  useEffect(() => controller.start(), [controller]);
  const page = model.page.value;
  const open = (job: Job) => controller.open(job);
  return (
    <JobBoardView
      postingType={postingType}
      title={props.title ?? `${postingType} opportunities`}
      filters={model.filters.value}
      locations={props.locations ?? LOCATIONS}
      clusters={props.clusters ?? CLUSTERS}
      today={todayDateString()}
      showPrivateFilter={props.viewer !== null && canPostOpportunities(props.viewer)}
      status={model.status.value}
      error={model.error.value}
      jobs={page.items}
      total={page.total}
      hasMore={page.nextCursor !== null}
      loadingMore={model.loadingMore.value}
      moreError={model.moreError.value}
      jobHref={props.jobHref ?? defaultHref}
      imageUrl={props.imageUrl ?? noImage}
      onSearchInput={controller.typeSearch}
      onSearchSubmit={controller.submitSearch}
      onChange={controller.setFilters}
      onStartDate={controller.setStartDate}
      onLoadMore={() => void controller.loadMore()}
      onRetry={() => void controller.load()}
      onOpen={open}
      onNavigate={props.onOpen}
    />
  );
}
