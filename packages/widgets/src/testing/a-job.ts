import type { Job } from '@opportunity-kit/sdk/domain';

let sequence = 0;

/** A public Job posting as the SDK hands it out, with `overrides` applied: the typed fixture for views. */
export function aJob(overrides: Partial<Job> = {}): Job {
  sequence += 1;
  return {
    id: `job${sequence}`,
    title: 'Barista (part-time)',
    company: 'Bean There Cafe',
    description: 'Prepare drinks and keep the counter tidy on weekend mornings.',
    postingType: 'Job',
    cluster: 'Service (Retail, Food, etc)',
    location: 'Oakville',
    address: '12 Lakeshore Rd',
    contactEmail: 'jobs@beanthere.example',
    companyWebsite: 'https://beanthere.example',
    hourlyRate: '17.50/h',
    imageFileId: null,
    startDate: '2026-12-01T00:00:00.000+00:00',
    endDate: '2027-03-01T00:00:00.000+00:00',
    applicationDeadline: '2026-11-30T00:00:00.000+00:00',
    visible: true,
    creatorId: 'recruiter1',
    creatorEmail: 'hr@beanthere.example',
    // Those who may see who it is assigned to get the student too; others only `assigned`.
    assigned: overrides.assignedStudentId != null,
    assignedStudentId: null,
    assignedStudentEmail: null,
    state: 'open',
    viewCount: 0,
    createdAt: '2026-11-01T09:30:00.000+00:00',
    ...overrides,
  };
}
