import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { isPortalError, type Job } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { usePortal } from '../app/portal-context.tsx';
import { jobPath } from '../postings/job-route.ts';
import { useMember } from '../session/session-context.tsx';
import './assigned-to-you.css';

type Assigned = { state: 'loading' } | { state: 'ready'; jobs: readonly Job[] } | { state: 'failed'; message: string };

/**
 * "Assigned to you": the postings a teacher assigned to the signed-in student (issue 14, bug 3). The
 * listings leave assigned postings out for students, so without this the student could reach one only
 * by its address. Nothing shows for other roles, or while a student has none.
 */
export function AssignedToYou() {
  const member = useMember();
  return member.role === 'student' ? <AssignedList /> : null;
}

function AssignedList() {
  const portal = usePortal();
  const [assigned, setAssigned] = useState<Assigned>({ state: 'loading' });
  // Each "Try again" asks once more.
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    portal.jobs.listAssignedToMe().then(
      (page) => live && setAssigned({ state: 'ready', jobs: page.items }),
      (thrown: unknown) => live && setAssigned({ state: 'failed', message: isPortalError(thrown) ? thrown.message : MESSAGES.genericError }),
    );
    return () => {
      live = false;
    };
  }, [portal, attempt]);

  if (assigned.state === 'loading' || (assigned.state === 'ready' && assigned.jobs.length === 0)) return null;
  return (
    <section className="portal-assigned" aria-labelledby="portal-assigned-title">
      <h2 className="portal-assigned__title" id="portal-assigned-title">
        Assigned to you
      </h2>
      {assigned.state === 'failed' ? (
        <div className="portal-alert" role="alert">
          <p>{assigned.message}</p>
          <button
            type="button"
            className="portal-button"
            onClick={() => {
              setAssigned({ state: 'loading' });
              setAttempt((count) => count + 1);
            }}
          >
            Try again
          </button>
        </div>
      ) : (
        <ul className="portal-assigned__list">
          {assigned.jobs.map((job) => (
            <li className="portal-assigned__item" key={job.id}>
              <Link className="portal-assigned__link" to={jobPath(job.id)}>
                {job.title}
              </Link>
              <span className="portal-assigned__meta">
                {job.company} · {job.postingType} · {job.location}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
