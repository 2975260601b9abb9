import { describe, expect, it } from 'vitest';
import type { PostingRuleDetails } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { jobPostingData, jobPostingJson } from './job-posting-ld.ts';

const paid = (payRate: number, payUnit: PostingRuleDetails['payUnit']): PostingRuleDetails => ({
  workplace: null,
  tasks: [],
  schedule: { days: [], start: null, end: null, hoursPerWeek: null },
  paid: true,
  payRate,
  payUnit,
  forProfit: null,
  declaredMinimumAge: null,
});

describe('JobPosting structured data', () => {
  it('states what the posting states, with the portal as the place to apply', () => {
    const data = jobPostingData(aJob({ id: 'j1', postingType: 'Gig', companyWebsite: null, address: null }), 'https://portal.example/job/j1');
    expect(data).toEqual({
      '@context': 'https://schema.org',
      '@type': 'JobPosting',
      title: 'Barista (part-time)',
      description: 'Prepare drinks and keep the counter tidy on weekend mornings.',
      datePosted: '2026-11-01T09:30:00.000+00:00',
      hiringOrganization: { '@type': 'Organization', name: 'Bean There Cafe' },
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Oakville', addressRegion: 'ON', addressCountry: 'CA' } },
      identifier: { '@type': 'PropertyValue', name: 'Bean There Cafe', value: 'j1' },
      validThrough: '2026-11-30T23:59:59-05:00',
      jobStartDate: '2026-12-01T00:00:00.000+00:00',
      employmentType: 'TEMPORARY',
      url: 'https://portal.example/job/j1',
      directApply: false,
    });
  });

  it('ends the deadline with its day in Ontario, in winter and in summer time', () => {
    const on = (applicationDeadline: string) => jobPostingData(aJob({ applicationDeadline }), null).validThrough;
    expect(on('2026-12-15T00:00:00.000+00:00')).toBe('2026-12-15T23:59:59-05:00');
    expect(on('2026-07-15T00:00:00.000+00:00')).toBe('2026-07-15T23:59:59-04:00');
    // Daylight saving starts on 8 March 2026 and ends on 1 November 2026.
    expect(on('2026-03-07T00:00:00.000+00:00')).toBe('2026-03-07T23:59:59-05:00');
    expect(on('2026-03-08T00:00:00.000+00:00')).toBe('2026-03-08T23:59:59-04:00');
    expect(on('2026-10-31T00:00:00.000+00:00')).toBe('2026-10-31T23:59:59-04:00');
    expect(on('2026-11-01T00:00:00.000+00:00')).toBe('2026-11-01T23:59:59-05:00');
    // The instant is the end of the day in Toronto, a day after the midnight UTC that begins it.
    expect(Date.parse(on('2026-12-15T00:00:00.000+00:00') as string)).toBe(Date.parse('2026-12-16T04:59:59Z'));
  });

  it('ends it last on Earth where the zone is not known', () => {
    const deadline = '2027-01-10T00:00:00.000+00:00';
    expect(jobPostingData(aJob({ applicationDeadline: deadline, addressRegion: 'ON', addressCountry: 'CA' }), null).validThrough).toBe(
      '2027-01-10T23:59:59-05:00',
    );
    expect(jobPostingData(aJob({ applicationDeadline: deadline, addressRegion: 'BC' }), null).validThrough).toBe('2027-01-10T23:59:59-12:00');
    expect(jobPostingData(aJob({ applicationDeadline: deadline, addressRegion: null, addressCountry: 'US' }), null).validThrough).toBe(
      '2027-01-10T23:59:59-12:00',
    );
  });

  it('gives the pay as a MonetaryAmount with its unit, and the chosen employment type of a Job', () => {
    const data = jobPostingData(aJob({ employmentType: 'PART_TIME', ruleDetails: paid(17.6, 'hour') }), null);
    expect(data).toMatchObject({
      employmentType: 'PART_TIME',
      baseSalary: { '@type': 'MonetaryAmount', currency: 'CAD', value: { '@type': 'QuantitativeValue', value: 17.6, unitText: 'HOUR' } },
    });
    expect(jobPostingData(aJob({ postingType: 'Gig', ruleDetails: paid(150, 'day') }), null)).toMatchObject({
      employmentType: 'TEMPORARY',
      baseSalary: { value: { value: 150, unitText: 'DAY' } },
    });
    expect(jobPostingData(aJob({ ruleDetails: paid(20, null), addressCountry: 'US', addressRegion: null }), null)).toMatchObject({
      baseSalary: { currency: 'USD', value: { value: 20, unitText: 'HOUR' } },
    });
  });

  it('gives the address in parts, the street without the city or province', () => {
    const address = (job: Parameters<typeof aJob>[0]) => (jobPostingData(aJob(job), null).jobLocation as { address: unknown }).address;
    expect(
      address({ location: 'Brampton', address: null, streetAddress: '50 Main St N', postalCode: 'L6V 1N6', addressRegion: 'ON', addressCountry: 'CA' }),
    ).toEqual({
      '@type': 'PostalAddress',
      streetAddress: '50 Main St N',
      addressLocality: 'Brampton',
      addressRegion: 'ON',
      postalCode: 'L6V 1N6',
      addressCountry: 'CA',
    });
    // A posting from before the parts: its free-text address loses the city and province it repeated.
    expect(address({ location: 'Brampton', address: '50 Main St N, Brampton, ON' })).toMatchObject({
      streetAddress: '50 Main St N',
      addressLocality: 'Brampton',
    });
  });

  it('invents no employment type for a Job, no pay, and no dates or URL it does not have', () => {
    const data = jobPostingData(aJob({ applicationDeadline: null, startDate: null }), null);
    expect(data).not.toHaveProperty('employmentType');
    expect(data).not.toHaveProperty('baseSalary');
    expect(data).not.toHaveProperty('validThrough');
    expect(data).not.toHaveProperty('url');
    expect(data).toMatchObject({ hiringOrganization: { sameAs: 'https://beanthere.example' } });
    expect((data.jobLocation as { address: { postalCode?: string } }).address.postalCode).toBeUndefined();
    const unpaid = jobPostingData(aJob({ postingType: 'Volunteering', ruleDetails: { ...paid(17.6, 'hour'), paid: false } }), null);
    expect(unpaid).not.toHaveProperty('baseSalary');
  });

  it('cannot close the script element it is written into', () => {
    const json = jobPostingJson(aJob({ description: 'Great team </script><script>alert(1)</script>' }), null);
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json).description).toBe('Great team </script><script>alert(1)</script>');
  });
});
