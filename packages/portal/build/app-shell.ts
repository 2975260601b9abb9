import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { loadForNode } from './load-for-node.ts';

/**
 * Puts a small inline script into index.html that paints the top of /landing (the greeting) and of
 * the listings (/job, /gigs, /enrichment, /volunteer: their heading) for a member, with the member's
 * navigation bar, straight from the stored session flag, before any of the app's JavaScript has
 * arrived. On a phone the largest text of those pages then shows with the HTML and the stylesheet,
 * not after ~110 KB of scripts, the session check and the page's own chunk.
 *
 * The app removes the copy in the frame its first page arrives (src/app/app-shell.ts). The markup is
 * the greeting widget's own, rendered here for every hour, so the copy and the page line up; only a
 * verified member gets it (an unverified one's pages start with the verification prompt).
 */

type GreetingModule = typeof import('../../widgets/src/greeting/greeting-view.tsx');
type DomainModule = typeof import('../../sdk/src/domain/index.ts');
type ShellModule = typeof import('../src/app/app-shell.ts');

const ROOT = '<div id="root"></div>';

const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

export function appShell(): Plugin {
  return {
    name: 'opportunity-kit:app-shell',
    apply: 'build',
    // After prerender-welcome, which copies index.html as the build wrote it.
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') this.error('app-shell: the build has no index.html.');
      let html = String(index.source);
      const entry = ENTRY_SCRIPT.exec(html);
      if (!entry || !html.includes(ROOT)) this.error('app-shell: index.html has no module entry script or no empty #root.');
      const preloads = [...html.matchAll(MODULE_PRELOAD)];
      html = html.replace(entry[0], '');
      for (const preload of preloads) html = html.replace(preload[0], '');
      const [greeting, domain, ids] = await Promise.all([
        load<GreetingModule>('../../widgets/src/greeting/greeting-view.tsx'),
        load<DomainModule>('../../sdk/src/domain/index.ts'),
        load<ShellModule>('../src/app/app-shell.ts'),
      ]);
      const start = { entry: entry[1]!, imports: preloads.map((preload) => preload[1]!) };
      index.source = html.replace(ROOT, `${ROOT}\n    <script>${shellScript(greeting, domain, ids, start)}</script>`);
    },
  };
}

const load = <T>(relative: string): Promise<T> => loadForNode<T>(new URL(relative, import.meta.url));

// A member's bar before the app runs: on a phone it is exactly the logo and Menu (the items are in
// the closed menu); on a wide screen the items appear when the app takes over.
const MEMBER_BAR =
  '<header class="portal-header"><nav class="portal-nav" aria-label="Main" data-menu="closed">' +
  '<a class="portal-nav__logo" href="/landing"><img src="/favicon.svg" alt="" width="28" height="28"><span>Opportunity Kit</span></a>' +
  '<button type="button" class="portal-nav__toggle" aria-expanded="false"><span class="portal-nav__toggle-icon" aria-hidden="true"></span>Menu</button>' +
  '<div class="portal-nav__menu"></div></nav></header><div class="portal-progress" data-state="idle" aria-hidden="true"></div>';

// Under a listing's heading, the shapes of a few postings while the app arrives (issue 25: on a slow
// connection the heading stood alone for seconds); the skeleton's own classes, styled by the stylesheet.
const SHAPE_ROW =
  '<li class="ok-skeleton__item"><span class="ok-skeleton__bone" data-shape="line" data-width="long"></span>' +
  '<span class="ok-skeleton__bone" data-shape="line" data-width="medium"></span><span class="ok-skeleton__bone" data-shape="line" data-width="short"></span></li>';
const LISTING_SHAPES = `<div class="ok-skeleton portal-shell-shapes" data-state="loading" aria-hidden="true"><ul class="ok-skeleton__list">${SHAPE_ROW.repeat(5)}</ul></div>`;

/**
 * The script: paints the copy when it applies, and starts the app (its entry and the modules the entry
 * imports, asked for at once as index.html's own tags would). With a copy, the app's files are asked
 * for only once it is painted, so on a slow connection they cannot hold back its first paint.
 */
function shellScript(
  { GreetingView }: GreetingModule,
  { LISTING_ROUTES, POSTING_TYPES }: DomainModule,
  ids: ShellModule,
  app: { entry: string; imports: string[] },
): string {
  // The greeting for each hour of the day, rendered once per distinct text (the name is filled in).
  const variants: string[] = [];
  const byHour = Array.from({ length: 24 }, (_, hour) => {
    const markup = renderToStaticMarkup(createElement(GreetingView, { displayName: '', time: new Date(2026, 0, 1, hour) }));
    if (!variants.includes(markup)) variants.push(markup);
    return variants.indexOf(markup);
  });
  const listings = Object.fromEntries(
    POSTING_TYPES.map((type) => [
      LISTING_ROUTES[type],
      `<section class="ok-job-board"><header class="ok-job-board__header"><h1 class="ok-job-board__title">${type} opportunities</h1></header>${LISTING_SHAPES}</section>`,
    ]),
  );
  const json = JSON.stringify;
  return (
    `(() => { const start = () => { for (const href of ${json(app.imports)}) {` +
    ` const link = document.createElement('link'); link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href; document.head.append(link); }` +
    ` import(${json(app.entry)}); };` +
    ` const paint = () => { let user = null;` +
    ` try { if (localStorage.getItem(${json(ids.SESSION_FLAG_KEYS.isAuthenticated)}) === 'true') user = JSON.parse(localStorage.getItem(${json(ids.SESSION_FLAG_KEYS.currentUser)}) || 'null'); } catch { /* storage refused: no copy */ }` +
    ` if (!user || typeof user.displayName !== 'string' || user.emailVerified !== true) return false;` +
    ` const path = location.pathname.replace(/\\/+$/, '');` +
    ` const listings = ${json(listings)};` +
    ` const page = path === '/landing' ? '<div class="portal-landing">' + ${json(variants)}[${json(byHour)}[new Date().getHours()]] + '</div>' : Object.hasOwn(listings, path) ? listings[path] : null;` +
    ` if (!page) return false;` +
    ` const shell = document.createElement('div'); shell.id = ${json(ids.APP_SHELL_ID)};` +
    ` shell.innerHTML = ${json(MEMBER_BAR)} + '<main class="portal-main"><div class="portal-page">' + page + '</div></main>';` +
    ` const name = shell.querySelector('.ok-greeting__name'); if (name) name.textContent = user.displayName;` +
    ` document.getElementById('root').after(shell); return true; };` +
    ' if (paint()) requestAnimationFrame(() => setTimeout(start)); else start(); })();'
  );
}
