import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { BUCKETS, DATABASE_ID, TABLES } from '../../sdk/src/domain/wire/ids.ts';
import { portalConfig } from '../src/app/portal-config.ts';
import { loadForNode } from './load-for-node.ts';

/**
 * Puts a small inline script into index.html that paints the top of /landing (the greeting) and of
 * the listings (/job, /gigs, /enrichment, /volunteer: their heading) for a member, with the member's
 * navigation bar, straight from the stored session flag, before any of the app's JavaScript has
 * arrived. On a phone the largest text of those pages then shows with the HTML and the stylesheet,
 * not after ~110 KB of scripts, the session check and the page's own chunk.
 *
 * A listing the member saw before, unfiltered, paints as they last saw it (the app keeps a copy on their
 * device, with their id, for 7 days; signing out forgets it).
 *
 * A posting's page (/job/{id}) paints its title, company, picture and description too, read with one
 * request made as a guest (no cookies): Appwrite answers only for a posting everyone may read, so a
 * private, held-back, hidden or assigned posting is never painted; the script checks those columns
 * again. The app's own files are asked for once the posting is painted (or the request failed, or
 * 3 s passed), so on a slow connection they cannot hold back that paint.
 *
 * The app removes the copy in the frame its first page arrives (src/app/app-shell.ts). The markup is
 * the widgets' own (the greeting for every hour, the posting's preview), rendered here, so the copy and
 * the page line up; only a verified member gets it (an unverified one's pages start with the
 * verification prompt).
 */

type GreetingModule = typeof import('../../widgets/src/greeting/greeting-view.tsx');
type JobDetailModule = typeof import('../../widgets/src/job-detail/job-detail-view.tsx');
type DomainModule = typeof import('../../sdk/src/domain/index.ts');
type ShellModule = typeof import('../src/app/app-shell.ts');

const ROOT = '<div id="root"></div>';

const STYLESHEET = /\s*<link rel="stylesheet" crossorigin href="[^"]+">/;
const ENTRY_SCRIPT = /\s*<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /\s*<link rel="modulepreload" crossorigin href="([^"]+)">/g;

export function appShell(): Plugin {
  let backend = portalConfig({} as ImportMetaEnv, '');
  return {
    name: 'opportunity-kit:app-shell',
    apply: 'build',
    configResolved(config) {
      // As the app reads them; without VITE_APPWRITE_ENDPOINT the endpoint is `/v1` on the page's own origin.
      backend = portalConfig(config.env as ImportMetaEnv, '');
    },
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
      const [greeting, detail, domain, ids] = await Promise.all([
        load<GreetingModule>('../../widgets/src/greeting/greeting-view.tsx'),
        load<JobDetailModule>('../../widgets/src/job-detail/job-detail-view.tsx'),
        load<DomainModule>('../../sdk/src/domain/index.ts'),
        load<ShellModule>('../src/app/app-shell.ts'),
      ]);
      const stylesheet = STYLESHEET.exec(html);
      if (!stylesheet) this.error('app-shell: index.html has no stylesheet.');
      const start = { entry: entry[1]!, imports: preloads.map((preload) => preload[1]!) };
      const script = shellScript({ ...greeting, ...detail, ...domain }, ids, start);
      html = html.replace(stylesheet[0], `\n    <script>${postingRequestScript(ids, backend)}</script>${stylesheet[0]}`);
      index.source = html.replace(ROOT, `${ROOT}\n    <script>${script}</script>`);
    },
  };
}

/**
 * The script in <head>, before the stylesheet: on a posting's page, for a member, it asks for the
 * posting as a guest and then for its picture at once, so both travel while the stylesheet does (the
 * script that paints runs only once the stylesheet is there). Its one global, a promise of the row
 * (with `imageUrl` added), is what the painting script reads.
 */
function postingRequestScript(ids: ShellModule, backend: { endpoint: string; projectId: string }): string {
  const json = JSON.stringify;
  const rowUrl = `${backend.endpoint}/tablesdb/${DATABASE_ID}/tables/${TABLES.jobs}/rows/`;
  const query = `?queries[0]=${encodeURIComponent(json({ method: 'select', values: POSTING_COPY_COLUMNS }))}`;
  const imageUrl = `${backend.endpoint}/storage/buckets/${BUCKETS.jobImages}/files/`;
  const project = encodeURIComponent(backend.projectId);
  return (
    `const ${POSTING_REQUEST} = (() => { try {` +
    ` const posting = /^\\/job\\/([^/]+)\\/?$/.exec(location.pathname);` +
    ` if (!posting || localStorage.getItem(${json(ids.SESSION_FLAG_KEYS.isAuthenticated)}) !== 'true') return null;` +
    ` return fetch(${json(rowUrl)} + encodeURIComponent(decodeURIComponent(posting[1])) + ${json(query)}, { headers: { 'X-Appwrite-Project': ${json(backend.projectId)} }, credentials: 'omit' })` +
    ` .then((response) => (response.ok ? response.json() : null)).then((row) => { if (!row) return null;` +
    ` row.imageUrl = row.imageFileId ? ${json(imageUrl)} + encodeURIComponent(row.imageFileId) + ${json(`/view?project=${project}`)} : null;` +
    ` if (row.imageUrl) new Image().src = row.imageUrl; return row; }).catch(() => null);` +
    ' } catch { return null; } })();'
  );
}

/** The global through which the script in <head> hands the posting's row to the painting script. */
const POSTING_REQUEST = 'portalPostingCopyRequest';

// What a posting's copy needs, and the columns that say whether it may be painted at all.
const POSTING_COPY_COLUMNS = [
  'title',
  'company',
  'description',
  'postingType',
  'imageFileId',
  'visible',
  'assignedAt',
  'closedAs',
  'waitingForApproval',
  'hiddenReason',
];

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
  { GreetingView, JobDetailPreviewView, LISTING_ROUTES, POSTING_TYPES }: GreetingModule & JobDetailModule & DomainModule,
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
  // A posting's page for each type, its texts empty, filled in by `fillPosting` below.
  const postingPages = Object.fromEntries(
    POSTING_TYPES.map((postingType) => [
      postingType,
      renderToStaticMarkup(createElement(JobDetailPreviewView, { preview: { title: '', company: '', description: '', postingType, imageUrl: null } })),
    ]),
  );
  const json = JSON.stringify;
  return (
    `(() => { let started = false; const start = () => { if (started) return; started = true; for (const href of ${json(app.imports)}) {` +
    ` const link = document.createElement('link'); link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href; document.head.append(link); }` +
    ` import(${json(app.entry)}); };` +
    ` const startSoon = () => requestAnimationFrame(() => setTimeout(start));` +
    ` const path = location.pathname.replace(/\\/+$/, '');` +
    // The posting's row, asked for by the script in <head> on a posting's page for a member (null elsewhere).
    ` const request = typeof ${POSTING_REQUEST} === 'undefined' ? null : ${POSTING_REQUEST};` +
    ` const paint = () => { let user = null;` +
    ` try { if (localStorage.getItem(${json(ids.SESSION_FLAG_KEYS.isAuthenticated)}) === 'true') user = JSON.parse(localStorage.getItem(${json(ids.SESSION_FLAG_KEYS.currentUser)}) || 'null'); } catch { /* storage refused: no copy */ }` +
    ` if (!user || typeof user.displayName !== 'string' || user.emailVerified !== true) { try { localStorage.removeItem(${json(ids.LISTING_COPY_KEY)}); } catch { /* nothing kept */ } return null; }` +
    ` const listings = ${json(listings)};` +
    // The listing as this member last saw it, when the address is the listing's own (no filters).
    ` let copy = null; try { copy = JSON.parse(localStorage.getItem(${json(ids.LISTING_COPY_KEY)}) || '{}')[path]; } catch { /* none */ }` +
    ` const fresh = copy && copy.userId === user.id && typeof copy.html === 'string' && Date.now() - copy.savedAt < ${ids.LISTING_COPY_MAX_AGE_MS} && !location.search;` +
    ` const page = path === '/landing' ? '<div class="portal-landing">' + ${json(variants)}[${json(byHour)}[new Date().getHours()]] + '</div>' : Object.hasOwn(listings, path) ? (fresh ? copy.html : listings[path]) : null;` +
    ` if (!page && !request) return null;` +
    ` const shell = document.createElement('div'); shell.id = ${json(ids.APP_SHELL_ID)};` +
    ` shell.innerHTML = ${json(MEMBER_BAR)} + '<main class="portal-main"><div class="portal-page">' + (page || '') + '</div></main>';` +
    ` const name = shell.querySelector('.ok-greeting__name'); if (name) name.textContent = user.displayName;` +
    ` document.getElementById('root').after(shell); return shell; };` +
    // Texts go in as text, never as markup; the row's columns are checked again as the public client's list does.
    ` const fillPosting = (shell, row) => { if (!row || row.visible !== true || row.assignedAt || row.closedAs || row.waitingForApproval || row.hiddenReason) return;` +
    ` const pages = ${json(postingPages)}; if (!Object.hasOwn(pages, row.postingType) || !shell.isConnected) return;` +
    ` const place = shell.querySelector('.portal-page'); place.innerHTML = pages[row.postingType];` +
    ` const set = (selector, text) => { place.querySelector(selector).textContent = text; };` +
    ` set('.ok-job-detail__title', row.title); set('.ok-job-detail__company', row.company); set('.ok-job-detail__description', row.description);` +
    ` const imageSrc = row.imageUrl;` +
    ` if (imageSrc) { const image = document.createElement('img'); image.className = 'ok-job-detail__image'; image.alt = 'Image of the posting ' + row.title;` +
    ` image.src = imageSrc;` +
    ` place.querySelector('.ok-job-detail__description').before(image); }` +
    ` shell.setAttribute(${json(ids.POSTING_COPY_ATTRIBUTE)}, JSON.stringify({ id: row.$id, title: row.title, company: row.company, description: row.description, postingType: row.postingType, imageUrl: imageSrc })); };` +
    ` const shell = paint();` +
    ` if (!shell) start();` +
    ` else if (!request) startSoon();` +
    ` else { setTimeout(start, 3000); request.then((row) => fillPosting(shell, row)).catch(() => undefined).finally(startSoon); } })();`
  );
}
