/**
 * Paths whose first HTML is a page of its own in the build (prerender-welcome.ts writes it) instead
 * of the app's plain index.html; the static server answers them with it. A host that maps `/welcome`
 * to `welcome.html` (most static hosts do) serves it the same way.
 */
export const PRERENDERED_PAGES: Readonly<Record<string, string>> = { '/welcome': 'welcome.html' };
