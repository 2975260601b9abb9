import { Link } from 'react-router';
import type { SchoolOverview, StaffRequestGlance } from '@opportunity-kit/sdk';
import { formatHours } from '@opportunity-kit/sdk/domain';

/** For administrators: their schools' figures and the staff requests waiting for them. */
export function SchoolOverviews({ overview, staffRequests }: { overview: readonly SchoolOverview[]; staffRequests: readonly StaffRequestGlance[] }) {
  if (overview.length === 0) return null;
  return (
    <section className="portal-home__section" aria-labelledby="home-overview">
      <h2 id="home-overview">{overview.length === 1 ? 'Your school' : 'Schools'}</h2>
      <div className="portal-home__table-wrap">
        <table className="portal-home__table">
          <caption>Figures per school</caption>
          <thead>
            <tr>
              <th scope="col">School</th>
              <th scope="col">Students</th>
              <th scope="col">Staff</th>
              <th scope="col">Requests waiting</th>
              <th scope="col">Hours approved</th>
              <th scope="col">Applications</th>
              <th scope="col">Placements</th>
            </tr>
          </thead>
          <tbody>
            {overview.map((school) => (
              <tr key={school.schoolId}>
                <th scope="row">
                  <span className="portal-home__name">{school.schoolName}</span>
                </th>
                <td>{school.students}</td>
                <td>{school.staff}</td>
                <td>{school.studentRequests + school.staffRequests}</td>
                <td>{formatHours(school.approvedHours)}</td>
                <td>{school.applications}</td>
                <td>{school.placements}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <h3>Staff asking to join</h3>
      {staffRequests.length === 0 ? (
        <p className="portal-home__calm">No staff request waits.</p>
      ) : (
        <ul className="portal-home__requests">
          {staffRequests.map((request) => (
            <li key={`${request.schoolId}-${request.id}`}>
              <span className="portal-home__name">{request.name || request.email}</span> ({request.email}) asks to join {request.schoolName}.{' '}
              <Link to="/school">Decide on the School page</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
