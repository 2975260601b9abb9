import { execFileSync } from 'node:child_process';
import { createReadStream, existsSync, mkdirSync, mkdtempSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';

/**
 * Screenshots of stories, taken in Debian's Chromium from a static Storybook build:
 *
 *   node --import tsx packages/widgets/scripts/screenshot-stories.ts \
 *     [--static storybook-static] [--width 1280] [--height 800] \
 *     blog-blogfeed--feed=docs/screenshots/widgets/blog-feed.png [story-id=path.png …]
 *
 * Without `--static` it builds Storybook into a temporary folder first. A story id may carry globals
 * after `&`, for example `home-greeting--morning&globals=theme:dark`. Paths are relative to the
 * repository root.
 */

const ROOT = resolve(import.meta.dirname, '../../..');
const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
};

function option(args: string[], name: string): string | undefined {
  const index = args.indexOf(name);
  if (index < 0) return undefined;
  const [, value] = args.splice(index, 2);
  return value;
}

const args = process.argv.slice(2);
const given = option(args, '--static');
const width = Number(option(args, '--width') ?? 1280);
const height = Number(option(args, '--height') ?? 800);
const shots = args.map((arg) => {
  const [story, file] = arg.split('=', 2);
  if (!story || !file) throw new Error(`Expected story-id=path.png, got "${arg}"`);
  return { story, file: resolve(ROOT, file) };
});
if (!shots.length) throw new Error('Name at least one story-id=path.png');

let staticDir = given ? resolve(ROOT, given) : '';
if (!staticDir) {
  staticDir = mkdtempSync(join(tmpdir(), 'ok-storybook-'));
  execFileSync('pnpm', ['exec', 'storybook', 'build', '--quiet', '--output-dir', staticDir], { cwd: ROOT, stdio: 'inherit' });
}

const server = createServer((request, response) => {
  const path = normalize(decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname)).replace(/^(\.\.[/\\])+/, '');
  let file = join(staticDir, path);
  if (existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.html');
  if (!existsSync(file)) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' });
  createReadStream(file).pipe(response);
});
await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
const address = server.address();
const port = typeof address === 'object' && address ? address.port : 0;

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu'],
});
try {
  const page = await browser.newPage({ viewport: { width, height } });
  for (const { story, file } of shots) {
    await page.goto(`http://127.0.0.1:${port}/iframe.html?viewMode=story&id=${story}`);
    // The story's play function runs after the first render; its end is when Storybook reports it.
    await page.waitForFunction(() => document.body.classList.contains('sb-show-main'), undefined, { timeout: 30_000 });
    await page.waitForTimeout(1500);
    mkdirSync(dirname(file), { recursive: true });
    await page.screenshot({ path: file });
    console.log(`${story} -> ${file}`);
  }
} finally {
  await browser.close();
  server.close();
}
