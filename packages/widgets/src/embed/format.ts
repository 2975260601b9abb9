/** A posting's date column (UTC midnight) as the visitor's locale writes a day, e.g. "Dec 1, 2026". */
export function formatDay(iso: string): string {
  return new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
}

/** The portal's page for a posting, where a visitor signs in and applies. */
export function applyUrl(portalUrl: string | undefined, jobId: string): string | null {
  return portalUrl ? `${portalUrl.replace(/\/+$/, '')}/job/${encodeURIComponent(jobId)}` : null;
}

/** What a visitor reads when the school's portal does not serve this site, and whom to ask. */
export function siteNotRegisteredMessage(origin: string): string {
  return `This site is not registered with the school's opportunity portal, so the board cannot show opportunities here. Whoever looks after this site can ask the portal's administrator to register ${origin}.`;
}

/** The heading levels a school's page may give the board's titles (its own `<h1>` comes first). */
export type HeadingLevel = 2 | 3 | 4 | 5 | 6;

/** The `heading-level` attribute as a level; 2 (right under the page's `<h1>`) when absent or not one. */
export function headingLevelOf(value: string | null): HeadingLevel {
  const level = Number(value);
  return level >= 2 && level <= 6 && Number.isInteger(level) ? (level as HeadingLevel) : 2;
}
