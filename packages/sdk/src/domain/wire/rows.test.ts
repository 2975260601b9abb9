import { describe, expect, it } from 'vitest';
import type { Job } from '../entities.ts';
import { JOB_COLUMNS, toApplication, toJob, toProfile, withAssignment, type WireRow } from './rows.ts';
import { POSTING_RULE_COLUMNS } from '../youth-rules.ts';

const system = { $id: 'job1', $createdAt: '2026-05-01T09:00:00.000+00:00' };

const storedPosting: WireRow = {
  ...system,
  $updatedAt: '2026-05-01T09:00:00.000+00:00',
  $permissions: ['read("any")'],
  title: 'Barista',
  company: 'Bean There',
  description: 'Weekend mornings.',
  postingType: 'Gig',
  cluster: null,
  location: 'Oakville',
  address: '12 Lakeshore Rd',
  contactEmail: null,
  companyWebsite: '',
  hourlyRate: null,
  imageFileId: 'img1',
  startDate: '2026-06-01T00:00:00.000+00:00',
  endDate: null,
  applicationDeadline: null,
  visible: true,
  creatorId: 'u1',
  creatorEmail: 'hr@acme.example',
  assignedAt: null,
  closedAs: null,
  viewCount: 3,
  searchText: 'barista bean there',
};

describe('toJob: the one way a jobs row becomes a Job (SDK, public client and functions)', () => {
  it('keeps every column of a stored row, empty optional texts as null, and drops searchText', () => {
    expect(toJob(storedPosting)).toEqual<Job>({
      id: 'job1',
      title: 'Barista',
      company: 'Bean There',
      description: 'Weekend mornings.',
      postingType: 'Gig',
      cluster: null,
      location: 'Oakville',
      address: '12 Lakeshore Rd',
      contactEmail: null,
      companyWebsite: null,
      hourlyRate: null,
      imageFileId: 'img1',
      startDate: '2026-06-01T00:00:00.000+00:00',
      endDate: null,
      applicationDeadline: null,
      visible: true,
      creatorId: 'u1',
      creatorEmail: 'hr@acme.example',
      assigned: false,
      assignedStudentId: null,
      assignedStudentEmail: null,
      state: 'open',
      viewCount: 3,
      createdAt: '2026-05-01T09:00:00.000+00:00',
    });
  });

  it.each<[string, unknown, boolean]>([
    ['true', true, true],
    ['false', false, false],
    ['missing (left out by a select, or written before the column existed)', undefined, false],
    ['null', null, false],
    ['a string', 'true', false],
  ])('reads visible %s as %s: public only when the row says true', (_case, visible, expected) => {
    const row: WireRow = { ...storedPosting, visible };
    if (visible === undefined) delete (row as Record<string, unknown>).visible;
    expect(toJob(row).visible).toBe(expected);
  });

  it('reads a row without columns as empty values of the right types, never undefined', () => {
    const job = toJob(system);
    expect(Object.values(job)).not.toContain(undefined);
    expect(job).toMatchObject({ title: '', postingType: 'Job', cluster: null, visible: false, viewCount: 0, createdAt: system.$createdAt });
  });

  it('narrows values of the wrong type: an unknown posting type is a Job, a count sent as text is a number', () => {
    expect(toJob({ ...system, postingType: 'Internship', viewCount: '12', title: 42 })).toMatchObject({ postingType: 'Job', viewCount: 12, title: '' });
  });

  it('asks a reader for exactly the columns a Job is made of; who it is assigned to is in another table', () => {
    const fromOtherColumns = ['id', 'createdAt', 'assigned', 'assignedStudentId', 'assignedStudentEmail', 'state'];
    const fields = Object.keys(toJob(system)).filter((key) => !fromOtherColumns.includes(key));
    // A row from before the address in parts (issue 28) has none of them, so its Job reads as it did.
    const parts = ['streetAddress', 'postalCode', 'addressRegion', 'addressCountry', 'employmentType'];
    expect([...JOB_COLUMNS].sort()).toEqual([...fields, 'assignedAt', 'closedAs', ...parts, ...POSTING_RULE_COLUMNS].sort());
  });

  it('reads the address in parts and the employment type when the row has them, and leaves out what it does not know', () => {
    const parted = toJob({
      ...storedPosting,
      streetAddress: '50 Main St N',
      postalCode: 'L6V 1N6',
      addressRegion: 'ON',
      addressCountry: 'CA',
      employmentType: 'PART_TIME',
    });
    expect(parted).toMatchObject({
      streetAddress: '50 Main St N',
      postalCode: 'L6V 1N6',
      addressRegion: 'ON',
      addressCountry: 'CA',
      employmentType: 'PART_TIME',
    });
    const odd = toJob({ ...storedPosting, streetAddress: '', employmentType: null, payRate: 150, payUnit: 'day' });
    expect(odd).not.toHaveProperty('streetAddress');
    expect(odd).not.toHaveProperty('employmentType');
    expect(odd.ruleDetails).toMatchObject({ payRate: 150, payUnit: 'day' });
  });

  it('reads the youth-work rule fields into ruleDetails, and leaves them out of a row from before the rules', () => {
    const factory = toJob({
      ...storedPosting,
      workplace: 'factory',
      tasks: ['power-tools', 'juggling'],
      scheduleDays: ['mon'],
      scheduleStart: '16:00',
      scheduleEnd: '20:00',
      payRate: 17.6,
    });
    expect(factory.ruleDetails).toMatchObject({
      workplace: 'factory',
      tasks: ['power-tools'],
      schedule: { days: ['mon'], start: '16:00', end: '20:00' },
      payRate: 17.6,
    });
    expect(toJob(storedPosting).ruleDetails).toBeUndefined();
  });

  it('reads whether a posting is assigned from assignedAt, never the student, and its state from closedAs (null: open)', () => {
    const assigned = toJob({ ...storedPosting, assignedAt: '2026-05-02T09:00:00.000+00:00', assignedStudentEmail: '1sam@school.example' });
    expect(assigned).toMatchObject({ assigned: true, assignedStudentId: null, assignedStudentEmail: null, state: 'open' });
    expect(toJob({ ...storedPosting, closedAs: 'filled' }).state).toBe('filled');
    expect(toJob({ ...storedPosting, closedAs: 'archived' }).state).toBe('open');
  });
});

describe('withAssignment: the student, for those who may read the job_assignments row', () => {
  const assignedJob = toJob({ ...storedPosting, assignedAt: '2026-05-02T09:00:00.000+00:00' });
  const row = { $id: 'job1', jobId: 'job1', studentId: 's1', studentEmail: '1sam@school.example' };

  it('fills in the student of an assigned posting from its row', () => {
    expect(withAssignment(assignedJob, row)).toMatchObject({ assigned: true, assignedStudentId: 's1', assignedStudentEmail: '1sam@school.example' });
  });

  it("leaves the posting as it was without a row, with another posting's row, or when it is not assigned", () => {
    expect(withAssignment(assignedJob, null)).toEqual(assignedJob);
    expect(withAssignment(assignedJob, { ...row, $id: 'job2' })).toEqual(assignedJob);
    expect(withAssignment(toJob(storedPosting), row).assignedStudentEmail).toBeNull();
  });
});

describe('toApplication', () => {
  it('says whether the posting was removed since, false unless the row says true', () => {
    const row = { ...system, jobId: 'job1', status: 'rejected' };
    expect(toApplication(row)).toMatchObject({ status: 'rejected', postingRemoved: false });
    expect(toApplication({ ...row, postingRemoved: true }).postingRemoved).toBe(true);
  });
});

describe('toProfile', () => {
  it('reads a profile as public unless the row says isPublic: false (the column defaults to true)', () => {
    const row = { $id: 'u1', $createdAt: system.$createdAt, email: 'sam@school.example' };
    expect(toProfile(row).isPublic).toBe(true);
    expect(toProfile({ ...row, isPublic: false }).isPublic).toBe(false);
    expect(toProfile({ ...row, isPublic: true }).isPublic).toBe(true);
  });

  it('falls back to the account address for contact, and to no role for an unknown one', () => {
    expect(toProfile({ $id: 'u1', $createdAt: system.$createdAt, email: 'sam@school.example', contactEmail: '', role: 'admin' })).toMatchObject({
      contactEmail: 'sam@school.example',
      role: null,
      school: '',
      photoFileId: null,
    });
  });
});
