import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';
import { hoursOpportunities, logHoursPath, type HoursOpportunity } from './hours-opportunities.ts';
import './log-hours-links.css';

/**
 * "Log hours" beside each accepted or assigned unpaid Volunteering posting (`hoursOpportunities`),
 * leading to the hours form pre-filled from it (issue 16). Nothing shows for other roles, while
 * it loads, when there are none, or when it could not load (the hours page itself still works).
 */
export function LogHoursLinks() {
  const member = useMember();
  return member.role === 'student' ? <OpportunityLinks /> : null;
}

function OpportunityLinks() {
  const portal = usePortal();
  const [opportunities, setOpportunities] = useState<readonly HoursOpportunity[]>([]);
  useEffect(() => {
    let live = true;
    hoursOpportunities(portal).then(
      (found) => live && setOpportunities(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [portal]);

  if (opportunities.length === 0) return null;
  // The link's name says which posting ("Log hours for Food bank helper"), and starts with what it shows, for voice control.
  return (
    <section className="portal-log-hours" aria-labelledby="portal-log-hours-title">
      <h2 className="portal-log-hours__title" id="portal-log-hours-title">
        Volunteering hours to log
      </h2>
      <ul className="portal-log-hours__list">
        {opportunities.map((opportunity) => (
          <li className="portal-log-hours__item" key={opportunity.jobId}>
            <span className="portal-log-hours__name">{opportunity.title}</span>
            <Link className="portal-log-hours__link" to={logHoursPath(opportunity.jobId)} aria-label={`Log hours for ${opportunity.title}`}>
              Log hours
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
