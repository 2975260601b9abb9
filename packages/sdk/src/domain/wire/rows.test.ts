import { describe, expect, it } from 'vitest';
import type { Job } from '../entities.ts';
import { JOB_COLUMNS, toJob, toProfile, type WireRow } from './rows.ts';

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
  assignedStudentId: null,
  assignedStudentEmail: null,
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
      assignedStudentId: null,
      assignedStudentEmail: null,
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

  it('asks a reader for exactly the columns a Job is made of', () => {
    const fields = Object.keys(toJob(system)).filter((key) => key !== 'id' && key !== 'createdAt');
    expect([...JOB_COLUMNS].sort()).toEqual(fields.sort());
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
