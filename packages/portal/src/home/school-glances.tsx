import type { CohortGlance, SchoolGlance, StudentGlance } from '@opportunity-kit/sdk';
import { formatHours } from '@opportunity-kit/sdk/domain';

/** Each of the staff member's schools: its students at a glance. */
export function SchoolGlances({ schools }: { schools: readonly SchoolGlance[] }) {
  if (schools.length === 0) return null;
  return (
    <>
      {schools.map((school) => (
        <SchoolGlanceSection key={school.schoolId} school={school} />
      ))}
    </>
  );
}

function SchoolGlanceSection({ school }: { school: SchoolGlance }) {
  const headingId = `home-school-${school.schoolId}`;
  const { done, pastHalf, started, none } = school.hoursBands;
  return (
    <section className="portal-home__section" aria-labelledby={headingId}>
      <h2 id={headingId}>Your students at {school.schoolName}</h2>
      {school.students === 0 ? (
        <p className="portal-home__calm">No students have joined {school.schoolName} yet. Import a roster to invite them.</p>
      ) : (
        <>
          <dl className="portal-home__figures">
            <Figure label="Students" value={school.students} />
            <Figure label="Applications" value={school.applications} />
            <Figure label="Placements" value={school.placements} />
            <Figure label="No activity yet" value={school.inactive} />
          </dl>
          <h3>Community involvement hours (required: {formatHours(school.requiredHours)})</h3>
          <dl className="portal-home__figures">
            <Figure label="Done" value={done} />
            <Figure label="Past half" value={pastHalf} />
            <Figure label="Started" value={started} />
            <Figure label="None yet" value={none} />
          </dl>
          <CohortTable cohorts={school.cohorts} />
          <StudentTable caption="Furthest behind on hours" students={school.furthestBehind} requiredHours={school.requiredHours} />
          <StudentTable caption="No application and no hours yet" students={school.inactiveStudents} requiredHours={school.requiredHours} />
        </>
      )}
    </section>
  );
}

/** The students by graduation year: how many, done, and behind the steady pace to the requirement. */
function CohortTable({ cohorts }: { cohorts: readonly CohortGlance[] }) {
  if (cohorts.length === 0) return null;
  return (
    <div className="portal-home__table-wrap">
      <table className="portal-home__table">
        <caption>By graduation year</caption>
        <thead>
          <tr>
            <th scope="col">Graduates</th>
            <th scope="col">Students</th>
            <th scope="col">Done</th>
            <th scope="col">Behind pace</th>
          </tr>
        </thead>
        <tbody>
          {cohorts.map((cohort) => (
            <tr key={cohort.graduationYear ?? 'unknown'}>
              <th scope="row">{cohort.graduationYear ?? 'Not given (add it to the roster)'}</th>
              <td>{cohort.students}</td>
              <td>{cohort.done}</td>
              <td>{cohort.graduationYear === null ? '—' : cohort.behind}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="portal-home__figure">
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

function StudentTable({ caption, students, requiredHours }: { caption: string; students: readonly StudentGlance[]; requiredHours: number }) {
  if (students.length === 0) return null;
  return (
    <div className="portal-home__table-wrap">
      <table className="portal-home__table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Student</th>
            <th scope="col">Graduates</th>
            <th scope="col">Hours</th>
            <th scope="col">Applications</th>
            <th scope="col">Placements</th>
          </tr>
        </thead>
        <tbody>
          {students.map((student) => (
            <tr key={student.id}>
              <th scope="row">
                <span className="portal-home__name">{student.name || student.email}</span>
              </th>
              <td>{student.graduationYear ?? 'Not given'}</td>
              <td>
                {formatHours(student.approvedHours)} of {formatHours(requiredHours)}
              </td>
              <td>{student.applications}</td>
              <td>{student.placements}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
