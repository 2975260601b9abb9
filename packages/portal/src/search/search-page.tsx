import { useMemo, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Job } from '@opportunity-kit/sdk';
import { canManagePosting, LISTING_ROUTES, MESSAGES } from '@opportunity-kit/sdk/domain';
import { JobCard } from '@opportunity-kit/widgets';
import { Page } from '../app/page.tsx';
import { usePortal } from '../app/portal-context.tsx';
import { useMember } from '../session/session-context.tsx';
import { LISTING_LABELS, listingItems } from '../navigation/nav-items.ts';
import { jobImageUrl } from '../postings/job-image.ts';
import { jobPath } from '../postings/job-route.ts';
import { searchPath, withSearchWords, searchWordsOf } from './search-path.ts';
import { useSearchResults, type ResultGroup } from './use-search-results.ts';
import './search.css';

const opportunities = (count: number) => (count === 1 ? '1 opportunity' : `${count} opportunities`);

/**
 * /search?q=words: the global search of the top navigation. The matching postings of all four types,
 * grouped by type with each group's count and a way to its listing; nothing matched says so and
 * offers the listings instead.
 */
export function SearchPage() {
  const words = searchWordsOf(useSearchParams()[0]);
  const [attempt, setAttempt] = useState(0);
  const results = useSearchResults(words, attempt);
  const title = words ? `Search results for “${words}”` : 'Search';

  return (
    <Page title={title}>
      {results.state === 'idle' && <p>Type words in the navigation&apos;s search field to look through Jobs, Gigs, Enrichment and Volunteering at once.</p>}
      {results.state === 'loading' && (
        <p className="portal-search__status" role="status">
          {MESSAGES.loading}
        </p>
      )}
      {results.state === 'failed' && (
        <div className="portal-alert portal-search__failure" role="alert">
          <p>{results.message}</p>
          <button type="button" className="portal-button" onClick={() => setAttempt((count) => count + 1)}>
            Try again
          </button>
        </div>
      )}
      {results.state === 'ready' && <Results words={words} groups={results.groups} suggestion={results.suggestion} />}
    </Page>
  );
}

function Results({ words, groups, suggestion }: { words: string; groups: ResultGroup[]; suggestion: string | null }) {
  const matched = groups.filter((group) => group.total > 0);
  const total = matched.reduce((sum, group) => sum + group.total, 0);
  if (!matched.length) {
    return (
      <div className="portal-search__empty" role="status">
        <p>Nothing matched “{words}”. Try other or fewer words, or browse a listing:</p>
        {suggestion ? (
          <p className="portal-search__suggestion">
            <Link to={searchPath(suggestion)}>{`Did you mean ${suggestion}?`}</Link>
          </p>
        ) : null}
        <ul className="portal-search__listings">
          {listingItems().map((item) => (
            <li key={item.to}>
              <Link to={item.to}>{item.label}</Link>
            </li>
          ))}
        </ul>
      </div>
    );
  }
  return (
    <>
      <p className="portal-search__status" role="status">
        {opportunities(total)} matched “{words}”.
      </p>
      {matched.map((group) => (
        <ResultSection key={group.postingType} group={group} words={words} />
      ))}
    </>
  );
}

function ResultSection({ group, words }: { group: ResultGroup; words: string }) {
  const portal = usePortal();
  const member = useMember();
  const navigate = useNavigate();
  const imageUrl = useMemo(() => jobImageUrl(portal), [portal]);
  const label = LISTING_LABELS[group.postingType];
  const headingId = `search-${group.postingType}`;
  // Opening a card counts one view, as on the listings.
  const open = (job: Job) => void portal.jobs.recordView(job.id).catch(() => undefined);
  return (
    <section className="portal-search__group" aria-labelledby={headingId}>
      <h2 className="portal-search__group-title" id={headingId}>
        {label} <span className="portal-search__count">({group.total})</span>
      </h2>
      <ul className="portal-search__grid">
        {group.jobs.map((job) => (
          <li key={job.id}>
            <JobCard
              job={job}
              href={jobPath(job.id)}
              imageUrl={imageUrl(job)}
              onOpen={open}
              onNavigate={(opened) => navigate(jobPath(opened.id), { state: { job: opened } })}
              showViews={canManagePosting({ id: member.id, role: member.role }, job)}
            />
          </li>
        ))}
      </ul>
      {group.total > group.jobs.length && (
        <p className="portal-search__more">
          Showing {group.jobs.length} of {group.total}. <Link to={withSearchWords(LISTING_ROUTES[group.postingType], words)}>Browse all {label}</Link> to narrow
          them down with filters.
        </p>
      )}
      {group.total <= group.jobs.length && (
        <p className="portal-search__more">
          <Link to={withSearchWords(LISTING_ROUTES[group.postingType], words)}>Go to {label}</Link>
        </p>
      )}
    </section>
  );
}
