import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { Job, PortalClient } from '@opportunity-kit/sdk';
import { LISTING_ROUTES, MESSAGES, type PostingType } from '@opportunity-kit/sdk/domain';
import type { JobDetailApi } from '@opportunity-kit/widgets';
import { usePortal } from '../app/portal-context.tsx';

/** Why a posting the member opened is not there, as far as the member may know it. */
interface MissingReason {
  /** What the member is told under "Job not found". */
  text: string;
  /** The listing of its type when known (a saved posting keeps it), else the home screen. */
  back: { to: string; label: string };
}

// Said alike for every posting the member knows nothing of: one hidden from them or meant for another
// school reads exactly as an id that never existed, so the page tells nobody what exists.
const UNKNOWN: MissingReason = {
  text: 'It may have been removed, or it is not open to you.',
  back: { to: '/landing', label: 'Browse opportunities' },
};

const CLOSED = 'This opportunity is closed and no longer takes applications.';

function backTo(type: PostingType | undefined): MissingReason['back'] {
  return type ? { to: LISTING_ROUTES[type], label: `Back to ${type} listings` } : UNKNOWN.back;
}

/**
 * What the member's own records say of a posting they can no longer read: their saved posting (which
 * keeps its type, and says closed or removed) or their application (`postingRemoved`). Both are rows
 * of the member alone, so they reveal nothing the member did not know.
 */
async function reasonFor(portal: PortalClient, jobId: string): Promise<MissingReason> {
  const [saved, applied] = await Promise.all([
    portal.saved.list().then(
      (postings) => postings.find((posting) => posting.jobId === jobId),
      () => undefined,
    ),
    portal.applications.appliedTo([jobId]).then(
      (applications) => applications.get(jobId),
      () => undefined,
    ),
  ]);
  const removed = saved?.status === 'removed' || applied?.postingRemoved === true;
  if (removed) return { text: `${MESSAGES.applicationPostingRemoved}.`, back: backTo(saved?.postingType) };
  if (saved?.status === 'closed') return { text: CLOSED, back: backTo(saved.postingType) };
  return saved ? { ...UNKNOWN, back: backTo(saved.postingType) } : UNKNOWN;
}

/**
 * The detail widget's posting reads, passed through unchanged, telling the page whether the latest
 * answer (a read, or a live change) found no posting: the page then says why under "Job not found".
 * No request of its own is made while the posting is there.
 */
export function useMissingPostingWatch(): { jobs: JobDetailApi; missing: boolean } {
  const portal = usePortal();
  const [missing, setMissing] = useState(false);
  const jobs = useMemo<JobDetailApi>(() => {
    const answered = (job: Job | null) => setMissing(job === null);
    return {
      get: async (id) => {
        const job = await portal.jobs.get(id);
        answered(job);
        return job;
      },
      watch: (id, onChange, onError) =>
        portal.jobs.watch(
          id,
          (job) => {
            answered(job);
            onChange(job);
          },
          onError,
        ),
      assign: (id, email) => portal.jobs.assign(id, email),
      assignableStudents: (id, search) => portal.jobs.assignableStudents(id, search),
      remove: (id) => portal.jobs.remove(id),
      setState: (id, state) => portal.jobs.setState(id, state),
      openToMe: (ids) => portal.jobs.openToMe(ids),
    };
  }, [portal]);
  return { jobs, missing };
}

/** Under "Job not found": why, when the member's own records know it, and always the way back. */
export function MissingPosting({ jobId }: { jobId: string }) {
  const portal = usePortal();
  const [reason, setReason] = useState<MissingReason | null>(null);
  useEffect(() => {
    let live = true;
    setReason(null);
    void reasonFor(portal, jobId).then((found) => live && setReason(found));
    return () => {
      live = false;
    };
  }, [portal, jobId]);
  if (!reason) return null;
  return (
    <div className="portal-missing-posting">
      <p>{reason.text}</p>
      <p>
        <Link to={reason.back.to}>{reason.back.label}</Link>
      </p>
    </div>
  );
}
