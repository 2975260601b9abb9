import type { PostingInput } from '../domain/validation.ts';

/** A valid Job posting input, with `overrides` applied: the typed fixture builder for posting tests. */
export function aPostingInput(overrides: Partial<PostingInput> = {}): PostingInput {
  return {
    postingType: 'Job',
    title: 'Barista (part-time)',
    company: 'Bean There Cafe',
    description: 'Prepare drinks and keep the counter tidy on weekend mornings.',
    cluster: 'Service (Retail, Food, etc)',
    location: 'Oakville',
    address: '12 Lakeshore Rd',
    contactEmail: 'jobs@beanthere.example',
    companyWebsite: 'https://beanthere.example',
    hourlyRate: '17.50/h',
    startDate: '2026-12-01',
    endDate: '2027-03-01',
    applicationDeadline: '2026-11-30',
    visible: true,
    ...overrides,
  };
}
