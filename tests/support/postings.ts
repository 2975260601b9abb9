/** Typed builders for command bodies, with dates relative to the day the test runs. */

/** `YYYY-MM-DD`, `days` from now (negative for the past). */
export function dayFromNow(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}

export interface PostingBody {
  postingType: string;
  title: string;
  company: string;
  description: string;
  cluster?: string | null;
  location: string;
  address?: string | null;
  contactEmail?: string | null;
  companyWebsite?: string | null;
  hourlyRate?: string | null;
  startDate?: string | null;
  endDate?: string | null;
  applicationDeadline?: string | null;
  visible?: boolean;
  imageFileId?: string | null;
}

/** A valid public Job posting, with `overrides` applied. */
export function aPosting(overrides: Partial<PostingBody> = {}): PostingBody {
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
    startDate: dayFromNow(14),
    endDate: dayFromNow(120),
    applicationDeadline: dayFromNow(7),
    visible: true,
    ...overrides,
  };
}

export interface ApplicationBody {
  jobId: string;
  relevantExperiences: string;
  interestInRole: string;
  careerGoals: string;
  resumeFileId: string;
}

export function anApplication(jobId: string, resumeFileId: string, overrides: Partial<ApplicationBody> = {}): ApplicationBody {
  return {
    jobId,
    relevantExperiences: 'Two summers at the school cafeteria.',
    interestInRole: 'I enjoy working with people.',
    careerGoals: 'Hospitality management.',
    resumeFileId,
    ...overrides,
  };
}
