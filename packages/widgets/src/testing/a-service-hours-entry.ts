import type { ServiceHoursEntry } from '@opportunity-kit/sdk';
import { hoursChecksOf } from '@opportunity-kit/sdk/domain';

let sequence = 0;

/** An entry as the teachers' queue hands it out (confirmed by its supervisor), with `overrides` applied. */
export function aServiceHoursEntry(overrides: Partial<ServiceHoursEntry> = {}): ServiceHoursEntry {
  sequence += 1;
  return {
    id: `entry${sequence}`,
    studentId: `student${sequence}`,
    studentEmail: `1student${sequence}@school.example`,
    studentName: 'Maya Patel',
    organisation: 'Riverside Food Bank',
    activity: 'Sorted donations and packed hampers for 40 families.',
    date: '2026-11-14',
    hours: 3,
    supervisorName: 'Dana Lee',
    supervisorEmail: 'dana.lee@foodbank.example',
    reflection: 'I learned how a food bank plans its week.',
    jobId: null,
    status: 'confirmed',
    supervisorAnsweredAt: '2026-11-15T10:00:00.000+00:00',
    supervisorMailOwed: false,
    approvedHours: null,
    reviewerId: null,
    reviewerName: null,
    reviewComment: null,
    reviewedAt: null,
    disputeReason: null,
    checks: hoursChecksOf({}),
    createdAt: '2026-11-14T18:00:00.000+00:00',
    ...overrides,
  };
}
