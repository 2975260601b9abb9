import type { Job, PortalClient } from '@opportunity-kit/sdk';

/** The address of a posting's image, read with the visitor's own session. */
export function jobImageUrl(portal: PortalClient): (job: Job) => string | null {
  return (job) => (job.imageFileId ? portal.files.viewUrl('job-images', job.imageFileId) : null);
}
