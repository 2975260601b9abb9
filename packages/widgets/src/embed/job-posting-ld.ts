import type { Job, PostingType } from '@opportunity-kit/sdk/public';

/**
 * schema.org `JobPosting` structured data for a posting's detail view, so search engines can list
 * the school's opportunities. Only facts the posting states are included: salary is free text and
 * the Job type covers both part- and full-time, so neither `baseSalary` nor an employment type is
 * invented for them.
 */

const EMPLOYMENT_TYPES: Partial<Record<PostingType, string>> = {
  Gig: 'TEMPORARY',
  Volunteering: 'VOLUNTEER',
  Enrichment: 'OTHER',
};

export function jobPostingData(job: Job, applyUrl: string | null): Record<string, unknown> {
  const organization: Record<string, unknown> = { '@type': 'Organization', name: job.company };
  if (job.companyWebsite) organization.sameAs = job.companyWebsite;
  const address: Record<string, unknown> = { '@type': 'PostalAddress', addressLocality: job.location };
  if (job.address) address.streetAddress = job.address;
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    datePosted: job.createdAt,
    hiringOrganization: organization,
    jobLocation: { '@type': 'Place', address },
    identifier: { '@type': 'PropertyValue', name: job.company, value: job.id },
    ...(job.applicationDeadline ? { validThrough: job.applicationDeadline } : {}),
    ...(job.startDate ? { jobStartDate: job.startDate } : {}),
    ...(EMPLOYMENT_TYPES[job.postingType] ? { employmentType: EMPLOYMENT_TYPES[job.postingType] } : {}),
    ...(applyUrl ? { url: applyUrl, directApply: false } : {}),
  };
}

/** The JSON for a `<script type="application/ld+json">`; `<` is escaped so no text can close the script. */
export function jobPostingJson(job: Job, applyUrl: string | null): string {
  return JSON.stringify(jobPostingData(job, applyUrl)).replace(/</g, '\\u003c');
}
