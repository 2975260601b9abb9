import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The `--ok-*` theme tokens are declared once, with their defaults, in the widgets' tokens.css
 * (on `:where(:root), :host`), and every stylesheet reads them as plain `var(--ok-…)`. A token used
 * but never declared would silently compute to nothing (a transparent background, the browser's
 * font), so it fails here instead.
 */

const ROOT = join(import.meta.dirname, '..');
const TOKENS_FILE = join(ROOT, 'packages/widgets/src/theme/tokens.css');
const DARK_TOKENS_FILE = join(ROOT, 'packages/widgets/src/theme/dark-tokens.css');
const SKIPPED_FOLDERS = new Set(['node_modules', 'dist', 'storybook-static']);

function stylesheetsUnder(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return SKIPPED_FOLDERS.has(entry.name) ? [] : stylesheetsUnder(path);
    return entry.name.endsWith('.css') ? [path] : [];
  });
}

const withoutComments = (css: string): string => css.replace(/\/\*[\s\S]*?\*\//g, '');

/** The tokens a stylesheet gives a value to under the rule whose selector is `selector`. */
function declaredTokens(css: string, selector: string): Set<string> {
  const tokens = new Set<string>();
  for (const [, ruleSelector, body] of withoutComments(css).matchAll(/([^{}]+)\{([^{}]*)\}/g)) {
    if (ruleSelector!.replace(/\s+/g, ' ').trim() !== selector) continue;
    for (const [, token] of body!.matchAll(/(--ok-[a-z0-9-]+)\s*:/g)) tokens.add(token!);
  }
  return tokens;
}

/** Each `var(--ok-…)` of a stylesheet: the token, and whether it carries its own fallback. */
function tokenUses(css: string): { token: string; fallback: boolean }[] {
  return [...withoutComments(css).matchAll(/var\(\s*(--ok-[a-z0-9-]+)\s*([,)])/g)].map(([, token, next]) => ({ token: token!, fallback: next === ',' }));
}

/** `file: token` for each use that no default declares, or that repeats a default as a fallback. */
function tokenProblems(stylesheets: Readonly<Record<string, string>>, defaults: ReadonlySet<string>): { undeclared: string[]; fallbacks: string[] } {
  const undeclared: string[] = [];
  const fallbacks: string[] = [];
  for (const [name, css] of Object.entries(stylesheets)) {
    for (const { token, fallback } of tokenUses(css)) {
      const where = `${name}: ${token}`;
      if (!defaults.has(token)) undeclared.push(where);
      if (fallback) fallbacks.push(where);
    }
  }
  return { undeclared, fallbacks };
}

const DEFAULTS_SELECTOR = ':where(:root), :host';

describe('theme tokens', () => {
  const tokensCss = readFileSync(TOKENS_FILE, 'utf8');
  const defaults = declaredTokens(tokensCss, DEFAULTS_SELECTOR);
  const stylesheets = Object.fromEntries(stylesheetsUnder(join(ROOT, 'packages')).map((file) => [relative(ROOT, file), readFileSync(file, 'utf8')]));

  it('finds the stylesheets of the widgets, the embed and the portal', () => {
    expect(Object.keys(stylesheets)).toEqual(
      expect.arrayContaining([
        join('packages/widgets/src/job-card/job-card.css'),
        join('packages/widgets/src/embed/opportunity-board.css'),
        join('packages/portal/src/app/portal.css'),
      ]),
    );
  });

  it('declares every token a stylesheet of packages/ uses, and no stylesheet repeats a default as a fallback', () => {
    expect(tokenProblems(stylesheets, defaults)).toEqual({ undeclared: [], fallbacks: [] });
  });

  it('gives the dark theme only tokens that have a default', () => {
    const dark = declaredTokens(readFileSync(DARK_TOKENS_FILE, 'utf8'), "[data-ok-theme='dark']");
    expect(dark.size).toBeGreaterThan(0);
    expect([...dark].filter((token) => !defaults.has(token))).toEqual([]);
  });

  it('reports a token nobody declared and a default repeated as a fallback', () => {
    const css = '.x { color: var(--ok-color-text); border-color: var( --ok-color-mystery ); background: var(--ok-color-surface, #fff); }';
    expect(tokenProblems({ 'x.css': css }, defaults)).toEqual({
      undeclared: ['x.css: --ok-color-mystery'],
      fallbacks: ['x.css: --ok-color-surface'],
    });
  });
});
