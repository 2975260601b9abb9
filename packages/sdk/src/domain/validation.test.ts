import { describe, expect, it } from 'vitest';
import { aPostingInput } from '../testing/builders.ts';
import { buildSearchText } from './fulltext.ts';
import { formatHourlyRate } from './hourly-rate.ts';
import { MESSAGES } from './messages.ts';
import { DEFAULT_BOARD_RULES } from './youth-rules.ts';
import {
  commentText,
  hasPdfSignature,
  imageFileProblem,
  isHttpUrl,
  postImagesProblem,
  resumeFileProblem,
  validateApplication,
  validatePosting,
  validateSignUp,
} from './validation.ts';

const today = '2026-11-21';
const recruiter = { role: 'recruiter' as const, today };
const teacher = { role: 'teacher' as const, today };

function errorsOf(result: ReturnType<typeof validatePosting>) {
  return result.ok ? {} : result.errors;
}

describe('validateSignUp', () => {
  const valid = { name: 'Ada Lovelace', email: 'Ada@Example.com', password: 'analytical', confirmPassword: 'analytical' };

  it('accepts a complete form and normalises the e-mail', () => {
    expect(validateSignUp(valid)).toEqual({ ok: true, value: { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical' } });
  });

  it('says "Passwords do not match" when the confirmation differs', () => {
    expect(validateSignUp({ ...valid, confirmPassword: 'analytica1' })).toEqual({ ok: false, errors: { confirmPassword: MESSAGES.passwordsDoNotMatch } });
  });

  it('requires all four fields', () => {
    const result = validateSignUp({ name: ' ', email: '', password: '', confirmPassword: '' });
    expect(result.ok).toBe(false);
    expect(Object.keys(result.ok ? {} : result.errors).sort()).toEqual(['confirmPassword', 'email', 'name', 'password']);
  });
});

describe('validatePosting', () => {
  it('accepts a complete Job from a recruiter', () => {
    const result = validatePosting(aPostingInput(), recruiter);
    expect(result.ok).toBe(true);
  });

  it('requires type, title, company, description and location', () => {
    const result = validatePosting(aPostingInput({ postingType: 'Internship', title: '', company: ' ', description: '', location: '' }), recruiter);
    expect(Object.keys(errorsOf(result)).sort()).toEqual(['company', 'description', 'location', 'postingType', 'title']);
  });

  it('requires a cluster only for Job', () => {
    expect(errorsOf(validatePosting(aPostingInput({ cluster: '' }), recruiter))).toEqual({ cluster: 'Please choose a cluster' });
    expect(validatePosting(aPostingInput({ postingType: 'Volunteering', cluster: null, hourlyRate: null }), recruiter).ok).toBe(true);
  });

  it('keeps the address in parts, with the province and country of the board unless the posting names its own', () => {
    const result = validatePosting(aPostingInput({ streetAddress: ' 12 Lakeshore Rd ', postalCode: 'l6j1h8', employmentType: 'PART_TIME' }), recruiter);
    expect(result.ok && result.value).toMatchObject({
      streetAddress: '12 Lakeshore Rd',
      postalCode: 'L6J 1H8',
      addressRegion: 'ON',
      addressCountry: 'CA',
      employmentType: 'PART_TIME',
    });
    const us = validatePosting(aPostingInput({ postalCode: '02139-4307' }), { ...recruiter, rules: { ...DEFAULT_BOARD_RULES, packId: 'us-federal' } });
    expect(us.ok && us.value).toMatchObject({ postalCode: '02139-4307', addressRegion: null, addressCountry: 'US' });
    const quebec = validatePosting(aPostingInput({ addressRegion: 'qc', addressCountry: 'ca' }), recruiter);
    expect(quebec.ok && quebec.value).toMatchObject({ addressRegion: 'QC', addressCountry: 'CA' });
    const none = validatePosting(aPostingInput(), recruiter);
    expect(none.ok && none.value).toMatchObject({ streetAddress: null, postalCode: null, employmentType: null });
  });

  it('refuses a street that repeats the city, a postal code of another shape, codes that are not codes, and an unknown employment type', () => {
    expect(
      errorsOf(
        validatePosting(
          aPostingInput({ location: 'Brampton', streetAddress: '50 Main St N, Brampton, ON', postalCode: '90210', employmentType: 'SEASONAL' }),
          recruiter,
        ),
      ),
    ).toEqual({
      streetAddress: 'Please enter the street and number only: the location names the city',
      postalCode: 'Please enter a postal code such as L9T 2X5',
      employmentType: 'Please choose one of the listed employment types',
    });
    expect(errorsOf(validatePosting(aPostingInput({ addressRegion: 'Ontario', addressCountry: 'Canada' }), recruiter))).toEqual({
      addressRegion: 'Please enter the province or state as its code, such as ON',
      addressCountry: 'Please enter the country as its two-letter code, such as CA',
    });
    expect(errorsOf(validatePosting(aPostingInput({ streetAddress: 'x'.repeat(201) }), recruiter))).toEqual({
      streetAddress: 'The street address can be at most 200 characters',
    });
  });

  it('allows an employment type only for Job', () => {
    expect(
      errorsOf(validatePosting(aPostingInput({ postingType: 'Gig', hourlyRate: null, companyWebsite: null, employmentType: 'TEMPORARY' }), recruiter)),
    ).toEqual({
      employmentType: 'An employment type can only be given for Job postings',
    });
  });

  it('takes the pay as a number per hour, day, week or month, and weighs the minimum wage per hour when it can tell', () => {
    const daily = validatePosting(aPostingInput({ payRate: 150, payUnit: 'day' }), recruiter);
    expect(daily.ok && daily.value.ruleDetails).toMatchObject({ payRate: 150, payUnit: 'day' });
    const hourly = validatePosting(aPostingInput({ payRate: 18 }), recruiter);
    expect(hourly.ok && hourly.value.ruleDetails).toMatchObject({ payRate: 18, payUnit: 'hour' });
    expect(errorsOf(validatePosting(aPostingInput({ payRate: 18, payUnit: 'year' }), recruiter))).toEqual({
      payUnit: 'Please choose whether the pay is per hour, day, week or month',
    });
    expect(errorsOf(validatePosting(aPostingInput({ payRate: 600 }), recruiter))).toEqual({ payRate: 'The pay can be at most 500 per hour' });
    // $200 a week over 20 hours is $10 an hour: under Ontario's floor. Over 8 hours it is $25.
    expect(errorsOf(validatePosting(aPostingInput({ payRate: 200, payUnit: 'week', hoursPerWeek: 20 }), recruiter)).payRate).toMatch(
      /at least \$16\.60 an hour/,
    );
    expect(validatePosting(aPostingInput({ payRate: 200, payUnit: 'week', hoursPerWeek: 8 }), recruiter).ok).toBe(true);
    expect(errorsOf(validatePosting(aPostingInput({ payRate: 60, payUnit: 'day', scheduleStart: '09:00', scheduleEnd: '15:00' }), recruiter)).payRate).toMatch(
      /at least \$16\.60 an hour/,
    );
  });

  it('allows a salary only for Job', () => {
    expect(errorsOf(validatePosting(aPostingInput({ postingType: 'Enrichment' }), recruiter))).toEqual({
      hourlyRate: 'A salary can only be given for Job postings',
    });
  });

  it('refuses a website address or contact e-mail longer than its column', () => {
    const website = `https://beanthere.example/${'a'.repeat(2000)}`;
    expect(errorsOf(validatePosting(aPostingInput({ companyWebsite: website }), recruiter))).toEqual({
      companyWebsite: 'The website address can be at most 2000 characters',
    });
    const email = `${'a'.repeat(64)}@${'b'.repeat(186)}.com`;
    expect(email).toHaveLength(255);
    expect(errorsOf(validatePosting(aPostingInput({ contactEmail: email }), recruiter))).toEqual({ contactEmail: 'Please enter a valid email address' });
    expect(validatePosting(aPostingInput({ contactEmail: email.slice(1) }), recruiter).ok).toBe(true);
  });

  it('refuses a website on a Gig and anything but http or https', () => {
    expect(errorsOf(validatePosting(aPostingInput({ postingType: 'Gig', hourlyRate: null }), recruiter))).toEqual({
      companyWebsite: 'Gig postings have no external website',
    });
    for (const website of ['javascript:alert(1)', 'ftp://files.example', 'beanthere.example', 'data:text/html,hi', 'https://bean there.example/a b']) {
      expect(errorsOf(validatePosting(aPostingInput({ companyWebsite: website }), recruiter)).companyWebsite).toBe(
        'Please enter a website address starting with http:// or https://',
      );
    }
  });

  it('keeps dates between today and 10 years ahead, end not before start', () => {
    expect(validatePosting(aPostingInput({ startDate: today, endDate: '2036-11-21', applicationDeadline: today }), recruiter).ok).toBe(true);
    expect(errorsOf(validatePosting(aPostingInput({ startDate: '2026-11-20' }), recruiter))).toEqual({ startDate: 'The date cannot be in the past' });
    expect(errorsOf(validatePosting(aPostingInput({ endDate: '2036-11-22' }), recruiter))).toEqual({ endDate: 'The date can be at most 10 years ahead' });
    expect(errorsOf(validatePosting(aPostingInput({ startDate: '2027-01-10', endDate: '2027-01-09' }), recruiter))).toEqual({
      endDate: 'The end date cannot be before the start date',
    });
    expect(errorsOf(validatePosting(aPostingInput({ applicationDeadline: '2026-02-30' }), recruiter))).toEqual({
      applicationDeadline: 'Please enter a valid date',
    });
  });

  it('lets an edit keep a saved date that is now in the past, but not move a date into the past', () => {
    const started = aPostingInput({ startDate: '2026-11-01', endDate: '2027-03-01', applicationDeadline: null });
    expect(validatePosting(started, recruiter).ok).toBe(false);
    expect(validatePosting(started, { ...recruiter, savedDates: { startDate: '2026-11-01' } }).ok).toBe(true);
    const moved = validatePosting({ ...started, startDate: '2026-10-01' }, { ...recruiter, savedDates: { startDate: '2026-11-01' } });
    expect(moved.ok ? {} : moved.errors).toEqual({ startDate: 'The date cannot be in the past' });
  });

  it('lets only teachers post privately, and no student post at all', () => {
    expect(validatePosting(aPostingInput({ visible: false }), teacher).ok).toBe(true);
    expect(errorsOf(validatePosting(aPostingInput({ visible: false }), recruiter))).toEqual({ visible: 'Only teachers can post private opportunities' });
    expect(errorsOf(validatePosting(aPostingInput(), { role: 'student', today }))).toEqual({ form: 'Students cannot post opportunities.' });
    expect(errorsOf(validatePosting(aPostingInput(), { role: undefined, today })).form).toMatch(/verify your email/);
  });

  it('checks the cluster and location against the deployment lists', () => {
    expect(errorsOf(validatePosting(aPostingInput({ location: 'Atlantis', cluster: 'Alchemy' }), recruiter))).toEqual({
      location: 'Please choose one of the listed locations',
      cluster: 'Please choose one of the listed clusters',
    });
  });

  it('returns trimmed values with null for what is missing', () => {
    const result = validatePosting(aPostingInput({ title: '  Barista  ', address: '  ', contactEmail: 'JOBS@Bean.example' }), recruiter);
    expect(result.ok && result.value).toMatchObject({ title: 'Barista', address: null, contactEmail: 'jobs@bean.example' });
  });
});

describe('files', () => {
  it('asks for a resume on an application and a file on a review', () => {
    expect(resumeFileProblem(undefined, 'application')).toBe('Please upload your resume');
    expect(resumeFileProblem(null, 'review')).toBe('Please select a file');
  });

  it('accepts only PDFs', () => {
    expect(resumeFileProblem({ name: 'cv.docx', size: 100 }, 'review')).toBe('Please upload only PDF files');
    expect(resumeFileProblem({ name: 'cv.pdf', size: 100, type: 'image/png' }, 'application')).toBe('Please upload only PDF files');
    expect(resumeFileProblem({ name: 'CV.PDF', size: 100, type: 'application/pdf' }, 'application')).toBeUndefined();
    expect(resumeFileProblem({ name: 'cv.pdf', size: 10_000_001 }, 'application')).toBe('The file is larger than 10 MB');
  });

  it('recognises the PDF signature whatever the name', () => {
    expect(hasPdfSignature(new TextEncoder().encode('%PDF-1.7\n'))).toBe(true);
    expect(hasPdfSignature(new TextEncoder().encode('PK\u0003\u0004'))).toBe(false);
    expect(hasPdfSignature(new Uint8Array())).toBe(false);
  });

  it('limits blog posts to 3 images with the spec message', () => {
    expect(postImagesProblem(3)).toBeUndefined();
    expect(postImagesProblem(4)).toBe('You can only upload up to 3 images');
  });

  it('accepts image types up to 10 MB', () => {
    expect(imageFileProblem({ name: 'logo.png', size: 1000, type: 'image/png' })).toBeUndefined();
    expect(imageFileProblem({ name: 'logo.svg', size: 1000, type: 'image/svg+xml' })).toMatch(/image file/);
    expect(imageFileProblem({ name: 'logo.jpg', size: 10_000_001 })).toBe('The image is larger than 10 MB');
  });
});

describe('application, comments and texts', () => {
  it('needs the three answers and a resume', () => {
    const result = validateApplication({ relevantExperiences: 'Cafe volunteer', interestInRole: '', careerGoals: 'Chef', resume: null });
    expect(result.ok ? {} : result.errors).toEqual({ interestInRole: 'Please answer this question', resume: 'Please upload your resume' });
  });

  it('ignores a blank comment', () => {
    expect(commentText('   ')).toBeUndefined();
    expect(commentText('  Great post! ')).toBe('Great post!');
  });

  it('builds the search text from the spec fields', () => {
    expect(buildSearchText({ title: 'Barista', company: 'Bean', location: 'Oakville', cluster: null, description: 'Coffee', hourlyRate: '$17' })).toBe(
      'barista bean oakville coffee $17',
    );
  });

  it('shows the salary with a leading $', () => {
    expect(formatHourlyRate('17.50')).toBe('$17.50');
    expect(formatHourlyRate('$20')).toBe('$20');
    expect(formatHourlyRate(null)).toBe('');
  });

  it('treats only http and https as links', () => {
    expect(isHttpUrl('https://school.example/jobs')).toBe(true);
    expect(isHttpUrl('JavaScript:alert(1)')).toBe(false);
  });
});
