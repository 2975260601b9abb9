import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { PackedPackages } from './pack-packages.ts';
import { REPO_ROOT, runOutside, runOutsideOrThrow, type Outcome } from './outside-process.ts';

/**
 * A fresh Vite + React application that uses the published packages the way the README shows: its own
 * `package.json` (the packed tarballs, and React, Vite and TypeScript at the versions this workspace
 * uses), installed with npm; a strict `tsconfig.json`; a page with the SDK client, a few widgets and a view of its own on a headless hook,
 * and a page that loads the `<opportunity-board>` embed.
 */

/** The application's tools and framework, pinned to what this workspace has installed. */
const PINNED = {
  dependencies: ['react', 'react-dom'],
  devDependencies: ['@types/react', '@types/react-dom', '@vitejs/plugin-react', 'typescript', 'vite'],
} as const;

function workspaceVersion(name: string): string {
  const manifest = join(REPO_ROOT, 'node_modules', name, 'package.json');
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

function pinned(names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, workspaceVersion(name)]));
}

function packageJson(packed: PackedPackages): string {
  return JSON.stringify(
    {
      name: 'opportunity-kit-consumer',
      private: true,
      type: 'module',
      dependencies: {
        '@opportunity-kit/sdk': `file:${packed.sdk.tarball}`,
        '@opportunity-kit/widgets': `file:${packed.widgets.tarball}`,
        ...pinned(PINNED.dependencies),
      },
      devDependencies: pinned(PINNED.devDependencies),
    },
    null,
    2,
  );
}

/** Strict settings an application may well use; `skipLibCheck` as Vite's React template sets it. */
const TSCONFIG = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM', 'DOM.Iterable'],
    module: 'ESNext',
    moduleResolution: 'bundler',
    jsx: 'react-jsx',
    types: ['vite/client'],
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noImplicitOverride: true,
    verbatimModuleSyntax: true,
    isolatedModules: true,
    skipLibCheck: true,
    noEmit: true,
  },
  include: ['src'],
};

/** The same application with every declaration file checked too, ours among them. */
const TSCONFIG_DECLARATIONS = { extends: './tsconfig.json', compilerOptions: { skipLibCheck: false } };

const VITE_CONFIG = `import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  build: { manifest: true, rolldownOptions: { input: { main: 'index.html', board: 'board.html', readme: 'readme.html' } } },
});
`;

const page = (title: string, script: string, body = '') => `<!doctype html>
<html lang="en">
  <head><meta charset="UTF-8" /><title>${title}</title></head>
  <body>${body}<div id="root"></div><script type="module" src="${script}"></script></body>
</html>
`;

/** The portal page: the SDK's client, its domain and public entries, and connected widgets. */
const MAIN_TSX = `import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createPortalClient, isPortalError, type CurrentUser } from '@opportunity-kit/sdk';
import { greetingFor, POSTING_TYPES, type Job, type PostingType } from '@opportunity-kit/sdk/domain';
import { createPublicClient, type PublicJobPage } from '@opportunity-kit/sdk/public';
import { Greeting, InterviewRoom, JobBoard, NewsletterSignup, useJobBoard, type JobBoardState } from '@opportunity-kit/widgets';
import '@opportunity-kit/widgets/styles.css';

const endpoint = 'http://127.0.0.1:4000/v1';
const portal = createPortalClient({ endpoint, projectId: 'opportunity-kit' });
const publicJobs = createPublicClient({ endpoint, project: 'opportunity-kit' });

async function signedIn(): Promise<CurrentUser | null> {
  try {
    return await portal.auth.currentUser();
  } catch (error) {
    if (isPortalError(error)) console.warn(error.code, error.message);
    return null;
  }
}

const titles: Record<string, string> = { Job: 'Jobs near you' };

/** A view of the app's own on the headless hook. */
function GigTitles() {
  const { state, actions }: { state: JobBoardState; actions: { retry(): void } } = useJobBoard({ jobs: portal.jobs, postingType: 'Gig', pageSize: 5 });
  if (state.status === 'error') return <button onClick={actions.retry}>{state.error ?? 'Retry'}</button>;
  return <ul>{state.jobs.map((job) => <li key={job.id}>{job.title}</li>)}</ul>;
}

function App({ me, postingType, practising }: { me: CurrentUser | null; postingType: PostingType; practising: Job | undefined }) {
  return (
    <main className="ok-consumer-app">
      {me ? <Greeting displayName={me.displayName} /> : <h1>{greetingFor(new Date())}</h1>}
      <JobBoard jobs={portal.jobs} postingType={postingType} viewer={me} title={titles[postingType]} onOpen={(job) => console.log(job.title)} />
      <GigTitles />
      <NewsletterSignup newsletter={portal.newsletter} />
      {practising ? <InterviewRoom ai={portal.ai} jobId={practising.id} jobTitle={practising.title} backHref={\`/job/\${practising.id}\`} /> : null}
    </main>
  );
}

const firstPage: PublicJobPage = await publicJobs.listJobs({ limit: 1 });
const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App me={await signedIn()} postingType={POSTING_TYPES[0] ?? 'Job'} practising={firstPage.jobs[0]} />
    </StrictMode>,
  );
}
`;

/** The school website page: the embed, imported for its side effect. */
const BOARD_TS = `import '@opportunity-kit/widgets/embed';

const board = document.createElement('opportunity-board');
board.setAttribute('endpoint', 'http://127.0.0.1:4000/v1');
board.setAttribute('project', 'opportunity-kit');
document.getElementById('root')?.append(board);
`;

/**
 * The README's widget snippet (the first `tsx` block of its "Widgets and Storybook" section), as a
 * developer pastes it into `src/readme.tsx`: the app proves it compiles, builds and runs as written.
 */
export function readmeWidgetSnippet(): string {
  const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Widgets and Storybook'));
  const block = /```tsx\n([\s\S]*?)```/.exec(section)?.[1];
  if (!block) throw new Error('The README has no tsx snippet in its "Widgets and Storybook" section.');
  return block;
}

function write(appDir: string, file: string, text: string): void {
  mkdirSync(dirname(join(appDir, file)), { recursive: true });
  writeFileSync(join(appDir, file), text);
}

/** Writes the application into `appDir` and installs it with npm, from the machine's cache where it can. */
export async function createConsumerApp(appDir: string, packed: PackedPackages): Promise<void> {
  write(appDir, 'package.json', packageJson(packed));
  write(appDir, 'tsconfig.json', JSON.stringify(TSCONFIG, null, 2));
  write(appDir, 'tsconfig.declarations.json', JSON.stringify(TSCONFIG_DECLARATIONS, null, 2));
  write(appDir, 'vite.config.ts', VITE_CONFIG);
  write(appDir, 'index.html', page('Opportunity Kit', '/src/main.tsx'));
  write(appDir, 'board.html', page('Our school', '/src/board.ts', '<h1>Opportunities</h1>'));
  write(appDir, 'src/main.tsx', MAIN_TSX);
  write(appDir, 'src/board.ts', BOARD_TS);
  write(appDir, 'readme.html', page('A widget app', '/src/readme.tsx'));
  write(appDir, 'src/readme.tsx', readmeWidgetSnippet());
  await runOutsideOrThrow('npm', ['install', '--prefer-offline', '--no-audit', '--no-fund', '--no-update-notifier', '--loglevel=error'], appDir, {
    timeoutMs: 150_000,
  });
}

/** `tsc --noEmit` with the application's own TypeScript and the given project file. */
export function typeCheck(appDir: string, project: 'tsconfig.json' | 'tsconfig.declarations.json'): Promise<Outcome> {
  return runOutside(process.execPath, [join(appDir, 'node_modules/typescript/bin/tsc'), '--noEmit', '--pretty', 'false', '-p', project], appDir);
}

/** `vite build` with the application's own Vite. */
export function viteBuild(appDir: string): Promise<Outcome> {
  return runOutside(process.execPath, [join(appDir, 'node_modules/vite/bin/vite.js'), 'build'], appDir);
}

/** One entry of Vite's build manifest (`dist/.vite/manifest.json`). */
export interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  css?: string[];
}

export function buildManifest(appDir: string): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(join(appDir, 'dist/.vite/manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}
