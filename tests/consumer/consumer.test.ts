import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { extname, join, normalize } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildManifest, createConsumerApp, typeCheck, viteBuild } from './consumer-app.ts';
import { assertOutsideWorkspace } from './outside-process.ts';
import type { TestBackend } from '../support/backend.ts';
import { packageDir } from '../support/package-build.ts';
import { command, recruiter, startPortalBackend } from '../support/portal.ts';
import { aPosting } from '../support/postings.ts';
import {
  exportConditions,
  exportedFiles,
  packPackages,
  type ExportTarget,
  type PackedManifest,
  type PackedPackage,
  type PackedPackages,
} from './pack-packages.ts';
import { publintProblems, typesWrongProblems } from './published-types.ts';

/**
 * A consumer's proof: `@opportunity-kit/sdk` and `@opportunity-kit/widgets` built and packed as they
 * would be published, installed with npm into a fresh Vite + React application in a temporary folder
 * outside the workspace, type-checked with strict settings and built; the tarballs' types checked with
 * are-the-types-wrong and their manifests with publint. npm reads the machine's cache first
 * (`--prefer-offline`) and reaches only the npm registry, for what the cache lacks.
 */

let workDir: string;
let packed: PackedPackages;
let appDir: string;

beforeAll(async () => {
  workDir = mkdtempSync(join(tmpdir(), 'ok-consumer-'));
  assertOutsideWorkspace(workDir);
  packed = await packPackages(workDir);
  appDir = join(workDir, 'app');
  await createConsumerApp(appDir, packed);
}, 240_000);

afterAll(() => {
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** An `exports` target with one condition taken out at every level. */
function withoutCondition(target: ExportTarget, condition: string): ExportTarget {
  if (typeof target === 'string') return target;
  return Object.fromEntries(
    Object.entries(target)
      .filter(([key]) => key !== condition)
      .map(([key, inner]) => [key, withoutCondition(inner, condition)]),
  );
}

const both = (): [string, PackedPackage][] => [
  ['@opportunity-kit/sdk', packed.sdk],
  ['@opportunity-kit/widgets', packed.widgets],
];

describe('the packed manifests', () => {
  it('export only built files, and no workspace-only condition', () => {
    for (const [name, { manifest, files }] of both()) {
      expect(manifest.name).toBe(name);
      for (const [subpath, target] of Object.entries(manifest.exports)) {
        // `source` resolves the workspace to TypeScript sources; an application using the same
        // (common) custom condition would otherwise compile ours with its settings.
        expect(exportConditions(target), `${name} ${subpath}`).not.toContain('source');
        for (const file of exportedFiles(target)) expect(files, `${name} ${subpath} -> ${file}`).toContain(file.replace(/^\.\//, ''));
      }
    }
  });

  it('export what the workspace exports, less the `source` condition (publishConfig kept in step)', () => {
    for (const [name, { manifest }] of both()) {
      const workspace = JSON.parse(readFileSync(join(packageDir(name.slice('@opportunity-kit/'.length)), 'package.json'), 'utf8')) as PackedManifest;
      const published = Object.fromEntries(Object.entries(workspace.exports).map(([subpath, target]) => [subpath, withoutCondition(target, 'source')]));
      expect(manifest.exports, name).toEqual(published);
    }
  });

  it('publish the build and the readme, and no sources, tests or stories', () => {
    for (const [name, { files }] of both()) {
      const unexpected = files.filter((file) => !file.startsWith('dist/') && !/^(package\.json|README\.md|LICENSE)$/.test(file));
      expect(unexpected, name).toEqual([]);
    }
    expect(packed.sdk.files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/domain/index.d.ts', 'dist/public/index.d.ts']));
    expect(packed.widgets.files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'dist/styles.css', 'dist/embed/opportunity-board.js']));
  });

  it('name real versions for the SDK peer and keep the stylesheet and embed as side effects', () => {
    const { peerDependencies = {}, sideEffects } = packed.widgets.manifest;
    expect(peerDependencies['@opportunity-kit/sdk']).toBe(`^${packed.sdk.manifest.version}`);
    for (const manifest of [packed.sdk.manifest, packed.widgets.manifest]) {
      expect(JSON.stringify(manifest)).not.toContain('workspace:');
    }
    expect(packed.sdk.manifest.sideEffects).toBe(false);
    expect(sideEffects).toEqual(expect.arrayContaining(['*.css', './dist/embed/*.js']));
  });
});

describe('the published types and manifests', () => {
  it('resolve to correct types for every entry point under ESM and bundler resolution (are-the-types-wrong)', async () => {
    for (const [name, { tarball }] of both()) expect(await typesWrongProblems(tarball), name).toEqual([]);
  }, 60_000);

  it('pass publint, warnings and suggestions included', async () => {
    for (const [name, { tarball }] of both()) expect(await publintProblems(tarball), name).toEqual([]);
  });
});

describe('a Vite + React application installing the tarballs with npm', () => {
  it('installs the packages and their peers from the tarballs', () => {
    for (const name of ['@opportunity-kit/sdk', '@opportunity-kit/widgets', '@preact/signals-react', 'appwrite', '@elevenlabs/react']) {
      expect(existsSync(join(appDir, 'node_modules', name, 'package.json')), name).toBe(true);
    }
    const installed = JSON.parse(readFileSync(join(appDir, 'node_modules/@opportunity-kit/widgets/package.json'), 'utf8')) as { exports: object };
    expect(installed.exports).toEqual(packed.widgets.manifest.exports);
  });

  it('type-checks with strict, noUncheckedIndexedAccess, exactOptionalPropertyTypes and bundler resolution', async () => {
    const { code, output } = await typeCheck(appDir, 'tsconfig.json');
    expect(output).toBe('');
    expect(code).toBe(0);
  }, 60_000);

  it('finds no error in our declaration files under those settings', async () => {
    const { output } = await typeCheck(appDir, 'tsconfig.declarations.json');
    const errors = output.split('\n').filter((line) => line.includes('error TS'));
    // Every error names its file; a third-party package's broken declarations are not ours to fix.
    for (const error of errors) expect(error).toMatch(/^node_modules\/(?!@opportunity-kit\/)\S+\(\d+,\d+\): error TS\d+/);
  }, 60_000);

  it('builds with vite, the widgets styles and the embed included and the voice SDK as a lazy chunk', async () => {
    const { code, output } = await viteBuild(appDir);
    expect(code, output).toBe(0);
    const manifest = buildManifest(appDir);
    const main = manifest['index.html'];
    const board = manifest['board.html'];
    expect(main?.isEntry).toBe(true);
    expect(board?.isEntry).toBe(true);
    // The pages share the widgets' stylesheet: it may sit with a chunk they both import.
    const cssFiles = new Set(Object.values(manifest).flatMap((chunk) => chunk.css ?? []));
    const css = [...cssFiles].map((file) => readFileSync(join(appDir, 'dist', file), 'utf8')).join('');
    expect(css).toContain('.ok-job-board');
    expect(readFileSync(join(appDir, 'dist', main?.file ?? ''), 'utf8')).toContain('ok-consumer-app');
    expect(readFileSync(join(appDir, 'dist', board?.file ?? ''), 'utf8')).toContain('opportunity-board');
    const lazy = Object.entries(manifest)
      .filter(([, chunk]) => chunk.isDynamicEntry)
      .map(([source]) => source);
    expect(
      lazy.some((source) => source.includes('node_modules/@elevenlabs/react/')),
      lazy.join(', '),
    ).toBe(true);
  }, 120_000);
});

describe("the README's widget app, built and opened in Chromium", () => {
  let backend: TestBackend | undefined;
  let browser: Browser | undefined;
  const sites: StaticDist[] = [];

  afterAll(async () => {
    await browser?.close();
    await Promise.all(sites.map((site) => site.close()));
    await backend?.close();
  });

  /** The built app with the README's endpoint pointed at the test's backend, as a developer would set theirs. */
  async function serveApp(): Promise<StaticDist> {
    const site = await serveDist(join(appDir, 'dist'), (text) => text.replaceAll('http://127.0.0.1:4000/v1', backend!.endpoint));
    sites.push(site);
    return site;
  }

  it('lists the postings and opens one in the app, on a registered origin; elsewhere it names the origin to register', async () => {
    const registered = await serveApp();
    backend = await startPortalBackend({ webOrigins: [registered.origin] });
    const hr = await recruiter(backend);
    const posted = await command<{ id: string }>(hr, 'POST', '/jobs', aPosting({ title: 'Weekend barista', company: 'Bean There Cafe' }));
    expect(posted.error).toBeUndefined();
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-dev-shm-usage', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });

    const page = await browser.newPage();
    await page.goto(`${registered.origin}/readme.html`);
    const card = page.getByRole('link', { name: 'Weekend barista' });
    await card.waitFor();
    expect(await card.getAttribute('href')).toBe(`?job=${posted.data!.id}`);
    await card.click();
    await page.getByRole('heading', { name: 'Weekend barista', level: 1 }).waitFor();
    await page.close();

    const stranger = await serveApp();
    const elsewhere = await browser.newPage();
    const failures: string[] = [];
    elsewhere.on('pageerror', (error) => failures.push(error.message));
    await elsewhere.goto(`${stranger.origin}/readme.html`);
    await expect.poll(() => failures.join('\n')).toContain(`This site (${stranger.origin}) is not registered`);
    expect(failures.join('\n')).toContain('WEB_ORIGINS');
    await elsewhere.close();
  }, 120_000);
});

interface StaticDist {
  origin: string;
  close(): Promise<void>;
}

const CONTENT_TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

/** Serves a built app's files on 127.0.0.1 (a free port), each script passed through `rewrite`. */
async function serveDist(root: string, rewrite: (script: string) => string): Promise<StaticDist> {
  const server = createServer((req, res) => {
    const path = normalize(new URL(req.url ?? '/', 'http://localhost').pathname).replace(/^(\.\.[/\\])+/, '');
    const file = join(root, path);
    if (!file.startsWith(root) || !existsSync(file) || !statSync(file).isFile()) return void res.writeHead(404).end();
    const type = CONTENT_TYPES[extname(file)] ?? 'application/octet-stream';
    const body = type === 'text/javascript' ? rewrite(readFileSync(file, 'utf8')) : readFileSync(file);
    res.writeHead(200, { 'content-type': type }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
