import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensurePortalBuild } from '../../packages/portal/build/build-portal.ts';
import { REPO_ROOT } from '../../packages/portal/build/paths.ts';
import { startPortalServer, type PortalServer } from '../../scripts/portal-server.ts';

/**
 * The server of `pnpm start`: the portal's build and the local backend's /v1 on one port. Deep
 * links get the app's HTML (the router takes it from there), assets their content types and
 * caching, and the API answers beside them.
 */

let server: PortalServer;
let origin: string;
let indexHtml: string;

beforeAll(async () => {
  // Reuses an up-to-date build in packages/portal/dist, as `pnpm start` does.
  const build = await ensurePortalBuild();
  indexHtml = readFileSync(join(build.outDir, 'index.html'), 'utf8');
  server = await startPortalServer({ mode: 'build', distDir: build.outDir, memory: true, port: 0, host: '127.0.0.1', projectRoot: REPO_ROOT, log: () => {} });
  origin = server.backend.url;
}, 180_000);

afterAll(async () => {
  await server?.close();
});

async function page(path: string): Promise<{ response: Response; html: string }> {
  const response = await fetch(`${origin}${path}`);
  return { response, html: await response.text() };
}

/** The scripts and stylesheets index.html loads: by a tag, or by name from its inline starter (build/app-shell.ts). */
function assetsOf(html: string): { scripts: string[]; styles: string[] } {
  const scripts = [...new Set([...html.matchAll(/<script[^>]+src="([^"]+)"|"(\/assets\/[^"]+\.js)"/g)].map((match) => (match[1] ?? match[2])!))];
  const styles = [...html.matchAll(/<link[^>]+rel="stylesheet"[^>]+href="([^"]+)"/g)].map((match) => match[1]!);
  return { scripts, styles };
}

describe('pages', () => {
  it("answers / and deep links with the app's HTML, revalidated on every visit", async () => {
    for (const path of ['/', '/job/abc', '/network/1ada%40school.example', '/no/such/page']) {
      const { response, html } = await page(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(html, path).toBe(indexHtml);
      expect(html).toContain('<div id="root"></div>');
    }
  });

  it("answers /welcome with its headline already in the HTML, and the app's scripts asked for only after it is painted", async () => {
    const { response, html } = await page('/welcome');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('Find your first job, gig or volunteer role, close to home');
    expect(html).toMatch(/<a [^>]*href="\/signup"[^>]*>Sign Up Now<\/a>/);
    // Nothing in the document loads a script by itself: the inline starter does, after the first paint.
    expect(html).not.toMatch(/<script[^>]+src=|rel="modulepreload"/);
    const { scripts } = assetsOf(indexHtml);
    for (const script of scripts) expect(html).toContain(JSON.stringify(script));
  });

  it('serves the scripts and styles index.html names, with their types, compressed and cached for good', async () => {
    const { html } = await page('/');
    const { scripts, styles } = assetsOf(html);
    expect(scripts.length).toBeGreaterThan(0);
    expect(styles.length).toBeGreaterThan(0);
    for (const [paths, type] of [
      [scripts, 'text/javascript; charset=utf-8'],
      [styles, 'text/css; charset=utf-8'],
    ] as const) {
      for (const path of paths) {
        expect(path).toMatch(/^\/assets\//);
        const response = await fetch(`${origin}${path}`, { headers: { 'accept-encoding': 'gzip' } });
        expect(response.status, path).toBe(200);
        expect(response.headers.get('content-type'), path).toBe(type);
        expect(response.headers.get('cache-control'), path).toBe('public, max-age=31536000, immutable');
        expect(response.headers.get('content-encoding'), path).toBe('gzip');
        expect((await response.text()).length, path).toBeGreaterThan(0);
      }
    }
  });

  it('serves public files with their types and answers a revalidation with 304', async () => {
    const icon = await fetch(`${origin}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('content-type')).toBe('image/svg+xml');
    expect(await icon.text()).toContain('<svg');
    const etag = (await fetch(`${origin}/welcome`)).headers.get('etag');
    expect(etag).toBeTruthy();
    const again = await fetch(`${origin}/welcome`, { headers: { 'if-none-match': etag! } });
    expect(again.status).toBe(304);
  });

  it("serves the school websites' <opportunity-board> script, compressed and revalidated (its address does not change with a build)", async () => {
    const embed = await fetch(`${origin}/embed/opportunity-board.js`, { headers: { 'accept-encoding': 'gzip' } });
    expect(embed.status).toBe(200);
    expect(embed.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(embed.headers.get('content-encoding')).toBe('gzip');
    expect(embed.headers.get('cache-control')).toBe('no-cache');
    expect(await embed.text()).toContain('opportunity-board');
  });

  it('answers a missing asset with 404 instead of HTML, and never serves dot-folders or files outside the build', async () => {
    const missing = await fetch(`${origin}/assets/no-such-chunk.js`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^text\/plain/);
    const manifest = await page('/.vite/manifest.json');
    expect(manifest.html).toContain('<div id="root"></div>');
    const outside = await page('/..%2f..%2fpackage.json');
    expect(outside.html).not.toContain('"name"');
    const post = await fetch(`${origin}/welcome`, { method: 'POST' });
    expect(post.status).toBe(405);
  });
});

describe('the API beside the portal', () => {
  it('answers /v1/ping and the provisioned project on the same port', async () => {
    const ping = await fetch(`${origin}/v1/ping`);
    expect(ping.status).toBe(200);
    expect(await ping.text()).toBe('Pong!');
    const account = await fetch(`${origin}/v1/account`, { headers: { 'x-appwrite-project': server.backend.projectId } });
    expect(account.status).toBe(401);
    expect(account.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
