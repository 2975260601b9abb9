import { rosterResultsCsv, type RosterResult } from '@opportunity-kit/sdk/domain';

/** Hands the import's results to the browser as `roster-results.csv`. */
export function saveRosterResults(results: readonly RosterResult[]): void {
  const url = URL.createObjectURL(new Blob([rosterResultsCsv(results)], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = 'roster-results.csv';
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download by now; a later revoke keeps slow browsers from losing it.
  setTimeout(() => URL.revokeObjectURL(url), 30_000);
}
