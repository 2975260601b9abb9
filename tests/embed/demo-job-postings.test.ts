import { describe, expect, it } from 'vitest';
import { DEFAULT_BOARD_RULES, ruleColumnsOf, toJob, todayDateString, validatePosting, type Job, type ValidPosting } from '@opportunity-kit/sdk/domain';
import { jobPostingData } from '../../packages/widgets/src/embed/job-posting-ld.ts';
import { DEMO_POSTINGS } from '../../scripts/demo/demo-postings.ts';
import type { DemoPosting } from '../../scripts/demo/demo-data.ts';
import { demoPostingBody } from '../../scripts/demo/seed-board.ts';

/**
 * The JobPosting data of every public demo posting (issue 28), checked against Google's documented
 * JobPosting properties (https://developers.google.com/search/docs/appearance/structured-data/job-posting):
 * the required ones, and the recommended ones whenever the posting has what they state: pay, the kind
 * of employment, the address. Each posting goes the way the seed sends it: through the posting form's
 * rules (`validatePosting`, as the `commands` function runs them), into a `jobs` row, out through
 * `toJob`, into the embed's `jobPostingData`.
 */

const EMPLOYMENT_TYPES = ['FULL_TIME', 'PART_TIME', 'CONTRACTOR', 'TEMPORARY', 'INTERN', 'VOLUNTEER', 'PER_DIEM', 'OTHER'];
const UNITS = ['HOUR', 'DAY', 'WEEK', 'MONTH', 'YEAR'];
/** ISO 8601 with a time and an offset (Google: "in ISO 8601 format"; a date-time with its zone is unambiguous). */
const DATE_TIME_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([+-]\d{2}:\d{2}|Z)$/;

type Data = Record<string, unknown>;
const record = (value: unknown): Data => (typeof value === 'object' && value !== null ? (value as Data) : {});
const text = (value: unknown): boolean => typeof value === 'string' && value.trim() !== '';

/** What Google's documentation says a JobPosting needs, and how each property it recommends must look when present. */
function jobPostingProblems(data: Data): string[] {
  const problems: string[] = [];
  if (data['@context'] !== 'https://schema.org' || data['@type'] !== 'JobPosting') problems.push('not a schema.org JobPosting');
  for (const property of ['title', 'description']) if (!text(data[property])) problems.push(`${property} missing`);
  if (!text(data.datePosted) || !DATE_TIME_WITH_OFFSET.test(data.datePosted as string)) problems.push('datePosted not ISO 8601');
  const organization = record(data.hiringOrganization);
  if (organization['@type'] !== 'Organization' || !text(organization.name)) problems.push('hiringOrganization missing');
  const remote = data.jobLocationType === 'TELECOMMUTE' && data.applicantLocationRequirements !== undefined;
  const place = record(data.jobLocation);
  const address = record(place.address);
  if (!remote && (place['@type'] !== 'Place' || address['@type'] !== 'PostalAddress')) problems.push('jobLocation missing');
  if (!remote) {
    for (const property of ['addressLocality', 'addressRegion', 'addressCountry']) if (!text(address[property])) problems.push(`address.${property} missing`);
    if (address.addressCountry !== undefined && !/^[A-Z]{2}$/.test(String(address.addressCountry))) problems.push('addressCountry not ISO 3166-1 alpha-2');
    if (address.postalCode !== undefined && !/^[A-Z]\d[A-Z] \d[A-Z]\d$/.test(String(address.postalCode)))
      problems.push('postalCode not a Canadian postal code');
    const street = String(address.streetAddress ?? '').toLowerCase();
    const locality = String(address.addressLocality).toLowerCase();
    if (street.split(',').some((part) => [locality, 'on'].includes(part.trim()))) problems.push(`streetAddress repeats the city or province: ${street}`);
  }
  if (data.validThrough !== undefined && !DATE_TIME_WITH_OFFSET.test(String(data.validThrough)))
    problems.push(`validThrough not ISO 8601 with time and offset: ${String(data.validThrough)}`);
  if (data.employmentType !== undefined && !EMPLOYMENT_TYPES.includes(String(data.employmentType)))
    problems.push(`employmentType ${String(data.employmentType)}`);
  if (data.baseSalary !== undefined) {
    const salary = record(data.baseSalary);
    const value = record(salary.value);
    if (salary['@type'] !== 'MonetaryAmount' || !/^[A-Z]{3}$/.test(String(salary.currency)))
      problems.push('baseSalary is not a MonetaryAmount with a currency');
    if (value['@type'] !== 'QuantitativeValue' || ![value.value, value.minValue, value.maxValue].some((n) => typeof n === 'number' && n > 0))
      problems.push('baseSalary.value is not a QuantitativeValue with an amount');
    if (!UNITS.includes(String(value.unitText))) problems.push(`baseSalary unitText ${String(value.unitText)}`);
  }
  const identifier = record(data.identifier);
  if (data.identifier !== undefined && (identifier['@type'] !== 'PropertyValue' || !text(identifier.value))) problems.push('identifier is not a PropertyValue');
  if (data.directApply !== undefined && typeof data.directApply !== 'boolean') problems.push('directApply is not a boolean');
  return problems;
}

const today = todayDateString();

/** The posting the seed creates from `posting` (its dates from today), as the embed reads it back. */
function seededJob(posting: DemoPosting, index: number): Job {
  // Public: the test reads what a visitor's embed reads.
  const checked = validatePosting({ ...demoPostingBody(posting, new Date()), visible: true }, { role: 'teacher', today, rules: DEFAULT_BOARD_RULES });
  if (!checked.ok) throw new Error(`${posting.key}: ${JSON.stringify(checked.errors)}`);
  const { ruleDetails, ...columns }: ValidPosting = checked.value;
  const stored = (date: string | null) => (date ? `${date}T00:00:00.000+00:00` : null);
  return toJob({
    $id: `demo${index}`,
    $createdAt: '2026-11-01T09:30:00.000+00:00',
    ...columns,
    ...ruleColumnsOf(ruleDetails),
    startDate: stored(columns.startDate),
    endDate: stored(columns.endDate),
    applicationDeadline: stored(columns.applicationDeadline),
    creatorId: posting.by,
    creatorEmail: `${posting.by}@example.com`,
    viewCount: 0,
  });
}

const PUBLIC = DEMO_POSTINGS.filter((posting) => posting.visible !== false);

describe("the public demo postings' JobPosting data", () => {
  it('covers every public posting of the demo', () => {
    expect(PUBLIC.length).toBeGreaterThanOrEqual(40);
  });

  it.each(PUBLIC.map((posting, index) => [posting.key, posting, index] as const))('%s has what Google asks of a JobPosting', (_key, posting, index) => {
    const data = jobPostingData(seededJob(posting, index), `https://portal.example/job/demo${index}`);
    expect(jobPostingProblems(data)).toEqual([]);
    const address = record(record(data.jobLocation).address);
    expect(address).toMatchObject({ addressLocality: posting.location, addressRegion: 'ON', addressCountry: 'CA' });
    if (posting.streetAddress) expect(address.streetAddress).toBe(posting.streetAddress);
    if (posting.postalCode) expect(address.postalCode).toBe(posting.postalCode);
    // Pay on screen is pay in the data: every posting with a salary, or a pay as a number, states it.
    if (posting.hourlyRate || posting.rules?.payRate) expect(data.baseSalary).toBeDefined();
    if (posting.rules?.payRate) expect(record(record(data.baseSalary).value).value).toBe(posting.rules.payRate);
    if (posting.postingType === 'Job') expect(data.employmentType).toBe(posting.employmentType);
    if (posting.dates?.deadline !== undefined) expect(data.validThrough).toMatch(/T23:59:59-0[45]:00$/);
  });
});
