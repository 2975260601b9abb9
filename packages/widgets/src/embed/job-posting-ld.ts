import { endOfLocalDay, streetOfAddress } from '@opportunity-kit/sdk/domain';
import type { Job, PostingType } from '@opportunity-kit/sdk/public';

/**
 * schema.org `JobPosting` structured data for a posting's detail view, so search engines can list
 * the school's opportunities. Only facts the posting states are included: `baseSalary` from its pay
 * as a number and unit (the free-text rate is for people), a Job's employment type only when its
 * poster chose one, the address in parts, and the deadline as the end of its day where the posting is.
 */

const EMPLOYMENT_TYPES: Partial<Record<PostingType, string>> = {
  Gig: 'TEMPORARY',
  Volunteering: 'VOLUNTEER',
  Enrichment: 'OTHER',
};

/** Where a posting is when its row does not say (postings from before issue 28): the board's place, Ontario by default. */
export interface JobPostingPlace {
  addressRegion: string | null;
  addressCountry: string;
}

export function jobPostingData(job: Job, applyUrl: string | null, board?: JobPostingPlace): Record<string, unknown> {
  const organization: Record<string, unknown> = { '@type': 'Organization', name: job.company };
  if (job.companyWebsite) organization.sameAs = job.companyWebsite;
  const region = job.addressRegion ?? (board ? board.addressRegion : 'ON');
  const country = job.addressCountry ?? board?.addressCountry ?? 'CA';
  const street = job.streetAddress ?? streetOfAddress(job.address, job.location, region);
  // Only the parts it has: JSON leaves out what is undefined.
  const address = {
    '@type': 'PostalAddress',
    streetAddress: street ?? undefined,
    addressLocality: job.location,
    addressRegion: region ?? undefined,
    postalCode: job.postalCode ?? undefined,
    addressCountry: country,
  };
  const pay = job.ruleDetails;
  const currency = country === 'CA' ? 'CAD' : country === 'US' ? 'USD' : null;
  const employmentType = job.postingType === 'Job' ? job.employmentType : EMPLOYMENT_TYPES[job.postingType];
  return {
    '@context': 'https://schema.org',
    '@type': 'JobPosting',
    title: job.title,
    description: job.description,
    datePosted: job.createdAt,
    hiringOrganization: organization,
    jobLocation: { '@type': 'Place', address },
    identifier: { '@type': 'PropertyValue', name: job.company, value: job.id },
    ...(job.applicationDeadline ? { validThrough: endOfLocalDay(job.applicationDeadline, region, country) } : {}),
    ...(job.startDate ? { jobStartDate: job.startDate } : {}),
    ...(employmentType ? { employmentType } : {}),
    ...(pay?.paid && pay.payRate && currency
      ? {
          baseSalary: {
            '@type': 'MonetaryAmount',
            currency,
            value: { '@type': 'QuantitativeValue', value: pay.payRate, unitText: (pay.payUnit ?? 'hour').toUpperCase() },
          },
        }
      : {}),
    ...(applyUrl ? { url: applyUrl, directApply: false } : {}),
  };
}

/** The JSON for a `<script type="application/ld+json">`; `<` is escaped so no text can close the script. */
export function jobPostingJson(job: Job, applyUrl: string | null, board?: JobPostingPlace): string {
  return JSON.stringify(jobPostingData(job, applyUrl, board)).replace(/</g, '\\u003c');
}
