import { useEffect, useMemo, useRef } from 'react';
import type { BoardRules, Job, Viewer } from '@opportunity-kit/sdk/domain';
import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import type { SavedApi } from '../saved-postings/saved-marks.ts';
import {
  createJobDetailController,
  type JobDetailApi,
  type JobDetailApplicationsApi,
  type JobDetailEligibilityApi,
  type JobDetailReportsApi,
} from './job-detail-controller.ts';
import { createJobDetailModel, type JobDetailActions, type JobDetailState } from './job-detail-model.ts';
import { jobDetailLinks, JobDetailView, type JobDetailLinks, type JobDetailPreview } from './job-detail-view.tsx';

/** Options of {@link useJobDetail}: the SDK, and the posting. @public */
export interface JobDetailOptions {
  /** The SDK's jobs module (`portal.jobs`), or anything with its `get`, `watch`, `assign`, `remove` and `setState`. */
  jobs: JobDetailApi;
  /** The SDK's applications module (`portal.applications`): a student who applied sees "Applied" instead of Apply. */
  applications?: JobDetailApplicationsApi | undefined;
  /** The posting to show (the id in the route `/job/{id}`). */
  jobId: string;
  /** The SDK's saved module (`portal.saved`), for students only: the page gets a Save toggle. */
  saved?: SavedApi | undefined;
  /** The SDK's moderation module (`portal.moderation`): members who did not post it get a Report action. */
  reports?: JobDetailReportsApi | undefined;
  /** Whether the student's age allows the posting (issue 26): the connected page passes `jobs.openToMe` for a student. */
  eligibility?: JobDetailEligibilityApi | undefined;
}

/** Props of {@link JobDetail}. @public */
export interface JobDetailProps extends JobDetailOptions {
  /** The signed-in member: the buttons follow the spec's role rules for them. */
  viewer: Viewer | null;
  /** The address of the posting's image (for example `portal.files.viewUrl('job-images', id)`). */
  imageUrl?: ((job: Job) => string | null) | undefined;
  /** Where the buttons lead; the spec's routes by default. */
  links?: ((job: Job) => JobDetailLinks) | undefined;
  /** Client-side navigation for the buttons (the application form receives the job this way). */
  onNavigate?: ((path: string, job: Job) => void) | undefined;
  /** Called once the posting was removed, for example to go back to its listing. */
  onRemoved?: ((job: Job) => void) | undefined;
  /** The board's youth-work rules (`portal.youthRules.board()`) for the posting's "Open from age" facts; Ontario's by default. */
  boardRules?: BoardRules | undefined;
  /** What is already known of the posting (the card it was opened from), shown while it loads. */
  preview?: JobDetailPreview | undefined;
}

/**
 * The detail page of one posting without its markup: the posting, followed live while mounted, and
 * the assignment and removal commands with their results, for a view of your own. The options are
 * read once; give the component a new `key` for another posting.
 * @public
 */
export function useJobDetail(options: JobDetailOptions): WidgetBinding<JobDetailState, JobDetailActions> {
  return useWidgetController(() =>
    createJobDetailController(options.jobs, createJobDetailModel(options.jobId), options.applications, options.saved, options.reports, options.eligibility),
  );
}

/**
 * The detail page of one posting, connected to the SDK: "Loading..." while it loads, "Job not found"
 * when it is missing, and the assignment and removal commands with their results. It follows the
 * posting live while mounted (a view counted, a student assigned, a removal by someone else).
 * @public
 */
export function JobDetail(props: JobDetailProps) {
  // A router that reuses the component for another posting gets a fresh page, not the old posting.
  return <ConnectedJobDetail key={props.jobId} {...props} />;
}

function ConnectedJobDetail({ viewer, imageUrl, links = jobDetailLinks, onNavigate, onRemoved, boardRules, preview, ...options }: JobDetailProps) {
  // Only students save postings; the server refuses everyone else, so nobody else is offered it.
  // Only a student's age is weighed; asking for anyone else would answer nothing.
  const student = viewer?.role === 'student';
  const { state, actions } = useJobDetail({
    ...options,
    saved: student ? options.saved : undefined,
    eligibility: student && options.jobs.openToMe ? { openToMe: options.jobs.openToMe } : undefined,
  });
  const { job } = state;
  useRemovedCallback(state, onRemoved);
  const { jobs, jobId } = options;
  const findStudents = useMemo(() => (jobs.assignableStudents ? (search: string) => jobs.assignableStudents!(jobId, search) : undefined), [jobs, jobId]);
  return (
    <JobDetailView
      state={state}
      actions={actions}
      viewer={viewer}
      imageUrl={job && imageUrl ? imageUrl(job) : null}
      links={job ? links(job) : null}
      onNavigate={onNavigate}
      findStudents={findStudents}
      boardRules={boardRules}
      preview={preview}
    />
  );
}

/** Tells the host once the member's own removal is done, with the posting that was removed. */
function useRemovedCallback(state: JobDetailState, onRemoved: JobDetailProps['onRemoved']): void {
  const removed = state.removal.status === 'done';
  // Read at the moment of the removal: the host's callback may be a new function on every render,
  // and a live change may still replace the posting shown, but only the removal itself calls back.
  const latest = useRef({ job: state.job, onRemoved });
  latest.current = { job: state.job, onRemoved };
  useEffect(() => {
    const { job, onRemoved } = latest.current;
    if (removed && job) onRemoved?.(job);
  }, [removed]);
}
