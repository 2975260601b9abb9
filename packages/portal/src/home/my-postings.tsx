import { Link } from 'react-router';
import type { EmployerGlance } from '@opportunity-kit/sdk';

/** How long answers take, in the unit that reads best: hours under two days, days after. */
export function responseTimeText(hours: number): string {
  if (hours < 1) return 'under an hour';
  if (hours < 48) return `${Math.round(hours)} ${Math.round(hours) === 1 ? 'hour' : 'hours'}`;
  const days = Math.round(hours / 24);
  return `${days} days`;
}

/**
 * The poster's postings: applicants (new since their last visit, still waiting for an answer), the
 * postings no school sees yet and what happens next, and how fast they answer.
 */
export function MyPostings({ glance }: { glance: EmployerGlance }) {
  const waitingForApproval = glance.postings.filter((posting) => posting.waitingForApproval && !posting.closed);
  return (
    <section className="portal-home__section" aria-labelledby="home-postings">
      <h2 id="home-postings">Your postings</h2>
      {waitingForApproval.length > 0 ? (
        <div className="portal-home__notice" role="note">
          <p>
            {waitingForApproval.length === 1 ? '1 posting waits' : `${waitingForApproval.length} postings wait`} for a school&apos;s approval of your
            organisation. Students do not see {waitingForApproval.length === 1 ? 'it' : 'them'} yet.
          </p>
          <p>What happens next: the schools were told and decide soon; you get an e-mail and a notification either way.</p>
        </div>
      ) : null}
      <p className="portal-home__calm">
        {glance.medianResponseHours === null
          ? `Answer applications promptly: students are told as soon as you decide, and after ${glance.reminderDays} ${glance.reminderDays === 1 ? 'day' : 'days'} we remind you.`
          : `You answer applications in ${responseTimeText(glance.medianResponseHours)} (median of ${glance.answered} ${glance.answered === 1 ? 'answer' : 'answers'}).`}
      </p>
      {glance.postings.length === 0 ? (
        <p className="portal-home__calm">
          You have not posted yet. <Link to="/post-job">Post an opportunity</Link>.
        </p>
      ) : (
        <div className="portal-home__table-wrap">
          <table className="portal-home__table">
            <caption>Applicants per posting</caption>
            <thead>
              <tr>
                <th scope="col">Posting</th>
                <th scope="col">Applicants</th>
                <th scope="col">New since last visit</th>
                <th scope="col">To answer</th>
              </tr>
            </thead>
            <tbody>
              {glance.postings.map((posting) => (
                <tr key={posting.jobId}>
                  <th scope="row">
                    <Link className="portal-home__name" to={`/job/${encodeURIComponent(posting.jobId)}`}>
                      {posting.title}
                    </Link>
                    {posting.closed ? <span className="portal-home__tag">Closed</span> : null}
                    {posting.waitingForApproval && !posting.closed ? <span className="portal-home__tag">Waiting for approval</span> : null}
                  </th>
                  <td>{posting.applicants}</td>
                  <td>{posting.newApplicants > 0 ? <strong>{posting.newApplicants} new</strong> : 0}</td>
                  <td>{posting.waiting > 0 ? <Link to="/application-manager">{posting.waiting}</Link> : 0}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
