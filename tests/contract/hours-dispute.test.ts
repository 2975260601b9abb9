import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOURS_MESSAGES } from '@opportunity-kit/sdk/domain';
import { type TestBackend } from '../support/backend.ts';
import { anHoursEntry, newestMail } from '../support/hours.ts';
import { command, guest, startPortalBackend } from '../support/portal.ts';
import { aStudent, aTeacher } from '../support/portal-sdk.ts';

/**
 * The supervisor's Dispute (issue 25, item 16): a dispute says why. The reason is required, kept on
 * the entry, and read by the student and their school's teachers; a confirmation needs none.
 */

let backend: TestBackend;

beforeAll(async () => {
  backend = await startPortalBackend();
}, 60_000);
afterAll(() => backend?.close());

const answer = (entryId: string, body: Record<string, unknown>) => command(guest(backend), 'POST', `/hours/${entryId}/confirmation`, body);

describe("the supervisor's dispute", () => {
  it('is refused without a reason, and the link still works', async () => {
    const student = await aStudent(backend);
    const input = anHoursEntry({ hours: 2 });
    const entry = await student.portal.hours.log(input);
    const { token } = await newestMail(backend, input.supervisorEmail);

    const bare = await answer(entry.id, { token, decision: 'disputed' });
    expect(bare.status).toBe(400);
    expect(bare.error?.fields).toMatchObject({ reason: HOURS_MESSAGES.disputeReasonRequired });
    const blank = await answer(entry.id, { token, decision: 'disputed', reason: '   ' });
    expect(blank.status).toBe(400);
    expect((await student.portal.hours.listMine()).find((mine) => mine.id === entry.id)?.status).toBe('pending');

    const confirmed = await answer(entry.id, { token, decision: 'confirmed' });
    expect(confirmed.status).toBe(200);
  });

  it('keeps its reason, which the student and their school’s teacher read', async () => {
    const [student, teacher] = await Promise.all([aStudent(backend), aTeacher(backend)]);
    const input = anHoursEntry({ hours: 3 });
    const entry = await student.portal.hours.log(input);
    const { token } = await newestMail(backend, input.supervisorEmail);
    const reason = 'Ana helped for one hour, not three.';

    const disputed = await answer(entry.id, { token, decision: 'disputed', reason: `  ${reason} ` });
    expect(disputed.status).toBe(200);
    expect((await student.portal.hours.listMine()).find((mine) => mine.id === entry.id)).toMatchObject({ status: 'disputed', disputeReason: reason });
    expect((await teacher.portal.hours.queue()).find((queued) => queued.id === entry.id)).toMatchObject({ status: 'disputed', disputeReason: reason });
  });
});
