import { SESSION_KEYS, type PostingType } from '@opportunity-kit/sdk';
import type { JobDetailPreview } from '@opportunity-kit/widgets';

/**
 * For a signed-in member, index.html paints a static copy of the top of /landing, a listing (its
 * navigation bar and heading, or the listing as this member last saw it) or a public posting's page
 * before the app's JavaScript arrives (build/app-shell.ts writes the script). The app removes the copy
 * in the frame in which its first page is on screen; a posting's page keeps showing what the copy
 * painted until the posting loads.
 */
export const APP_SHELL_ID = 'portal-app-shell';

/** The local-storage keys the copy reads: the session flag and the stored member. */
export const SESSION_FLAG_KEYS = SESSION_KEYS;

/** The attribute in which the copy of a posting's page keeps what it painted (JSON), for the page's preview. */
export const POSTING_COPY_ATTRIBUTE = 'data-posting';

interface PostingCopy extends JobDetailPreview {
  id: string;
}

let paintedPosting: PostingCopy | null = null;

export function removeAppShell(): void {
  const shell = document.getElementById(APP_SHELL_ID);
  if (!shell) return;
  paintedPosting = postingCopyOf(shell) ?? paintedPosting;
  shell.remove();
}

/** What the copy painted of posting `id` before the app ran, if it painted that posting. */
export function postingCopy(id: string): JobDetailPreview | undefined {
  const shell = document.getElementById(APP_SHELL_ID);
  const copy = (shell && postingCopyOf(shell)) ?? paintedPosting;
  if (copy?.id !== id) return undefined;
  const { title, company, description, postingType, imageUrl } = copy;
  return { title, company, description, postingType, imageUrl };
}

function postingCopyOf(shell: HTMLElement): PostingCopy | null {
  const stored = shell.getAttribute(POSTING_COPY_ATTRIBUTE);
  if (!stored) return null;
  try {
    const copy = JSON.parse(stored) as Partial<Record<keyof PostingCopy, unknown>>;
    const texts = [copy.id, copy.title, copy.company, copy.description, copy.postingType];
    if (!texts.every((text) => typeof text === 'string')) return null;
    const [id, title, company, description, postingType] = texts as [string, string, string, string, PostingType];
    return { id, title, company, description, postingType, imageUrl: typeof copy.imageUrl === 'string' ? copy.imageUrl : null };
  } catch {
    return null;
  }
}

/** The local-storage key of the listings as the member last saw them (their own device, cleared on sign-out). */
export const LISTING_COPY_KEY = 'portal.listingCopies';

/** How long a listing's copy is painted again: a copy older than this shows the shapes instead. */
export const LISTING_COPY_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** A listing as it was on screen: the member it was shown to, when, and its markup. */
export interface ListingCopy {
  userId: string;
  savedAt: number;
  html: string;
}

/**
 * Keeps the listing at `path` as it is on screen for `userId`, so that the next visit paints it at once
 * (issue 25: on a phone on a slow connection the postings came 4 s after the heading). The copy stays
 * on this device only; signing out forgets it.
 */
export function rememberListing(path: string, userId: string, board: Element): void {
  try {
    const copies = storedListingCopies();
    copies[path] = { userId, savedAt: Date.now(), html: board.outerHTML };
    localStorage.setItem(LISTING_COPY_KEY, JSON.stringify(copies));
  } catch {
    // Storage refused or full: the next visit paints the shapes, as without a copy.
  }
}

export function forgetListings(): void {
  try {
    localStorage.removeItem(LISTING_COPY_KEY);
  } catch {
    // Storage refused: nothing was kept.
  }
}

function storedListingCopies(): Record<string, ListingCopy> {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(LISTING_COPY_KEY) ?? '{}');
    return stored && typeof stored === 'object' ? (stored as Record<string, ListingCopy>) : {};
  } catch {
    return {};
  }
}
