import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { Job, Viewer } from '@opportunity-kit/sdk/domain';
import { createJobDetailController, type JobDetailApi } from './job-detail-controller.ts';
import { createJobDetailModel } from './job-detail-model.ts';
import { jobDetailLinks, JobDetailView, type JobDetailLinks } from './job-detail-view.tsx';

/** Props of {@link JobDetail}. @public */
export interface JobDetailProps {
  /** The SDK's jobs module (`portal.jobs`), or anything with its `get`, `watch`, `assign` and `remove`. */
  jobs: JobDetailApi;
  /** The posting to show (the id in the route `/job/{id}`). */
  jobId: string;
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
}

/**
 * The detail page of one posting, connected to the SDK: "Loading..." while it loads, "Job not found"
 * when it is missing, and the assignment and removal commands with their results. It follows the
 * posting live while mounted (a view counted, a student assigned, a removal by someone else).
 * @public
 */
export function JobDetail({ jobs, jobId, viewer, imageUrl, links = jobDetailLinks, onNavigate, onRemoved }: JobDetailProps) {
  useSignals();
  const [model] = useState(createJobDetailModel);
  const [controller] = useState(() => createJobDetailController(jobs, model));
  useEffect(() => {
    void controller.load(jobId);
    return () => controller.dispose();
  }, [controller, jobId]);
  const detail = model.detail.value;
  const job = detail.status === 'ready' ? detail.job : null;
  return (
    <JobDetailView
      detail={detail}
      viewer={viewer}
      imageUrl={job && imageUrl ? imageUrl(job) : null}
      links={job ? links(job) : null}
      onNavigate={onNavigate}
      assignment={model.assignment.value}
      removal={model.removal.value}
      onAssign={(email) => void controller.assign(email)}
      onResetAssignment={controller.resetAssignment}
      onRemove={async () => {
        if (job && (await controller.remove())) onRemoved?.(job);
      }}
      onRetry={() => void controller.load(jobId)}
    />
  );
}
