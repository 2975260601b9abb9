// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { APP_SHELL_ID, forgetListings, LISTING_COPY_KEY, POSTING_COPY_ATTRIBUTE, postingCopy, rememberListing, removeAppShell } from './app-shell.ts';

function paintCopy(posting: object): void {
  const shell = document.createElement('div');
  shell.id = APP_SHELL_ID;
  shell.setAttribute(POSTING_COPY_ATTRIBUTE, JSON.stringify(posting));
  document.body.append(shell);
}

afterEach(() => {
  document.body.innerHTML = '';
  localStorage.clear();
});

describe('the copy of a posting painted before the app', () => {
  const painted = { id: 'p1', title: 'Barista', company: 'Bean There', description: 'Pull shots.', postingType: 'Gig', imageUrl: null };

  it('is the preview of that posting only, before and after the copy leaves the page', () => {
    paintCopy(painted);
    expect(postingCopy('p1')).toEqual({ title: 'Barista', company: 'Bean There', description: 'Pull shots.', postingType: 'Gig', imageUrl: null });
    expect(postingCopy('p2')).toBeUndefined();
    removeAppShell();
    expect(document.getElementById(APP_SHELL_ID)).toBeNull();
    expect(postingCopy('p1')?.title).toBe('Barista');
  });

  it('is nothing when what the copy kept is not a posting', () => {
    paintCopy({ id: 'p3', title: 42 });
    expect(postingCopy('p3')).toBeUndefined();
  });
});

describe('the listing kept for the next first paint', () => {
  it('keeps the listing as shown, with its member, and signing out forgets every one', () => {
    const board = document.createElement('section');
    board.innerHTML = '<h2>Cashier</h2>';
    rememberListing('/job', 'maya', board);
    rememberListing('/gigs', 'maya', board);
    const kept = JSON.parse(localStorage.getItem(LISTING_COPY_KEY)!) as Record<string, { userId: string; html: string }>;
    expect(Object.keys(kept)).toEqual(['/job', '/gigs']);
    expect(kept['/job']).toMatchObject({ userId: 'maya', html: '<section><h2>Cashier</h2></section>' });
    forgetListings();
    expect(localStorage.getItem(LISTING_COPY_KEY)).toBeNull();
  });
});
