import { afterAll, beforeAll, expect, it } from 'vitest';
import { createPortalClient } from '@opportunity-kit/sdk';
import { SERVICE_HOURS_STATUSES } from '@opportunity-kit/sdk/domain';
import { seedDemo, type SeedResult } from '../../scripts/demo/seed.ts';
import { DEMO_HOURS } from '../../scripts/demo/seed-hours.ts';
import { describeLocal, type TestBackend } from '../support/backend.ts';
import { openBrowser } from '../support/browser.ts';
import { SETTINGS, startPortalBackend } from '../support/portal.ts';

/**
 * The demo's community involvement hours as its people see them: the demo student has an entry in
 * every state, and the teacher's queue holds the ones still awaiting a decision, confirmed first.
 */

let backend: TestBackend;
let seeded: SeedResult;

beforeAll(async () => {
  backend = await startPortalBackend();
  seeded = await seedDemo({ endpoint: backend.endpoint, projectId: backend.projectId, apiKey: backend.apiKey, schoolDomain: SETTINGS.schoolDomain });
}, 90_000);
afterAll(() => backend?.close());

async function portalOf(role: 'student' | 'teacher') {
  const login = seeded.accounts.find((account) => account.role === role);
  if (!login) throw new Error(`no ${role} login was printed`);
  const browser = openBrowser(backend);
  await browser.account.createEmailPasswordSession({ email: login.email, password: login.password });
  return createPortalClient({ endpoint: backend.endpoint, projectId: backend.projectId, client: browser.client, storage: null });
}

describeLocal('the demo hours (the supervisors answer through the local outbox)', () => {
  it('give the demo student one entry in every state, and a progress that counts only approved hours', async () => {
    const student = await portalOf('student');
    const entries = await student.hours.listMine();
    expect(entries.map((entry) => entry.status).sort()).toEqual([...SERVICE_HOURS_STATUSES].sort());
    expect(entries.map((entry) => entry.status).sort()).toEqual(DEMO_HOURS.map((demo) => demo.state).sort());
    // approved 4 + partial 2.5; pending, confirmed and disputed still wait: 3 + 5.25 + 2
    expect(await student.hours.summary()).toEqual({ approvedHours: 6.5, pendingHours: 10.25, requiredHours: 40 });
  });

  it("fill the teacher's queue with the undecided entries, confirmed first and disputed next", async () => {
    const teacher = await portalOf('teacher');
    const queue = await teacher.hours.queue();
    expect(queue.map((entry) => entry.status)).toEqual(['confirmed', 'disputed', 'pending']);
  });
});
