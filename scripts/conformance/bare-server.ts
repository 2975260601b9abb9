import { startLocalBackend } from '@opportunity-kit/local-backend';

/**
 * One bare local backend for one file of Appwrite's e2e tests: an empty project in memory, on the
 * port the runner gives, with the web platform `localhost` registered as a hostname (any port), as
 * Appwrite's test stack (`_APP_DOMAIN=localhost`) registers it: its tests link mails to
 * `http://localhost:5000/…` and the abuse limits off (its CI sets `_APP_OPTIONS_ABUSE=disabled`). It prints
 * one JSON line with what the tests need, then serves until it is told to stop.
 */
const port = Number(process.argv[2]);
const backend = await startLocalBackend({ port, host: '127.0.0.1', memory: true, webOrigins: ['localhost'], abuseLimits: false, log: () => {} });
console.log(JSON.stringify({ endpoint: backend.endpoint, projectId: backend.projectId, apiKey: backend.apiKey }));
const stop = () => void backend.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
