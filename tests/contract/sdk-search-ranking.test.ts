import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBackend } from '../support/backend.ts';
import { startPortalBackend } from '../support/portal.ts';
import { aNewPosting, aStudent, aTeacher, type PortalMember } from '../support/portal-sdk.ts';

/**
 * Issue 25, item 7, through the SDK against the product's backend: `jobs.list` ranks a search's page
 * by how much of the query each posting matches, and `jobs.suggestSearch` corrects a search that found
 * nothing with words of the postings the member may see there only (a private posting's words are
 * never offered to a student). Words are made up per run, so a shared real Appwrite changes nothing.
 */

/** A made-up word of letters only (the correction leaves numbers alone). */
const madeUpWord = (prefix: string) => prefix + [...randomBytes(6)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');

const both = madeUpWord('cashier');
const one = madeUpWord('evenings');
const secret = madeUpWord('xylophonist');

let backend: TestBackend;
let teacher: PortalMember;
let student: PortalMember;
const id: Record<string, string> = {};

beforeAll(async () => {
  backend = await startPortalBackend();
  [teacher, student] = await Promise.all([aTeacher(backend), aStudent(backend)]);
  // Sequential: the posting matching one word is the newer one, so the server lists it first.
  id.both = (await teacher.portal.jobs.create(aNewPosting({ title: `Cashier ${both} ${one}`, description: 'Run the till.' }))).id;
  id.one = (await teacher.portal.jobs.create(aNewPosting({ title: 'Tax clinic assistant', description: `Greet clients. ${one}.` }))).id;
  id.secret = (await teacher.portal.jobs.create(aNewPosting({ title: 'Staff room helper', description: `A ${secret} wanted.`, visible: false }))).id;
});
afterAll(() => backend.close());

describe('search ranking and correction through the SDK (issue 25)', () => {
  it('lists the posting matching more of the query first, though the other is newer', async () => {
    const page = await student.portal.jobs.list({ postingType: 'Job', search: `${both} ${one}` });
    expect(page.items.map((job) => job.id)).toEqual([id.both, id.one]);
  });

  it("corrects a typo with a word of a posting the member may see, and never with a private posting's word", async () => {
    // Two letters left out of each word.
    const typo = (word: string) => word.slice(0, 3) + word.slice(5);
    expect(await student.portal.jobs.list({ postingType: 'Job', search: typo(both) })).toMatchObject({ items: [] });
    expect(await student.portal.jobs.suggestSearch({ postingType: 'Job', search: typo(both) })).toBe(both);
    // The private posting is its creator's: the teacher is offered its word, the student is not.
    expect(await teacher.portal.jobs.suggestSearch({ postingType: 'Job', search: typo(secret) })).toBe(secret);
    expect(await student.portal.jobs.suggestSearch({ postingType: 'Job', search: typo(secret) })).toBeNull();
    // Another listing's postings are not its words.
    expect(await student.portal.jobs.suggestSearch({ postingType: 'Gig', search: typo(both) })).toBeNull();
  });
});
