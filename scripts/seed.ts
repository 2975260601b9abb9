/**
 * `pnpm seed`: adds the demo data to the data folder (`.data`, or LOCAL_BACKEND_DATA) if it is not
 * there yet, prints the demo logins and stops. It starts its own backend on a free port, so it must
 * not run while `pnpm start` holds the same data folder: the local backend assumes it is the only
 * process using its data folder.
 */
import { startLocalBackend } from '@opportunity-kit/local-backend';
import { ensureFunctionBundles } from '../packages/functions/build/bundle-functions.ts';
import { localRun, loginLines } from './demo/local-run.ts';
import { seedDemo } from './demo/seed.ts';

const run = localRun();
console.log(`Seeding the demo data into ${run.dataDir} (school domain ${run.schoolDomain}).`);
console.log('Do not run this while `pnpm start` uses the same data folder; stop it first.');

await ensureFunctionBundles({ log: (line) => console.log(line) });
const backend = await startLocalBackend({ port: 0, host: '127.0.0.1', dataDir: run.dataDir, projectRoot: run.repoRoot, log: () => {} });
try {
  const result = await seedDemo({
    endpoint: backend.endpoint,
    projectId: backend.projectId,
    apiKey: backend.apiKey,
    schoolDomain: run.schoolDomain,
    log: (line) => console.log(`  ${line}`),
  });
  console.log(
    `\n${result.status === 'seeded' ? 'Seeded' : 'Already seeded'}. Demo logins (role, e-mail, password):\n${loginLines(result.accounts).join('\n')}`,
  );
  console.log('\n`pnpm start` serves this data folder.');
} catch (error) {
  console.error('Seeding the demo data failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await backend.close();
}
