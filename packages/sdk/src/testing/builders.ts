import type { Job, Post } from '../domain/entities.ts';
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

let jobCount = 0;

/** A public, unassigned Job posting as the SDK hands it out, with `overrides` applied. */
export function aJob(overrides: Partial<Job> = {}): Job {
  jobCount += 1;
  return {
    id: `job-${jobCount}`,
    title: 'Barista (part-time)',
    company: 'Bean There Cafe',
    description: 'Prepare drinks and keep the counter tidy on weekend mornings.',
    postingType: 'Job',
    cluster: 'Service (Retail, Food, etc)',
    location: 'Oakville',
    address: null,
    contactEmail: null,
    companyWebsite: null,
    hourlyRate: '17.50/h',
    imageFileId: null,
    startDate: '2027-01-15',
    endDate: '2027-03-01',
    applicationDeadline: null,
    visible: true,
    creatorId: 'hr-1',
    creatorEmail: 'hr@acme.example',
    assigned: false,
    assignedStudentId: null,
    assignedStudentEmail: null,
    state: 'open',
    viewCount: 0,
    createdAt: `2026-11-${String(10 + (jobCount % 10)).padStart(2, '0')}T10:00:00.000+00:00`,
    ...overrides,
  };
}

let postCount = 0;

/** A post of the feed as the SDK hands it out, with `overrides` applied. */
export function aPost(overrides: Partial<Post> = {}): Post {
  postCount += 1;
  return {
    id: `post-${postCount}`,
    authorId: 'student-1',
    authorName: 'Sam Student',
    authorAvatarFileId: null,
    content: 'First day at the cafe!',
    imageFileIds: [],
    likeCount: 0,
    commentCount: 0,
    createdAt: '2026-11-20T10:00:00.000+00:00',
    ...overrides,
  };
}
