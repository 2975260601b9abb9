/**
 * `pnpm lighthouse`: the portal's budgets of issues 7 and 14, measured and printed.
 *
 * - Lighthouse (mobile profile, its default: simulated slow 4G and a 4x slower CPU) on /welcome signed
 *   out, and on /landing, /job and a posting's page (/job/{id}) signed in as the demo student: performance >= 90, accessibility >= 95
 *   and Largest Contentful Paint <= 1.5 s on each;
 * - the JavaScript the first route downloads (`/` leads a visitor to /welcome): at most 120 KB gzip,
 *   and none of it (nor of /landing or /job) is the voice SDK, which only the interview page loads.
 *
 * The portal runs as `pnpm start` serves it (the same server function, its Vite build, the demo seed)
 * with its data in memory on a free port. Chromium is Debian's (CHROMIUM_PATH, /usr/bin/chromium, or
 * Playwright's own if present); nothing is downloaded. Exits 1 when a budget is missed, after saying
 * why: the report's largest opportunities and the failed accessibility checks. The full reports are
 * written to test-results/lighthouse/.
 */
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { DIST_DIR } from '../packages/portal/build/paths.ts';
import { CHROMIUM_ARGS, resolveChromium } from '../tests/e2e/support/chromium.ts';
import { startDemoProcess, type DemoProcess } from '../tests/e2e/support/demo-process.ts';
import { signIn } from '../tests/e2e/support/accounts.ts';

const BUDGET = { performance: 90, accessibility: 95, largestContentfulPaintMs: 1500, firstRouteJsBytes: 120 * 1024 };
const VOICE_SDK = /@elevenlabs|livekit/;
const REPORTS_DIR = fileURLToPath(new URL('../test-results/lighthouse/', import.meta.url));

interface Audit {
  route: string;
  signedIn: boolean;
  performance: number;
  accessibility: number;
  /** Largest Contentful Paint as Lighthouse simulates it on the phone profile, in milliseconds. */
  lcpMs: number;
  scripts: Array<{ url: string; transferSize: number }>;
  lhr: Result;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

async function main(): Promise<number> {
  const chromiumPath = resolveChromium();
  console.log('Starting the portal as `pnpm start` serves it (demo data, in memory)…');
  const portal = await startDemoProcess();
  const profile = mkdtempSync(join(tmpdir(), 'ok-lighthouse-'));
  let context: BrowserContext | undefined;
  try {
    // One browser for Lighthouse and for signing in: the persistent context is the browser's
    // default one, so the session stored there is the one Lighthouse's tab sees.
    context = await chromium.launchPersistentContext(profile, {
      executablePath: chromiumPath,
      args: [...CHROMIUM_ARGS, '--remote-debugging-port=0'],
      baseURL: portal.url,
    });
    const port = await devtoolsPort(profile);
    mkdirSync(REPORTS_DIR, { recursive: true });

    const audits: Audit[] = [await audit(portal, port, '/welcome', false)];
    const page = await context.newPage();
    page.setDefaultTimeout(30_000);
    await signIn(page, portal.people.maya!);
    const posting = await postingPath(page);
    await page.close();
    for (const route of ['/landing', '/job', posting]) audits.push(await audit(portal, port, route, true));
    return report(audits, portal.people.maya!.email);
  } finally {
    await context?.close();
    await portal.stop();
    rmSync(profile, { recursive: true, force: true });
  }
}

/** A demo posting's page (issue 25: its primary action and facts must paint as fast as the listing). */
async function postingPath(page: Page): Promise<string> {
  await page.goto('/job');
  await page.getByRole('main').getByRole('link', { name: 'Cashier (part-time, evenings and weekends)' }).first().click();
  await page.waitForURL(/\/job\/[^/]+$/);
  return new URL(page.url()).pathname;
}

/** The port Chromium chose for its DevTools endpoint (it writes it into the profile once listening). */
async function devtoolsPort(profile: string): Promise<number> {
  const file = join(profile, 'DevToolsActivePort');
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      const port = Number(readFileSync(file, 'utf8').split('\n')[0]);
      if (port > 0) return port;
    } catch {
      // Not written yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error('Chromium did not open its DevTools port.');
}

async function audit(portal: DemoProcess, port: number, route: string, signedIn: boolean): Promise<Audit> {
  // Lighthouse's defaults: mobile form factor, simulated slow 4G and 4x CPU slowdown. Storage reset
  // clears the HTTP cache (a cold visit) but, in Lighthouse 12, not cookies or local storage, so the
  // session survives.
  const flags: Flags = { port, logLevel: 'error', onlyCategories: ['performance', 'accessibility'], output: ['html', 'json'] };
  const result = await lighthouse(`${portal.url}${route}`, flags);
  if (!result) throw new Error(`Lighthouse returned nothing for ${route}.`);
  const { lhr } = result;
  const name = route.slice(1).replaceAll('/', '-') || 'root';
  const [html, json] = result.report as string[];
  writeFileSync(join(REPORTS_DIR, `${name}.report.html`), html!);
  writeFileSync(join(REPORTS_DIR, `${name}.report.json`), json!);
  if (lhr.runtimeError) throw new Error(`Lighthouse failed on ${route}: ${lhr.runtimeError.message}`);
  const finalUrl = new URL(lhr.finalDisplayedUrl);
  if (finalUrl.pathname !== route) throw new Error(`${route} ended at ${finalUrl.pathname}: ${signedIn ? 'the session did not hold' : 'redirected'}.`);
  const requests =
    (lhr.audits['network-requests']?.details as { items?: Array<{ url: string; resourceType?: string; transferSize?: number }> } | undefined)?.items ?? [];
  return {
    route,
    signedIn,
    lhr,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcpMs: Math.round(lhr.audits['largest-contentful-paint']?.numericValue ?? Number.POSITIVE_INFINITY),
    scripts: requests.filter((item) => item.resourceType === 'Script').map((item) => ({ url: item.url, transferSize: item.transferSize ?? 0 })),
  };
}

/** The built files of the voice SDK, from the build's manifest. */
function voiceFiles(): string[] {
  const manifest = JSON.parse(readFileSync(join(DIST_DIR, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
  return Object.entries(manifest)
    .filter(([source]) => VOICE_SDK.test(source))
    .map(([, chunk]) => chunk.file);
}

function report(audits: Audit[], student: string): number {
  const problems: string[] = [];
  console.log(
    `\nLighthouse ${audits[0]!.lhr.lighthouseVersion}, mobile profile (${audits[0]!.lhr.configSettings.formFactor}, ${audits[0]!.lhr.configSettings.throttlingMethod} throttling), ${audits[0]!.lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}\n`,
  );
  console.log(`LCP budget: ${BUDGET.largestContentfulPaintMs} ms on each route\n`);
  console.log('route       signed in   performance   accessibility   FCP     LCP (ms)   TBT      CLS    JS (transfer)');
  for (const item of audits) {
    const metric = (id: string) => item.lhr.audits[id]?.displayValue ?? '-';
    const js = item.scripts.reduce((sum, script) => sum + script.transferSize, 0);
    console.log(
      `${item.route.padEnd(12)}${(item.signedIn ? 'student' : 'no').padEnd(12)}${String(item.performance).padEnd(14)}${String(item.accessibility).padEnd(16)}` +
        `${metric('first-contentful-paint').padEnd(8)}${String(item.lcpMs).padEnd(11)}${metric('total-blocking-time').padEnd(9)}${metric('cumulative-layout-shift').padEnd(7)}${kb(js)}`,
    );
    if (item.performance < BUDGET.performance) problems.push(`${item.route}: performance ${item.performance} < ${BUDGET.performance}`);
    if (item.accessibility < BUDGET.accessibility) problems.push(`${item.route}: accessibility ${item.accessibility} < ${BUDGET.accessibility}`);
    if (item.lcpMs > BUDGET.largestContentfulPaintMs) problems.push(`${item.route}: LCP ${item.lcpMs} ms > ${BUDGET.largestContentfulPaintMs} ms`);
  }

  const first = audits[0]!;
  const firstJs = first.scripts.reduce((sum, script) => sum + script.transferSize, 0);
  console.log(
    `\nJavaScript on the first route (/ → /welcome): ${kb(firstJs)} gzip in ${first.scripts.length} file(s) (budget ${kb(BUDGET.firstRouteJsBytes)})`,
  );
  for (const script of first.scripts) console.log(`  ${kb(script.transferSize).padStart(9)}  ${new URL(script.url).pathname}`);
  if (firstJs > BUDGET.firstRouteJsBytes) problems.push(`first route: ${kb(firstJs)} of JavaScript > ${kb(BUDGET.firstRouteJsBytes)}`);

  const voice = voiceFiles();
  if (!voice.length) problems.push('the build has no voice SDK chunk of its own (it should load only on /interview/{id})');
  for (const item of audits) {
    const loaded = item.scripts.filter((script) => voice.some((file) => script.url.endsWith(`/${file}`)));
    if (loaded.length) problems.push(`${item.route} loads the voice SDK: ${loaded.map((script) => script.url).join(', ')}`);
  }
  console.log(
    `Voice SDK (${voice.join(', ') || 'not found'}): ${problems.some((line) => line.includes('voice')) ? 'LOADED outside the interview page' : 'loaded by none of the audited routes'}`,
  );

  for (const item of audits) explain(item);
  console.log(`\nReports: ${REPORTS_DIR} (signed-in routes as ${student})`);
  if (problems.length) {
    console.log(`\nOver budget:\n${problems.map((line) => `  - ${line}`).join('\n')}`);
    return 1;
  }
  console.log('\nAll budgets met.');
  return 0;
}

/** Why a route lost points: the opportunities worth the most time, and every failed accessibility check. */
function explain(item: Audit): void {
  const lines: string[] = [];
  if (item.performance < BUDGET.performance || item.lcpMs > BUDGET.largestContentfulPaintMs) {
    const opportunities = Object.values(item.lhr.audits)
      .filter((entry) => entry.details?.type === 'opportunity' && (entry.score ?? 1) < 0.9)
      .sort(
        (a, b) => ((b.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0) - ((a.details as { overallSavingsMs?: number }).overallSavingsMs ?? 0),
      )
      .slice(0, 6);
    for (const entry of opportunities) lines.push(`  performance: ${entry.title}${entry.displayValue ? ` (${entry.displayValue})` : ''}`);
    for (const id of [
      'largest-contentful-paint-element',
      'bootup-time',
      'mainthread-work-breakdown',
      'render-blocking-insight',
      'network-dependency-tree-insight',
    ]) {
      const entry = item.lhr.audits[id];
      if (entry && (entry.score ?? 1) < 0.9) lines.push(`  performance: ${entry.title}${entry.displayValue ? ` (${entry.displayValue})` : ''}`);
    }
    const element = lcpElement(item.lhr);
    if (element) lines.push(`  LCP element: ${element}`);
  }
  const accessibility = item.lhr.categories.accessibility?.auditRefs ?? [];
  for (const ref of accessibility) {
    const entry = item.lhr.audits[ref.id];
    if (entry && entry.score !== null && entry.score < 1 && ref.weight > 0) lines.push(`  accessibility: ${entry.title}`);
  }
  if (lines.length) console.log(`\n${item.route}:\n${lines.join('\n')}`);
}

/** The HTML of the element Lighthouse took as the largest contentful paint, if it names one. */
function lcpElement(lhr: Result): string | undefined {
  const details = lhr.audits['largest-contentful-paint-element']?.details as { items?: Array<{ items?: Array<{ node?: { snippet?: string } }> }> } | undefined;
  return details?.items?.[0]?.items?.[0]?.node?.snippet;
}

process.exitCode = await main();
