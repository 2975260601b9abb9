import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runNode } from '../support/package-build.ts';

/**
 * Storybook's docs page of each connected widget, as the static build shows it in Chromium: it starts
 * with the connected component (`<JobBoard jobs postingType viewer>`), not its view: the component's
 * description, a props table of exactly its TypeScript props, and an example that connects it to the
 * SDK, all before any story. The widgets and their props are read from the package's TypeScript.
 * `STORYBOOK_BUILD_DIR` reads an existing `pnpm build-storybook` output instead of building one.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const WIDGETS_INDEX = join(ROOT, 'packages/widgets/src/index.ts');

interface ConnectedWidget {
  name: string;
  /** Every prop of the component (of each member of a union of props). */
  props: string[];
  /** The props every member of the props type requires: an example must pass them. */
  required: string[];
  /** The component's TSDoc summary. */
  description: string;
}

/** Each component the package exports beside its `<Name>View`: the widgets connected to the SDK. */
function connectedWidgets(): ConnectedWidget[] {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(ROOT, 'tsconfig.base.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  const program = ts.createProgram([WIDGETS_INDEX], { ...parsed?.options, noEmit: true });
  const checker = program.getTypeChecker();
  const exports = checker.getExportsOfModule(checker.getSymbolAtLocation(program.getSourceFile(WIDGETS_INDEX)!)!);
  const names = new Set(exports.map((symbol) => symbol.name));
  return exports
    .filter((symbol) => names.has(`${symbol.name}View`))
    .map((symbol) => {
      const component = checker.getAliasedSymbol(symbol);
      const [signature] = checker.getTypeOfSymbol(component).getCallSignatures();
      const propsType = checker.getTypeOfSymbol(signature!.parameters[0]!);
      const members = propsType.isUnion() ? propsType.types : [propsType];
      const propsOf = (type: ts.Type) => checker.getPropertiesOfType(type);
      const requiredOf = (type: ts.Type) =>
        propsOf(type)
          .filter((prop) => !(prop.flags & ts.SymbolFlags.Optional))
          .map((prop) => prop.name);
      return {
        name: symbol.name,
        props: [...new Set(members.flatMap((type) => propsOf(type).map((prop) => prop.name)))].sort(),
        required: members.map(requiredOf).reduce((common, next) => common.filter((name) => next.includes(name))),
        description: ts.displayPartsToString(component.getDocumentationComment(checker)),
      };
    });
}

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** The build's files over HTTP (its module scripts do not load from `file:`). */
async function serve(dir: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    const file = join(dir, normalize(decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname)).replace(/^(\.\.[/\\])+/, ''));
    if (!file.startsWith(dir) || !existsSync(file) || !extname(file)) return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface StoryIndex {
  entries: Record<string, { id: string; type: 'docs' | 'story'; title: string; importPath: string }>;
}

/** What the docs page shows before its first story, in order. */
interface PageStart {
  title: string;
  /** The text between the title and the first props table. */
  intro: string;
  /** The prop names in the first props table. */
  firstTable: string[];
  /** Code blocks before the first story. */
  code: string[];
  /** Whether the first props table comes before the first story. */
  tableBeforeStories: boolean;
}

async function pageStart(page: Page): Promise<PageStart> {
  await page.locator('.sbdocs-content table.docblock-argstable tbody tr').first().waitFor({ timeout: 20_000 });
  // Code blocks are highlighted once their highlighter has loaded; a page without an example says so below.
  await page
    .locator('.sbdocs-content pre', { hasText: 'createPortalClient' })
    .first()
    .waitFor({ timeout: 10_000 })
    .catch(() => {});
  return page.evaluate(() => {
    const content = document.querySelector('.sbdocs-content')!;
    const h1 = content.querySelector('h1.sbdocs-title')!;
    const table = content.querySelector('table.docblock-argstable')!;
    const firstStory = content.querySelector('.docs-story');
    const before = (a: Node, b: Node | null) => b === null || (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
    const intro = document.createRange();
    intro.setStartAfter(h1);
    intro.setEndBefore(table);
    return {
      title: h1.textContent ?? '',
      intro: intro.toString(),
      firstTable: [...table.querySelectorAll(':scope > tbody > tr > td:first-child')].map((cell) => (cell.textContent ?? '').replace(/\*$/, '').trim()),
      code: [...content.querySelectorAll('pre')].filter((pre) => before(pre, firstStory)).map((pre) => pre.textContent ?? ''),
      tableBeforeStories: before(table, firstStory),
    };
  });
}

/** The words of a TSDoc summary as the page renders its Markdown: no backticks, one space between words. */
const words = (text: string) => text.replace(/[`*]/g, '').replace(/\s+/g, ' ').trim();

const widgets = connectedWidgets();
let buildDir: string;
let built: string | undefined;
let index: StoryIndex;
let origin: string;
let server: Server | undefined;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  buildDir = process.env.STORYBOOK_BUILD_DIR ?? (built = mkdtempSync(join(tmpdir(), 'ok-storybook-')));
  if (built) {
    const storybookBin = join(ROOT, 'node_modules/storybook/dist/bin/dispatcher.js');
    await runNode([storybookBin, 'build', '--output-dir', built, '--quiet', '--disable-telemetry'], ROOT, {});
  }
  index = JSON.parse(readFileSync(join(buildDir, 'index.json'), 'utf8')) as StoryIndex;
  ({ origin, server } = await serve(buildDir));
  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-dev-shm-usage',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  page = await browser.newPage();
}, 240_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined)));
  if (built) rmSync(built, { recursive: true, force: true });
});

it('finds the connected widgets in the package', () => {
  // JobBoard, JobDetail, ApplicationForm, …: a widget with a view of its own; a new one is checked below.
  expect(widgets.map((widget) => widget.name)).toEqual(expect.arrayContaining(['JobBoard', 'ApplicationForm', 'PostOpportunityForm', 'HoursReview']));
  expect(widgets.find((widget) => widget.name === 'JobBoard')?.required.sort()).toEqual(['jobs', 'postingType', 'viewer']);
});

describe.each(widgets)('the docs page of $name', (widget) => {
  it('starts with the connected component: its description, its props, an example against the SDK', async () => {
    const docs = Object.values(index.entries).filter((entry) => entry.type === 'docs' && entry.title.split('/').at(-1) === widget.name);
    expect(docs.map((entry) => entry.id)).toHaveLength(1);
    await page.goto(`${origin}/iframe.html?id=${docs[0]!.id}&viewMode=docs`);
    const start = await pageStart(page);

    expect(start.title).toBe(widget.name);
    expect(words(start.intro)).toContain(words(widget.description).slice(0, 60));
    expect(start.tableBeforeStories).toBe(true);
    expect([...start.firstTable].sort()).toEqual(widget.props);
    const example = start.code.find((code) => code.includes('createPortalClient'));
    expect(example, 'an example that creates the SDK client before the first story').toBeDefined();
    expect(example).toContain("from '@opportunity-kit/sdk'");
    expect(example).toContain(`<${widget.name}`);
    for (const prop of widget.required) expect(example).toMatch(new RegExp(`\\b${prop}=`));
  });
});
