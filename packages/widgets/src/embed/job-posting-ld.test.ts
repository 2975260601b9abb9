import { describe, expect, it } from 'vitest';
import { aJob } from '../testing/a-job.ts';
import { jobPostingData, jobPostingJson } from './job-posting-ld.ts';

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
      jobLocation: { '@type': 'Place', address: { '@type': 'PostalAddress', addressLocality: 'Oakville' } },
      identifier: { '@type': 'PropertyValue', name: 'Bean There Cafe', value: 'j1' },
      validThrough: '2026-11-30T00:00:00.000+00:00',
      jobStartDate: '2026-12-01T00:00:00.000+00:00',
      employmentType: 'TEMPORARY',
      url: 'https://portal.example/job/j1',
      directApply: false,
    });
  });

  it('invents no employment type for a Job, and no dates or URL it does not have', () => {
    const data = jobPostingData(aJob({ applicationDeadline: null, startDate: null }), null);
    expect(data).not.toHaveProperty('employmentType');
    expect(data).not.toHaveProperty('validThrough');
    expect(data).not.toHaveProperty('url');
    expect(data).toMatchObject({ hiringOrganization: { sameAs: 'https://beanthere.example' } });
  });

  it('cannot close the script element it is written into', () => {
    const json = jobPostingJson(aJob({ description: 'Great team </script><script>alert(1)</script>' }), null);
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json).description).toBe('Great team </script><script>alert(1)</script>');
  });
});
