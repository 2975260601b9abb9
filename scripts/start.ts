/**
 * `pnpm start`: the portal and its local backend on one port, http://127.0.0.1:4000 (the API at
 * /v1), with the data in `.data/`, provisioned from the root appwrite.config.json with the `roles`
 * and `commands` functions. It builds the portal with Vite when its sources changed since the last
 * build. On a first start (an empty data folder) it seeds the demo data; every start prints the
 * portal's address and one demo login per role.
 *
 * `pnpm dev` runs the same with `--dev`: Vite serves the portal from source with hot reload (in
 * middleware mode, on the same port), and Node restarts the process when backend code changes.
 *
 *   PORT=4100 HOST=0.0.0.0 LOCAL_BACKEND_DATA=/tmp/ok pnpm start
 */
import { isNetworkHost } from '@opportunity-kit/local-backend';
import { isEmptyFolder, localRun, loginLines, webSitesNotice } from './demo/local-run.ts';
import { readDemoSeed, seedDemo, type DemoLogin } from './demo/seed.ts';
import { startPortalServer, type PortalServer } from './portal-server.ts';

const dev = process.argv.includes('--dev');
let server: PortalServer | undefined;
let stopping = false;

function stop(): void {
  stopping = true;
  void (server?.close() ?? Promise.resolve()).then(() => process.exit(0));
}

async function main(): Promise<void> {
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  const run = localRun();
  const firstStart = isEmptyFolder(run.dataDir);
  server = await listen(run);
  const { backend } = server;
  const connection = { endpoint: backend.endpoint, projectId: backend.projectId, apiKey: backend.apiKey, schoolDomain: run.schoolDomain };

  let logins: DemoLogin[] = [];
  let note = '';
  try {
    // A first start seeds; a start after an interrupted seed (a `pnpm dev` restart) finishes it.
    const state = firstStart ? undefined : await readDemoSeed(connection);
    if (state?.status === 'seeded') logins = state.accounts;
    else if (!state || state.status === 'incomplete') {
      console.log(state ? 'Finishing the demo data an earlier start began…' : `Empty data folder: seeding the demo data (school domain ${run.schoolDomain})…`);
      logins = (await seedDemo({ ...connection, log: (line) => console.log(`  ${line}`) })).accounts;
    } else note = 'This data folder has no demo data (it was not empty at the first start); stop and run `pnpm seed` to add it.';
  } catch (error) {
    // Stopped while seeding: the requests in flight fail, which is no news.
    if (stopping) return;
    console.error('Seeding the demo data failed:', error);
    await server.close();
    process.exit(1);
  }

  console.log(`
Opportunity Kit is ready${dev ? ' (development: hot reload)' : ''}
  portal:     ${backend.url}/
  API:        ${backend.endpoint} (project ${backend.projectId}, API key ${backend.apiKey})
  data:       ${run.dataDir}
  dev mail:   ${backend.endpoint}/dev/outbox (this machine only)
${webSitesNotice(backend.url, run.webOrigins)}
`);
  if (isNetworkHost(run.host)) console.log(networkNotice(run.host, backend.port));
  if (logins.length) console.log(`Demo logins (role, e-mail, password):\n${loginLines(logins).join('\n')}\n`);
  if (note) console.log(`${note}\n`);
  console.log(`Open ${backend.url}/ in a browser. Press Ctrl+C to stop.`);
}

/** Said at every start on a network address: what other machines can and cannot use. */
function networkNotice(host: string, port: number): string {
  return `HOST=${host} makes the portal reachable from other machines (http://<this machine's address>:${port}/).
These development surfaces stay local-only and answer other machines with 403:
  - the mail outbox (/v1/dev/outbox): read verification links on this machine;
  - the local identity provider ("Sign in with Google"): use it on this machine, or sign in with a password.
`;
}

async function listen(run: ReturnType<typeof localRun>): Promise<PortalServer> {
  try {
    return await startPortalServer({
      port: run.port,
      host: run.host,
      dataDir: run.dataDir,
      projectRoot: run.repoRoot,
      webOrigins: run.webOrigins,
      mode: dev ? 'dev' : 'build',
      log: (line) => console.log(line),
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error;
    console.error(`Port ${run.port} is in use (is \`pnpm start\` already running?). Set PORT to use another one.`);
    process.exit(1);
  }
}

await main();
