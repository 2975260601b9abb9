import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Query } from 'appwrite';
import type { Job } from '@opportunity-kit/sdk/domain';
import type { TestBackend } from '../support/backend.ts';
import { command, guest, recruiter, startPortalBackend, type Member } from '../support/portal.ts';
import { aPosting } from '../support/postings.ts';

/**
 * Pay as a number with its unit, the employment type and the address in parts (issue 28) through
 * the commands: create and edit store them and answer them, refuse what is not one, and a visitor
 * (the embed's reader) reads them back from the row.
 */

let backend: TestBackend;
let employer: Member;

beforeAll(async () => {
  backend = await startPortalBackend();
  employer = await recruiter(backend);
}, 90_000);
afterAll(() => backend?.close());

const details = {
  location: 'Brampton',
  streetAddress: '50 Main St N',
  postalCode: 'l6v1n6',
  employmentType: 'PART_TIME',
  payRate: 17.6,
  payUnit: 'hour',
};

describe('a posting keeps its pay, employment type and address in parts', () => {
  it('creates a posting with them, the province and country the board’s, and answers them', async () => {
    const made = await command<Job>(employer, 'POST', '/jobs', aPosting(details));
    expect(made.error).toBeUndefined();
    expect(made.data).toMatchObject({
      streetAddress: '50 Main St N',
      postalCode: 'L6V 1N6',
      addressRegion: 'ON',
      addressCountry: 'CA',
      employmentType: 'PART_TIME',
      ruleDetails: { payRate: 17.6, payUnit: 'hour', paid: true },
    });
  });

  it('edits them, and a visitor reads the row as saved', async () => {
    const made = await command<Job>(employer, 'POST', '/jobs', aPosting(details));
    const id = made.data!.id;
    const edited = await command<Job>(
      employer,
      'PUT',
      `/jobs/${id}`,
      aPosting({
        ...details,
        streetAddress: '2 Bloor St W',
        location: 'Toronto',
        postalCode: 'M4W 3E2',
        employmentType: 'FULL_TIME',
        payRate: 800,
        payUnit: 'week',
      }),
    );
    expect(edited.error).toBeUndefined();
    expect(edited.data).toMatchObject({
      streetAddress: '2 Bloor St W',
      postalCode: 'M4W 3E2',
      employmentType: 'FULL_TIME',
      ruleDetails: { payRate: 800, payUnit: 'week' },
    });
    const row = await guest(backend).tablesDB.getRow({
      databaseId: 'portal',
      tableId: 'jobs',
      rowId: id,
      queries: [Query.select(['streetAddress', 'postalCode', 'addressRegion', 'addressCountry', 'employmentType', 'payRate', 'payUnit'])],
    });
    expect(row).toMatchObject({
      streetAddress: '2 Bloor St W',
      postalCode: 'M4W 3E2',
      addressRegion: 'ON',
      addressCountry: 'CA',
      employmentType: 'FULL_TIME',
      payRate: 800,
      payUnit: 'week',
    });
    // An edit that leaves them out clears them, as it does every other field.
    const cleared = await command<Job>(employer, 'PUT', `/jobs/${id}`, aPosting());
    expect(cleared.data).not.toHaveProperty('streetAddress');
    expect(cleared.data).not.toHaveProperty('employmentType');
  });

  it('refuses a street that repeats the city, a postal code of another shape, an unknown employment type or pay unit, in the same words as the form', async () => {
    const refused = await command(
      employer,
      'POST',
      '/jobs',
      aPosting({ ...details, streetAddress: '50 Main St N, Brampton, ON', postalCode: '90210', employmentType: 'SEASONAL', payUnit: 'year' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.error?.fields).toMatchObject({
      streetAddress: 'Please enter the street and number only: the location names the city',
      postalCode: 'Please enter a postal code such as L9T 2X5',
      employmentType: 'Please choose one of the listed employment types',
      payUnit: 'Please choose whether the pay is per hour, day, week or month',
    });
    const gig = await command(employer, 'POST', '/jobs', aPosting({ postingType: 'Gig', hourlyRate: null, companyWebsite: null, employmentType: 'TEMPORARY' }));
    expect(gig.error?.fields?.employmentType).toBe('An employment type can only be given for Job postings');
    const underFloor = await command(employer, 'POST', '/jobs', aPosting({ payRate: 200, payUnit: 'week', hoursPerWeek: 20 }));
    expect(underFloor.error?.fields?.payRate).toMatch(/at least \$16\.60 an hour/);
  });
});
