/** A posting's date column (UTC midnight) as the visitor's locale writes a day, e.g. "Dec 1, 2026". */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** The portal's page for a posting, where a visitor signs in and applies. */
export function applyUrl(portalUrl: string | undefined, jobId: string): string | null {
  return portalUrl ? `${portalUrl.replace(/\/+$/, '')}/job/${encodeURIComponent(jobId)}` : null;
}
