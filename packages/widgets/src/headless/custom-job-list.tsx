import { useId } from 'react';
import { useJobBoard, type JobBoardOptions } from '../index.ts';

/**
 * A view of your own on the job board's headless hook: a compact table with a search field, for a
 * school that wants its own markup. The hook brings the data, the search, paging and live updates;
 * this file is only markup. It imports from the package's public entry, as an app would.
 */
export function CustomJobList(options: JobBoardOptions) {
  const { state, actions } = useJobBoard(options);
  const searchId = useId();
  return (
    <section aria-label="Openings">
      <form
        role="search"
        onSubmit={(event) => {
          event.preventDefault();
          actions.submitSearch();
        }}
      >
        <label htmlFor={searchId}>Find an opening</label>{' '}
        <input id={searchId} type="search" value={state.filters.search} onChange={(event) => actions.typeSearch(event.currentTarget.value)} />
      </form>
      {state.status === 'loading' ? <p role="status">Loading openings…</p> : null}
      {state.status === 'error' ? (
        <p role="alert">
          {state.error}{' '}
          <button type="button" onClick={actions.retry}>
            Retry
          </button>
        </p>
      ) : null}
      {state.status === 'ready' ? (
        <table>
          <caption>{state.total === 1 ? '1 opening' : `${state.total} openings`}</caption>
          <thead>
            <tr>
              <th scope="col">Title</th>
              <th scope="col">Employer</th>
              <th scope="col">Where</th>
            </tr>
          </thead>
          <tbody>
            {state.jobs.map((job) => (
              <tr key={job.id}>
                <td>
                  <a href={`/job/${job.id}`} onClick={() => actions.open(job)}>
                    {job.title}
                  </a>
                </td>
                <td>{job.company}</td>
                <td>{job.location}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {state.hasMore ? (
        <button type="button" onClick={actions.loadMore} disabled={state.loadingMore}>
          More openings
        </button>
      ) : null}
    </section>
  );
}
