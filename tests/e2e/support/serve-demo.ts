import { startDemoPortal } from './demo-portal.ts';

/**
 * Runs the demo portal in a process of its own, started with the same Node flags as `pnpm start`
 * (`--conditions=source --import tsx`), and announces it with one line on stdout:
 * `READY {"url":…}`. SIGTERM or SIGINT closes it. The e2e global setup and `pnpm lighthouse` use it.
 */
const logFile = process.argv[2];
const portal = await startDemoPortal(logFile ? { logFile } : {});
const { close, ...info } = portal;
let closing = false;
const stop = () => {
  if (closing) return;
  closing = true;
  void close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
// The parent went away without a word (a killed test run): do not linger.
process.stdin.on('end', stop);
process.stdin.resume();
process.stdout.write(`READY ${JSON.stringify(info)}\n`);
