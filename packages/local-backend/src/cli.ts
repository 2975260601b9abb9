import { dirname, resolve } from 'node:path';
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isNetworkHost } from './platforms/loopback.ts';
import { startLocalBackend } from './server.ts';

const USAGE = `Usage: local-backend start [--port 4000] [--host 127.0.0.1] [--data .data] [--config appwrite.config.json] [--project opportunity-kit] [--origin https://www.school.example ...]
(set _APP_OPTIONS_ABUSE=disabled to turn Appwrite's abuse limits off)`;

async function main(argv: string[]): Promise<void> {
  const [command, ...rest] = argv;
  if (command !== 'start') {
    console.log(USAGE);
    process.exitCode = command ? 1 : 0;
    return;
  }
  const { values } = parseArgs({
    args: rest,
    options: {
      port: { type: 'string', default: process.env.PORT ?? '4000' },
      host: { type: 'string', default: process.env.HOST ?? '127.0.0.1' },
      data: { type: 'string', default: process.env.LOCAL_BACKEND_DATA ?? '.data' },
      config: { type: 'string', default: 'appwrite.config.json' },
      project: { type: 'string' },
      // Registered web platforms (repeatable), besides WEB_ORIGINS (comma-separated).
      origin: { type: 'string', multiple: true, default: [] },
    },
  });
  const configPath = resolve(values.config);
  const backend = await startLocalBackend({
    port: Number(values.port),
    host: values.host,
    dataDir: resolve(values.data),
    projectRoot: existsSync(configPath) ? dirname(configPath) : undefined,
    ...(values.project ? { projectId: values.project } : {}),
    webOrigins: [...(process.env.WEB_ORIGINS ?? '').split(','), ...values.origin],
    // Appwrite's own switch, so a test project can be served as the README asks a real Appwrite to be.
    abuseLimits: process.env._APP_OPTIONS_ABUSE !== 'disabled',
  });
  console.log(`Local Appwrite-compatible backend ready
  endpoint:   ${backend.endpoint}
  project id: ${backend.projectId}
  API key:    ${backend.apiKey}
  data:       ${resolve(values.data)}
  outbox:     ${backend.endpoint}/dev/outbox (this machine only)`);
  if (isNetworkHost(values.host)) {
    console.log('  The outbox and the local identity provider answer only this machine (loopback); other machines get 403.');
  }
  const stop = () => {
    void backend.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

await main(process.argv.slice(2));
