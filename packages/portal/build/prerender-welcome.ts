import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import type { Plugin } from 'vite';
import { loadForNode } from './load-for-node.ts';
import { PRERENDERED_PAGES } from './prerendered-pages.ts';

/**
 * Writes `welcome.html` next to `index.html`: the same document, plus the top of /welcome (the
 * navigation bar of a visitor, the headline, the mission, Sign Up Now and Sign In, the feature
 * blurbs) rendered from the page's own components, so the largest text of the page is in the first
 * HTML a phone receives. The static server answers /welcome with it (static-files.ts).
 *
 * The app's scripts load there only after the first paint: the headline never waits for JavaScript,
 * and the app then replaces the copy in one frame (src/welcome/welcome-shell.ts). A
 * browser holding the signed-in flag gets no copy (its /welcome offers the home page instead) and
 * starts the app at once.
 */

type HeroModule = typeof import('../src/welcome/welcome-hero.tsx');
type ShellModule = typeof import('../src/welcome/welcome-shell.ts');
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;

export function prerenderWelcome(): Plugin {
  return {
    name: 'opportunity-kit:prerender-welcome',
    apply: 'build',
    enforce: 'post',
    async generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset') this.error('prerender-welcome: the build has no index.html.');
      const html = String(index.source);
      const entry = ENTRY_SCRIPT.exec(html);
      if (!entry) this.error('prerender-welcome: index.html has no module entry script.');
      const preloads = [...html.matchAll(MODULE_PRELOAD)];
      const [hero, shellIds] = await Promise.all([load<HeroModule>('welcome-hero.tsx'), load<ShellModule>('welcome-shell.ts')]);
      const shell = `<div id="${shellIds.WELCOME_SHELL_ID}">${welcomeMarkup(hero)}</div>`;
      let page = html.replace(entry[0], '').replace('<title>Opportunity Kit</title>', '<title>Find your next opportunity · Opportunity Kit</title>');
      for (const preload of preloads) page = page.replace(preload[0], '');
      const start = startScript(
        entry[1]!,
        preloads.map((preload) => preload[1]!),
        shellIds,
      );
      page = page.replace(/\n\s*\n/g, '\n').replace('</body>', `  ${shell}\n    <script>${start}</script>\n  </body>`);
      this.emitFile({ type: 'asset', fileName: PRERENDERED_PAGES['/welcome']!, source: page });
    },
  };
}

/** A module of src/welcome, compiled by Vite for Node. */
const load = <T>(file: string): Promise<T> => loadForNode<T>(new URL(`../src/welcome/${file}`, import.meta.url));

function welcomeMarkup({ WelcomeHero, WelcomeFeatures }: HeroModule): string {
  // The visitor's bar as TopNav draws it (plain links: it has no router yet).
  const header =
    '<header class="portal-header"><nav class="portal-nav" aria-label="Main">' +
    '<a class="portal-nav__logo" href="/welcome"><img src="/favicon.svg" alt="" width="28" height="28"><span>Opportunity Kit</span></a>' +
    '<ul class="portal-nav__guest"><li><a class="portal-nav__link" href="/signin">Sign In</a></li>' +
    '<li><a class="portal-button portal-button--primary portal-nav__cta" href="/signup">Sign Up</a></li></ul></nav></header>';
  const content = renderToStaticMarkup(
    createElement(StaticRouter, { location: '/welcome' }, createElement(WelcomeHero, { signedIn: false }), createElement(WelcomeFeatures)),
  );
  return `${header}<main class="portal-main"><div class="portal-page">${content}</div></main>`;
}

/**
 * Starts the app: at once for a signed-in browser (no copy), else once the copy is painted. Until then
 * not even the app's files are asked for, so on a slow connection they cannot delay the headline; then
 * they are all asked for at once (the entry and the modules it imports), as index.html would.
 */
function startScript(entry: string, imports: string[], { WELCOME_SHELL_ID, SIGNED_IN_FLAG_KEY }: ShellModule): string {
  return (
    `(() => { const start = () => { for (const href of ${JSON.stringify(imports)}) {` +
    ` const link = document.createElement('link'); link.rel = 'modulepreload'; link.crossOrigin = ''; link.href = href; document.head.append(link); }` +
    ` import(${JSON.stringify(entry)}); };` +
    ` let member = false;` +
    ` try { member = localStorage.getItem(${JSON.stringify(SIGNED_IN_FLAG_KEY)}) === 'true'; } catch { /* storage refused: a visitor */ }` +
    ` if (member) { document.getElementById(${JSON.stringify(WELCOME_SHELL_ID)})?.remove(); start(); }` +
    ' else requestAnimationFrame(() => setTimeout(start)); })();'
  );
}
