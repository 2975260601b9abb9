import { Link } from 'react-router';
import type { WorkCounts } from '@opportunity-kit/sdk';

/** What each count stands for, where it is dealt with, and how it reads. */
const WORK: ReadonlyArray<{ key: keyof WorkCounts; to: string; one: string; many: string }> = [
  { key: 'approvals', to: '/approvals', one: 'employer waiting for your approval', many: 'employers waiting for your approval' },
  { key: 'hoursToReview', to: '/hours/review', one: 'hours entry ready for your review', many: 'hours entries ready for your review' },
  { key: 'reports', to: '/moderation', one: 'report to moderate', many: 'reports to moderate' },
  { key: 'applications', to: '/application-manager', one: 'application waiting for your answer', many: 'applications waiting for your answer' },
];

/** "What needs you": each kind of waiting work with its count, linking to where it is done; a calm sentence when nothing waits. */
export function WaitingWork({ counts }: { counts: WorkCounts }) {
  const waiting = WORK.filter((work) => counts[work.key] > 0);
  return (
    <section className="portal-home__section" aria-labelledby="home-needs">
      <h2 id="home-needs">What needs you</h2>
      {waiting.length === 0 ? (
        <p className="portal-home__calm">Nothing waits for you right now. New work shows up here and in the bell.</p>
      ) : (
        <ul className="portal-home__work">
          {waiting.map((work) => (
            <li key={work.key}>
              <Link className="portal-home__work-link" to={work.to}>
                <span className="portal-home__count">{counts[work.key]}</span> {counts[work.key] === 1 ? work.one : work.many}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
