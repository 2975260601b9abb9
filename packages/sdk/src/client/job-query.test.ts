import { describe, expect, it } from 'vitest';
import { matchesDateFilter } from '../domain/dates.ts';
import { aJob } from '../testing/builders.ts';
import { compareJobs, matchesJobFilter, searchWords } from './job-listing.ts';
import { jobFilterQueries, jobListingQueries, jobOrderQueries } from './job-query.ts';

type Wire = { method: string; attribute?: string; values?: unknown[] };
const parse = (queries: string[]): Wire[] => queries.map((query) => JSON.parse(query) as Wire);

const teacher = { id: 'teacher-1', role: 'teacher' as const };
const recruiter = { id: 'hr-1', role: 'recruiter' as const };
const student = { id: 'student-1', role: 'student' as const };

describe('jobFilterQueries', () => {
  it('filters by type, locations and clusters as "any of", and searches the lower-cased words in searchText', () => {
    const queries = parse(
      jobFilterQueries({ postingType: 'Gig', search: '  Barista   OAKVILLE ', locations: ['Oakville', 'Milton'], clusters: ['Sales'] }, teacher),
    );
    expect(queries).toEqual([
      { method: 'equal', attribute: 'postingType', values: ['Gig'] },
      { method: 'search', attribute: 'searchText', values: ['barista oakville'] },
      { method: 'equal', attribute: 'location', values: ['Oakville', 'Milton'] },
      { method: 'equal', attribute: 'cluster', values: ['Sales'] },
      {
        method: 'or',
        values: [
          { method: 'equal', attribute: 'visible', values: [true] },
          { method: 'equal', attribute: 'creatorId', values: ['teacher-1'] },
        ],
      },
    ]);
  });

  it('leaves out what the filter leaves empty (blank search, no locations, no clusters)', () => {
    const methods = parse(jobFilterQueries({ search: '   ', locations: [], clusters: [] }, teacher)).map((query) => query.attribute ?? query.method);
    expect(methods).toEqual(['or']);
  });

  it('keeps only postings with both dates inside the range when both filter dates are set', () => {
    const queries = parse(jobFilterQueries({ startDate: '2027-01-10', endDate: '2027-02-20' }, teacher));
    expect(queries.slice(0, 2)).toEqual([
      { method: 'between', attribute: 'startDate', values: ['2027-01-10T00:00:00.000+00:00', '2027-02-20T23:59:59.999+00:00'] },
      { method: 'between', attribute: 'endDate', values: ['2027-01-10T00:00:00.000+00:00', '2027-02-20T23:59:59.999+00:00'] },
    ]);
  });

  it('keeps postings starting on or after a start date alone, and ignores an end date alone', () => {
    expect(parse(jobFilterQueries({ startDate: '2027-01-10' }, teacher))[0]).toEqual({
      method: 'greaterThanEqual',
      attribute: 'startDate',
      values: ['2027-01-10T00:00:00.000+00:00'],
    });
    expect(parse(jobFilterQueries({ endDate: '2027-01-10' }, teacher)).some((query) => query.attribute === 'endDate')).toBe(false);
  });

  it("keeps only the member's own postings with `mine`, and none for a guest", () => {
    expect(parse(jobFilterQueries({ mine: true }, recruiter))).toContainEqual({ method: 'equal', attribute: 'creatorId', values: ['hr-1'] });
    expect(parse(jobFilterQueries({ mine: true }, null))).toContainEqual({ method: 'equal', attribute: 'creatorId', values: [''] });
    expect(matchesJobFilter(aJob({ creatorId: 'hr-1' }), { mine: true }, recruiter)).toBe(true);
    expect(matchesJobFilter(aJob({ creatorId: 'someone-else' }), { mine: true }, recruiter)).toBe(false);
    expect(matchesJobFilter(aJob({ creatorId: 'hr-1' }), { mine: true }, null)).toBe(false);
  });

  it("shows only private postings with the Private Filter on, else public ones and the viewer's own", () => {
    expect(parse(jobFilterQueries({ privateOnly: true }, teacher))).toEqual([{ method: 'equal', attribute: 'visible', values: [false] }]);
    expect(parse(jobFilterQueries({}, null))).toContainEqual({ method: 'equal', attribute: 'visible', values: [true] });
  });

  it('hides assigned postings from everyone but teachers', () => {
    const hidden = { method: 'isNull', attribute: 'assignedAt' };
    expect(parse(jobFilterQueries({}, teacher))).not.toContainEqual(hidden);
    for (const viewer of [recruiter, student, null, { id: 'new', role: undefined }]) {
      expect(parse(jobFilterQueries({}, viewer))).toContainEqual(hidden);
    }
  });

  it('hides closed and filled postings from everyone but teachers and their creator', () => {
    expect(JSON.stringify(jobFilterQueries({}, teacher))).not.toContain('closedAs');
    expect(parse(jobFilterQueries({}, null))).toContainEqual({ method: 'isNull', attribute: 'closedAs' });
    expect(parse(jobFilterQueries({}, recruiter))).toContainEqual({
      method: 'or',
      values: [
        { method: 'isNull', attribute: 'closedAs' },
        { method: 'equal', attribute: 'creatorId', values: [recruiter.id] },
      ],
    });
  });
});

describe('listing order and pages', () => {
  it('sorts by views then newest with "Sort based on Views", else newest first', () => {
    expect(parse(jobOrderQueries({ sortByViews: true }))).toEqual([
      { method: 'orderDesc', attribute: 'viewCount' },
      { method: 'orderDesc', attribute: '$createdAt' },
    ]);
    expect(parse(jobOrderQueries({}))).toEqual([{ method: 'orderDesc', attribute: '$createdAt' }]);
  });

  it('asks for one row more than the page, after the cursor, with the size kept within 1..100', () => {
    const tail = (limit: number | undefined, cursor?: string) => parse(jobListingQueries({}, teacher, { limit, cursor })).slice(-2);
    expect(tail(10, 'abc')).toEqual([
      { method: 'limit', values: [11] },
      { method: 'cursorAfter', values: ['abc'] },
    ]);
    expect(tail(undefined).pop()).toEqual({ method: 'limit', values: [26] });
    expect(tail(1000).pop()).toEqual({ method: 'limit', values: [101] });
    expect(tail(0).pop()).toEqual({ method: 'limit', values: [2] });
  });

  it('orders postings for a live change exactly as the server does', () => {
    const older = aJob({ id: 'a', viewCount: 9, createdAt: '2026-11-01T10:00:00.000+00:00' });
    const newer = aJob({ id: 'b', viewCount: 1, createdAt: '2026-11-02T10:00:00.000+00:00' });
    const newest = aJob({ id: 'c', viewCount: 1, createdAt: '2026-11-03T10:00:00.000+00:00' });
    expect([older, newer, newest].sort(compareJobs({})).map((job) => job.id)).toEqual(['c', 'b', 'a']);
    expect([newer, newest, older].sort(compareJobs({ sortByViews: true })).map((job) => job.id)).toEqual(['a', 'c', 'b']);
  });
});

describe('matchesJobFilter (the same rules, for one posting a live event brought)', () => {
  it('matches type, locations, clusters and any search keyword', () => {
    const job = aJob({ postingType: 'Job', title: 'Barista', location: 'Oakville', cluster: 'Sales' });
    expect(matchesJobFilter(job, { postingType: 'Job', locations: ['Oakville'], clusters: ['Sales'], search: 'plumber BARISTA' }, recruiter)).toBe(true);
    expect(matchesJobFilter(job, { postingType: 'Gig' }, recruiter)).toBe(false);
    expect(matchesJobFilter(job, { locations: ['Milton'] }, recruiter)).toBe(false);
    expect(matchesJobFilter(job, { clusters: ['Law'] }, recruiter)).toBe(false);
    expect(matchesJobFilter(job, { search: 'plumber' }, recruiter)).toBe(false);
  });

  it("agrees with the domain's date rule", () => {
    const job = aJob({ startDate: '2027-01-15', endDate: '2027-02-01' });
    for (const filter of [
      { startDate: '2027-01-10', endDate: '2027-02-20' },
      { startDate: '2027-01-20', endDate: '2027-02-20' },
      { startDate: '2027-01-01' },
      { startDate: '2027-01-16' },
    ]) {
      expect(matchesJobFilter(job, filter, teacher)).toBe(matchesDateFilter(job, filter));
    }
  });

  it('applies the private and assigned rules per viewer', () => {
    const privateJob = aJob({ visible: false, creatorId: teacher.id });
    expect(matchesJobFilter(privateJob, {}, teacher)).toBe(true);
    expect(matchesJobFilter(privateJob, {}, { id: 'teacher-2', role: 'teacher' })).toBe(false);
    expect(matchesJobFilter(privateJob, { privateOnly: true }, { id: 'teacher-2', role: 'teacher' })).toBe(true);
    expect(matchesJobFilter(aJob(), { privateOnly: true }, teacher)).toBe(false);
    const assigned = aJob({ assigned: true });
    expect(matchesJobFilter(assigned, {}, teacher)).toBe(true);
    expect(matchesJobFilter(assigned, {}, student)).toBe(false);
  });

  it('keeps closed and filled postings for teachers and their creator only', () => {
    const closed = aJob({ state: 'closed', creatorId: recruiter.id });
    expect(matchesJobFilter(closed, {}, teacher)).toBe(true);
    expect(matchesJobFilter(closed, {}, recruiter)).toBe(true);
    expect(matchesJobFilter(closed, {}, student)).toBe(false);
    expect(matchesJobFilter(aJob({ state: 'filled' }), {}, null)).toBe(false);
  });

  it('splits search text into lower-case words', () => {
    expect(searchWords('  Café  BARISTA\tOakville ')).toEqual(['café', 'barista', 'oakville']);
    expect(searchWords(undefined)).toEqual([]);
  });
});
