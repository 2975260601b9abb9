import {
  DEFAULT_SETTINGS,
  MAX_POST_IMAGES,
  MAX_UPLOAD_BYTES,
  POSTING_TYPES,
  IMAGE_EXTENSIONS,
  type DeploymentSettings,
  type PostingType,
  type Role,
} from './constants.ts';
import { isDateString, postingDateBounds, type DateString } from './dates.ts';
import { MESSAGES } from './messages.ts';
import { checkPostingRules, type PostingRuleInput } from './posting-rule-input.ts';
import { BOARD_PLACES, EMPLOYMENT_TYPES, postalCodeOf, type EmploymentType } from './posting-details.ts';
import { DEFAULT_BOARD_RULES, type BoardRules, type PostingRuleDetails } from './youth-rules.ts';

/** Either the cleaned value, or a message per field that is wrong (`form` for the whole form). @public */
export type Validation<T, F extends string> = { ok: true; value: T } | { ok: false; errors: Partial<Record<F | 'form', string>> };

/** True for an e-mail address of the usual shape, at most 254 characters (RFC 5321, and Appwrite's email columns). @public */
export function isEmailAddress(value: string): boolean {
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value.trim()) && value.trim().length <= 254;
}

/** True for an absolute http or https URL; anything else (`javascript:`, `data:`, relative) is refused. @public */
export function isHttpUrl(value: string): boolean {
  if (/\s/.test(value.trim())) return false;
  try {
    const url = new URL(value.trim());
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

function blank(value: string | null | undefined): boolean {
  return value === undefined || value === null || value.trim() === '';
}

function finish<T, F extends string>(errors: Partial<Record<F | 'form', string>>, value: () => T): Validation<T, F> {
  return Object.keys(errors).length ? { ok: false, errors } : { ok: true, value: value() };
}

/** What the sign-up form sends. @public */
export interface SignUpInput {
  /** Full name (required). */
  name: string;
  /** E-mail address (required). */
  email: string;
  /** Password, at least 8 characters. */
  password: string;
  /** The password again ("Passwords do not match" otherwise). */
  confirmPassword: string;
}

/** Sign-up: all four fields required, and the passwords must match. @public */
export function validateSignUp(input: SignUpInput): Validation<{ name: string; email: string; password: string }, keyof SignUpInput> {
  const errors: Partial<Record<keyof SignUpInput | 'form', string>> = {};
  if (blank(input.name)) errors.name = 'Please enter your full name';
  if (blank(input.email)) errors.email = 'Please enter your email';
  else if (!isEmailAddress(input.email)) errors.email = 'Please enter a valid email address';
  if (!input.password) errors.password = 'Please enter a password';
  else if (input.password.length < 8) errors.password = 'Password must be at least 8 characters';
  if (!input.confirmPassword) errors.confirmPassword = 'Please confirm your password';
  else if (input.password !== input.confirmPassword) errors.confirmPassword = MESSAGES.passwordsDoNotMatch;
  return finish(errors, () => ({ name: input.name.trim(), email: input.email.trim().toLowerCase(), password: input.password }));
}

/** What the post-opportunity form sends, its youth-work rule fields included (issue 26). @public */
export interface PostingInput extends PostingRuleInput {
  /** Job, Gig, Enrichment or Volunteering (required). */
  postingType: string;
  /** Required, at most 200 characters. */
  title: string;
  /** Required, at most 200 characters. */
  company: string;
  /** Required, at most 5000 characters. */
  description: string;
  /** One of the clusters; required for Job postings only. */
  cluster?: string | null;
  /** One of the locations (required). */
  location: string;
  /** Free-text address from before the parts (issue 28), at most 500 characters; shown as it is. */
  address?: string | null;
  /** Street and number, without the city (the location) or province, at most 200 characters. */
  streetAddress?: string | null;
  /** Postal code (Canada: `A1A 1A1`; US: a ZIP code). */
  postalCode?: string | null;
  /** Province or state code, such as `ON`; the board's by default. */
  addressRegion?: string | null;
  /** Two-letter country code, such as `CA`; the board's by default. */
  addressCountry?: string | null;
  /** Job postings only: one of `EMPLOYMENT_TYPES` (full-time, part-time, …). */
  employmentType?: string | null;
  /** Where applicants can write to. */
  contactEmail?: string | null;
  /** http or https only; not for Gig postings. */
  companyWebsite?: string | null;
  /** Salary, free text; Job postings only. */
  hourlyRate?: string | null;
  /** `YYYY-MM-DD`, from today up to 10 years ahead. */
  startDate?: string | null;
  /** `YYYY-MM-DD`, not before the start date. */
  endDate?: string | null;
  /** `YYYY-MM-DD`, from today up to 10 years ahead. */
  applicationDeadline?: string | null;
  /** Public (true) or private (false). */
  visible: boolean;
  /**
   * Recruiters only: the schools of the board the posting is meant for (issue 23); none (or every
   * one) is the whole board. It reaches each of them once that school, or the board, approved the recruiter.
   */
  schoolIds?: string[] | undefined;
  /** Teachers on the staff of several schools: the school the posting belongs to (`invalid-input` without it). */
  schoolId?: string | undefined;
}

/** A posting that passed validation: trimmed, with `null` for what is not given. @public */
export interface ValidPosting {
  postingType: PostingType;
  title: string;
  company: string;
  description: string;
  cluster: string | null;
  location: string;
  address: string | null;
  streetAddress: string | null;
  postalCode: string | null;
  addressRegion: string | null;
  addressCountry: string | null;
  employmentType: EmploymentType | null;
  contactEmail: string | null;
  companyWebsite: string | null;
  hourlyRate: string | null;
  startDate: DateString | null;
  endDate: DateString | null;
  applicationDeadline: DateString | null;
  visible: boolean;
  /** What the youth-work rules weigh; null when the form said nothing about them. */
  ruleDetails: PostingRuleDetails | null;
}

/** @public */
export type PostingField = keyof PostingInput;

/** The date fields of a posting. @public */
export const POSTING_DATE_FIELDS = ['startDate', 'endDate', 'applicationDeadline'] as const;
/** @public */
export type PostingDateField = (typeof POSTING_DATE_FIELDS)[number];

const LIMITS = { title: 200, company: 200, description: 5000, address: 500, streetAddress: 200, hourlyRate: 50, companyWebsite: 2000 } as const;

/**
 * The rules for a new posting, for the form and again in the `commands` function:
 * required fields by type, cluster only required for Job, salary only for Job, no website for Gig and
 * only http(s), dates from today up to 10 years ahead with the end not before the start, private
 * postings by teachers only, and no postings by students.
 * @public
 */
export function validatePosting(
  input: PostingInput,
  context: {
    role: Role | undefined;
    today: DateString;
    settings?: Pick<DeploymentSettings, 'clusters' | 'locations'>;
    /**
     * An edit's saved dates (`YYYY-MM-DD`): a date kept as it was may lie in the past, so a posting
     * that has started can still be edited without moving its start.
     */
    savedDates?: Partial<Record<PostingDateField, string | null>>;
    /** The board's youth-work rules (default: Ontario's, nothing added). */
    rules?: BoardRules;
  },
): Validation<ValidPosting, PostingField> {
  const settings = context.settings ?? DEFAULT_SETTINGS;
  const errors: Partial<Record<PostingField | 'form', string>> = {};
  if (context.role === undefined) errors.form = 'Please verify your email address before posting opportunities.';
  else if (context.role === 'student') errors.form = 'Students cannot post opportunities.';

  const type = POSTING_TYPES.find((candidate) => candidate === input.postingType);
  if (!type) errors.postingType = 'Please choose a posting type';
  if (blank(input.title)) errors.title = 'Please enter a title';
  else if (input.title.trim().length > LIMITS.title) errors.title = `The title can be at most ${LIMITS.title} characters`;
  if (blank(input.company)) errors.company = 'Please enter the company or organization';
  else if (input.company.trim().length > LIMITS.company) errors.company = `The company can be at most ${LIMITS.company} characters`;
  if (blank(input.description)) errors.description = 'Please enter a description';
  else if (input.description.trim().length > LIMITS.description) errors.description = `The description can be at most ${LIMITS.description} characters`;
  if (blank(input.location)) errors.location = 'Please choose a location';
  else if (!settings.locations.includes(input.location.trim())) errors.location = 'Please choose one of the listed locations';
  if (!blank(input.address) && (input.address as string).trim().length > LIMITS.address)
    errors.address = `The address can be at most ${LIMITS.address} characters`;
  // The address in parts (issue 28): the street alone, the postal code of the posting's country, and
  // the province and country the board's unless the posting names its own.
  const place = BOARD_PLACES[(context.rules ?? DEFAULT_BOARD_RULES).packId];
  const region = blank(input.addressRegion) ? place.addressRegion : (input.addressRegion as string).trim().toUpperCase();
  const country = blank(input.addressCountry) ? place.addressCountry : (input.addressCountry as string).trim().toUpperCase();
  if (region !== null && !/^[A-Z0-9]{1,3}$/.test(region)) errors.addressRegion = 'Please enter the province or state as its code, such as ON';
  if (!/^[A-Z]{2}$/.test(country)) errors.addressCountry = 'Please enter the country as its two-letter code, such as CA';
  const street = blank(input.streetAddress) ? null : (input.streetAddress as string).trim();
  if (street !== null && street.length > LIMITS.streetAddress) errors.streetAddress = `The street address can be at most ${LIMITS.streetAddress} characters`;
  else if (
    street !== null &&
    street.split(',').some((part) => [input.location.trim(), region].some((place) => place && part.trim().toLowerCase() === place.toLowerCase()))
  )
    errors.streetAddress = 'Please enter the street and number only: the location names the city';
  const postalCode = blank(input.postalCode) ? null : (postalCodeOf(input.postalCode as string, country) ?? '');
  if (postalCode === '') errors.postalCode = country === 'US' ? 'Please enter a ZIP code such as 12345' : 'Please enter a postal code such as L9T 2X5';

  if (blank(input.cluster)) {
    if (type === 'Job') errors.cluster = 'Please choose a cluster';
  } else if (!settings.clusters.includes((input.cluster as string).trim())) {
    errors.cluster = 'Please choose one of the listed clusters';
  }
  const employmentType = blank(input.employmentType) ? null : EMPLOYMENT_TYPES.find((kind) => kind === (input.employmentType as string).trim());
  if (employmentType === undefined) errors.employmentType = 'Please choose one of the listed employment types';
  else if (employmentType !== null && type !== undefined && type !== 'Job') errors.employmentType = 'An employment type can only be given for Job postings';
  if (!blank(input.hourlyRate)) {
    if (type !== undefined && type !== 'Job') errors.hourlyRate = 'A salary can only be given for Job postings';
    else if ((input.hourlyRate as string).trim().length > LIMITS.hourlyRate) errors.hourlyRate = `The salary can be at most ${LIMITS.hourlyRate} characters`;
  }
  if (!blank(input.companyWebsite)) {
    if (type === 'Gig') errors.companyWebsite = 'Gig postings have no external website';
    else if (!isHttpUrl(input.companyWebsite as string)) errors.companyWebsite = 'Please enter a website address starting with http:// or https://';
    else if ((input.companyWebsite as string).trim().length > LIMITS.companyWebsite)
      errors.companyWebsite = `The website address can be at most ${LIMITS.companyWebsite} characters`;
  }
  if (!blank(input.contactEmail) && !isEmailAddress(input.contactEmail as string)) errors.contactEmail = 'Please enter a valid email address';

  const bounds = postingDateBounds(context.today);
  for (const field of POSTING_DATE_FIELDS) {
    const value = input[field];
    if (blank(value)) continue;
    const date = (value as string).trim();
    if (!isDateString(date)) errors[field] = 'Please enter a valid date';
    else if (date < bounds.min && date !== context.savedDates?.[field]) errors[field] = 'The date cannot be in the past';
    else if (date > bounds.max) errors[field] = 'The date can be at most 10 years ahead';
  }
  if (
    !errors.startDate &&
    !errors.endDate &&
    !blank(input.startDate) &&
    !blank(input.endDate) &&
    (input.endDate as string).trim() < (input.startDate as string).trim()
  ) {
    errors.endDate = 'The end date cannot be before the start date';
  }
  if (input.visible === false && context.role !== 'teacher') errors.visible = 'Only teachers can post private opportunities';
  const rules = checkPostingRules(input, {
    postingType: type,
    startDate: errors.startDate ? null : input.startDate?.trim(),
    rules: context.rules ?? DEFAULT_BOARD_RULES,
    today: context.today,
  });
  Object.assign(errors, rules.errors);

  const optional = (value: string | null | undefined) => (blank(value) ? null : (value as string).trim());
  return finish(errors, () => ({
    postingType: type as PostingType,
    title: input.title.trim(),
    company: input.company.trim(),
    description: input.description.trim(),
    cluster: optional(input.cluster),
    location: input.location.trim(),
    address: optional(input.address),
    streetAddress: street,
    postalCode,
    addressRegion: region,
    addressCountry: country,
    employmentType: employmentType ?? null,
    contactEmail: optional(input.contactEmail)?.toLowerCase() ?? null,
    companyWebsite: optional(input.companyWebsite),
    hourlyRate: optional(input.hourlyRate),
    startDate: optional(input.startDate),
    endDate: optional(input.endDate),
    applicationDeadline: optional(input.applicationDeadline),
    visible: input.visible,
    ruleDetails: rules.details,
  }));
}

/** The part of a browser `File` the rules look at. @public */
export interface FileFacts {
  name: string;
  size: number;
  type?: string;
}

/**
 * A resume for an application or an AI review: a PDF is required. With no file, an application says
 * "Please upload your resume" and a review says "Please select a file".
 * Returns the message to show, or undefined when the file is acceptable.
 * @public
 */
export function resumeFileProblem(file: FileFacts | null | undefined, purpose: 'application' | 'review'): string | undefined {
  if (!file) return purpose === 'application' ? MESSAGES.uploadResume : MESSAGES.selectFile;
  const isPdf = file.name.toLowerCase().endsWith('.pdf') && (!file.type || file.type === 'application/pdf');
  if (!isPdf) return MESSAGES.onlyPdf;
  if (file.size > MAX_UPLOAD_BYTES) return 'The file is larger than 10 MB';
  if (file.size === 0) return 'The file is empty';
  return undefined;
}

/** True when the bytes start with the PDF signature `%PDF-`, whatever the file is called. @public */
export function hasPdfSignature(bytes: Uint8Array): boolean {
  const signature = [0x25, 0x50, 0x44, 0x46, 0x2d];
  return signature.every((byte, index) => bytes[index] === byte);
}

/** An image for a posting, post or profile: one of the image types, at most 10 MB. @public */
export function imageFileProblem(file: FileFacts): string | undefined {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  if (!(IMAGE_EXTENSIONS as readonly string[]).includes(extension) || (file.type && !file.type.startsWith('image/'))) {
    return 'Please upload an image file (PNG, JPG, GIF or WebP)';
  }
  if (file.size > MAX_UPLOAD_BYTES) return 'The image is larger than 10 MB';
  return undefined;
}

/** A blog post takes at most 3 images. @public */
export function postImagesProblem(count: number): string | undefined {
  return count > MAX_POST_IMAGES ? MESSAGES.tooManyImages : undefined;
}

/** A blank comment is ignored: returns the text to post, or undefined for nothing to post. @public */
export function commentText(input: string): string | undefined {
  const text = input.trim();
  return text === '' ? undefined : text;
}

/** @public */
export interface ApplicationInput {
  relevantExperiences: string;
  interestInRole: string;
  careerGoals: string;
  resume: FileFacts | null | undefined;
}

/** The application form: three short answers and a PDF resume. @public */
export function validateApplication(input: ApplicationInput): Validation<Omit<ApplicationInput, 'resume'>, keyof ApplicationInput> {
  const errors: Partial<Record<keyof ApplicationInput | 'form', string>> = {};
  const answers = ['relevantExperiences', 'interestInRole', 'careerGoals'] as const;
  for (const field of answers) {
    if (blank(input[field])) errors[field] = 'Please answer this question';
    else if (input[field].trim().length > 2000) errors[field] = 'Please keep your answer under 2000 characters';
  }
  const resumeProblem = resumeFileProblem(input.resume, 'application');
  if (resumeProblem) errors.resume = resumeProblem;
  return finish(errors, () => ({
    relevantExperiences: input.relevantExperiences.trim(),
    interestInRole: input.interestInRole.trim(),
    careerGoals: input.careerGoals.trim(),
  }));
}
