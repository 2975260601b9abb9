import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hoursOpportunities } from '../../packages/portal/src/hours/hours-opportunities.ts';
import { type TestBackend } from '../support/backend.ts';
import { startPortalBackend, uniqueLocal } from '../support/portal.ts';
import { aNewPosting, aStudent, aTeacher, type PortalMember } from '../support/portal-sdk.ts';

/**
 * "Volunteering hours to log" (issue 25, item 23): only postings whose hours can count as community
 * involvement are suggested. A paid co-op Job a teacher assigned to the student is not one of them.
 */

let backend: TestBackend;
let teacher: PortalMember;
let student: PortalMember;

beforeAll(async () => {
  backend = await startPortalBackend();
  [teacher, student] = await Promise.all([aTeacher(backend), aStudent(backend)]);
});
afterAll(() => backend.close());

describe('the hours suggestions of a student', () => {
  it('list an assigned Volunteering posting and leave out an assigned paid Job', async () => {
    const coop = await teacher.portal.jobs.create(aNewPosting({ title: uniqueLocal('Paid co-op '), postingType: 'Job', hourlyRate: '$17/hour' }));
    const foodBank = await teacher.portal.jobs.create(
      aNewPosting({ title: uniqueLocal('Food bank helper '), postingType: 'Volunteering', cluster: 'Volunteering', hourlyRate: null }),
    );
    await teacher.portal.jobs.assign(coop.id, student.email);
    await teacher.portal.jobs.assign(foodBank.id, student.email);

    const suggested = await hoursOpportunities(student.portal);
    expect(suggested.map((opportunity) => opportunity.jobId)).toEqual([foodBank.id]);
  });
});
