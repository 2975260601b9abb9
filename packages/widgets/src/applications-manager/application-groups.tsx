import { useId } from 'react';
import { relativeTimeLabel, type Application } from '@opportunity-kit/sdk/domain';
import { ApplicationStatusBadge } from './application-status-badge.tsx';

/** The applications to one posting, in the order they came. */
interface PostingGroup {
  jobId: string;
  jobTitle: string;
  applications: Application[];
}

/** Groups applications by posting, the posting with the newest application first. */
export function groupByPosting(applications: readonly Application[]): PostingGroup[] {
  const groups = new Map<string, PostingGroup>();
  for (const application of applications) {
    const group = groups.get(application.jobId) ?? { jobId: application.jobId, jobTitle: application.jobTitle, applications: [] };
    group.applications.push(application);
    groups.set(application.jobId, group);
  }
  return [...groups.values()];
}

const applicantsLabel = (count: number) => (count === 1 ? '1 applicant' : `${count} applicants`);

export interface ApplicationGroupsProps {
  applications: readonly Application[];
  applicantNames: ReadonlyMap<string, string | null>;
  selectedId: string | undefined;
  onSelect: (id: string) => void;
  now: Date;
}

/**
 * The manager's list, one section per posting: its title with how many applicants are shown, and
 * each applicant by name (the name they applied with; else their profile's, or their e-mail address until it is known).
 */
export function ApplicationGroups({ applications, applicantNames, selectedId, onSelect, now }: ApplicationGroupsProps) {
  const id = useId();
  return (
    <div className="ok-applications-manager__groups">
      {groupByPosting(applications).map((group, index) => (
        <section className="ok-applications-manager__group" key={group.jobId} aria-labelledby={`${id}-${index}`}>
          <h3 className="ok-applications-manager__group-title" id={`${id}-${index}`}>
            {group.jobTitle} <span className="ok-applications-manager__group-count">({applicantsLabel(group.applications.length)})</span>
          </h3>
          <ul className="ok-applications-manager__list">
            {group.applications.map((application) => {
              const name = application.applicantName || applicantNames.get(application.applicantEmail);
              return (
                <li key={application.id}>
                  <button
                    type="button"
                    className="ok-applications-manager__item"
                    data-id={application.id}
                    aria-current={selectedId === application.id ? 'true' : undefined}
                    onClick={() => onSelect(application.id)}
                  >
                    <span className="ok-applications-manager__item-title">{name ?? application.applicantEmail}</span>
                    {name ? <span className="ok-applications-manager__item-applicant">{application.applicantEmail}</span> : null}
                    {/* The posting's title is the group's heading; a button read on its own names it too. */}
                    <span className="ok-visually-hidden">for {application.jobTitle}</span>
                    <span className="ok-applications-manager__item-meta">
                      <ApplicationStatusBadge status={application.status} />
                      <span>{relativeTimeLabel(new Date(application.createdAt), now)}</span>
                    </span>
                  </button>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
