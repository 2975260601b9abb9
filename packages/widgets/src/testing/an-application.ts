import type { Application } from '@opportunity-kit/sdk/domain';

let sequence = 0;

/** A pending application as the SDK hands it out, with `overrides` applied: the typed fixture for views. */
export function anApplication(overrides: Partial<Application> = {}): Application {
  sequence += 1;
  return {
    id: `application${sequence}`,
    jobId: 'job1',
    jobTitle: 'Barista (part-time)',
    jobCreatorId: 'recruiter1',
    applicantId: `student${sequence}`,
    applicantEmail: `1student${sequence}@school.example`,
    applicantName: '',
    jobCompany: '',
    relevantExperiences: 'Two summers at the school cafeteria, serving 200 students a day.',
    interestInRole: 'I enjoy talking to people and want to learn to make good coffee.',
    careerGoals: 'Study hospitality management and open a cafe of my own.',
    resumeFileId: `resume${sequence}`,
    status: 'pending',
    postingRemoved: false,
    createdAt: '2026-11-20T09:30:00.000+00:00',
    ...overrides,
  };
}
