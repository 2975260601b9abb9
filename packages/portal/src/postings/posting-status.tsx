import { MESSAGES } from '@opportunity-kit/sdk/domain';
import type { PostingState } from './use-posting.ts';

/** "Loading...", "Job not found" or the failure, while a page has no posting to show. */
export function PostingStatus({ posting }: { posting: PostingState }) {
  if (posting.state === 'loading') return <p role="status">{MESSAGES.loading}</p>;
  if (posting.state === 'missing')
    return (
      <p className="portal-alert" role="alert">
        {MESSAGES.jobNotFound}
      </p>
    );
  if (posting.state === 'failed')
    return (
      <p className="portal-alert" role="alert">
        {posting.message}
      </p>
    );
  return null;
}
