import { signal, type Signal } from '@preact/signals-react';
import { DEFAULT_POSTING_TYPE, streetOfAddress, type Job, type PostingField, type PostingType } from '@opportunity-kit/sdk/domain';
import { NO_RULE_VALUES, ruleFormValues, type PostingRuleFormValues } from './posting-rule-fields.tsx';

/** The form's fields as the inputs hold them (dates `YYYY-MM-DD`, empty text for "not given"). @public */
export interface PostingFormValues {
  /** Job, Gig, Enrichment or Volunteering; the fields below depend on it. */
  postingType: PostingType;
  /** "Title" (required). */
  title: string;
  /** "Company or organization" (required). */
  company: string;
  /** "Description" (required). */
  description: string;
  /** "Cluster": one of the cluster options; required for Job only. */
  cluster: string;
  /** "Location": one of the location options (required). */
  location: string;
  /** "Street address": street and number, without the city (the location) or province. */
  streetAddress: string;
  /** "Postal code". */
  postalCode: string;
  /** "Contact e-mail": where "Contact Employer" writes to. */
  contactEmail: string;
  /** "External website", http or https; not shown for Gig. */
  companyWebsite: string;
  /** "Salary", free text shown as written; Job only. */
  hourlyRate: string;
  /** "Employment type": one of `EMPLOYMENT_TYPES`, or empty when not stated; Job only. */
  employmentType: string;
  /** "Start date", `YYYY-MM-DD`. */
  startDate: string;
  /** "End date", `YYYY-MM-DD`, not before the start date. */
  endDate: string;
  /** "Application deadline", `YYYY-MM-DD`. */
  applicationDeadline: string;
  /** Public (true) or private (false); only teachers choose. */
  visible: boolean;
  /** The schools of the board a recruiter means the posting for; null for every school (the default). */
  schoolIds: string[] | null;
  /** "Who can take it": what the youth-work rules weigh (issue 26). */
  rules: PostingRuleFormValues;
}

/** A message per refused field; `form` for the whole form, `image` for the picture. @public */
export type PostingFormErrors = Partial<Record<PostingField | 'form' | 'image', string>>;

/**
 * Sending the form: the image uploading (with its progress when the SDK reports it), the posting
 * being saved, or the failure. The created posting is handed to the caller, so there is no "done".
 * @public
 */
export type PostingSubmission =
  { status: 'idle' } | { status: 'uploading'; percent: number | null } | { status: 'saving' } | { status: 'failed'; message: string };

/** A blank form: a Job posting, public, every text empty. @public */
export const EMPTY_POSTING: PostingFormValues = {
  postingType: DEFAULT_POSTING_TYPE,
  title: '',
  company: '',
  description: '',
  cluster: '',
  location: '',
  streetAddress: '',
  postalCode: '',
  contactEmail: '',
  companyWebsite: '',
  hourlyRate: '',
  employmentType: '',
  startDate: '',
  endDate: '',
  applicationDeadline: '',
  visible: true,
  schoolIds: null,
  rules: NO_RULE_VALUES,
};

/** Whether the form posts a new opportunity or changes an existing one. @public */
export type PostingFormMode = 'create' | 'edit';

/**
 * A saved posting as the form's fields hold it, to edit it (stored dates are datetimes; the inputs take
 * days). A free-text address from before the parts becomes the street, without its city and province.
 * @public
 */
export function postingFormValues(job: Job): PostingFormValues {
  const day = (date: string | null) => date?.slice(0, 10) ?? '';
  return {
    postingType: job.postingType,
    title: job.title,
    company: job.company,
    description: job.description,
    cluster: job.cluster ?? '',
    location: job.location,
    streetAddress: job.streetAddress ?? streetOfAddress(job.address, job.location, job.addressRegion ?? 'ON') ?? '',
    postalCode: job.postalCode ?? '',
    contactEmail: job.contactEmail ?? '',
    companyWebsite: job.companyWebsite ?? '',
    hourlyRate: job.hourlyRate ?? '',
    employmentType: job.employmentType ?? '',
    startDate: day(job.startDate),
    endDate: day(job.endDate),
    applicationDeadline: day(job.applicationDeadline),
    visible: job.visible,
    schoolIds: job.schoolIds ?? null,
    rules: ruleFormValues(job.ruleDetails),
  };
}

/** The form's state, as signals: the controller writes it, its `state` reads it. */
export interface PostOpportunityFormModel {
  values: Signal<PostingFormValues>;
  image: Signal<File | null>;
  errors: Signal<PostingFormErrors>;
  submission: Signal<PostingSubmission>;
  /** Counts submissions refused for their fields, so the view can move focus to the first one. */
  refusals: Signal<number>;
}

export function createPostOpportunityFormModel(values: PostingFormValues = EMPTY_POSTING): PostOpportunityFormModel {
  return {
    values: signal(values),
    image: signal<File | null>(null),
    errors: signal<PostingFormErrors>({}),
    submission: signal<PostingSubmission>({ status: 'idle' }),
    refusals: signal(0),
  };
}

/** What the posting form shows: {@link usePostOpportunityForm}'s `state`, and {@link PostOpportunityFormView}'s. @public */
export interface PostOpportunityFormState {
  /** `create` posts a new opportunity; `edit` saves the changes to one ("Save changes", no image). */
  readonly mode: PostingFormMode;
  /** What the fields hold. */
  readonly values: PostingFormValues;
  /** A message per refused field, shown under it; `form` for the whole form. */
  readonly errors: PostingFormErrors;
  /** Whether the form is being sent, and how far, or why it failed. */
  readonly submission: PostingSubmission;
  /** The picked image's file name, or null. */
  readonly imageName: string | null;
  /** How many submissions were refused for their fields; each new one moves focus to the first. */
  readonly refusals: number;
}

/** What a poster can do with the form: {@link usePostOpportunityForm}'s `actions`. @public */
export interface PostOpportunityFormActions {
  /** Changes a field, clearing its message. */
  setValue<K extends keyof PostingFormValues>(field: K, value: PostingFormValues[K]): void;
  /** Picks the image (null for none); a file that is not an acceptable image is refused at once. */
  setImage(file: File | null): void;
  /** Checks the fields, then uploads the image and creates the posting, or saves the changes in edit mode. */
  submit(): void;
}
