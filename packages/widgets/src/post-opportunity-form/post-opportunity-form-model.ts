import { signal, type Signal } from '@preact/signals-react';
import { DEFAULT_POSTING_TYPE, type PostingField, type PostingType } from '@opportunity-kit/sdk/domain';

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
  /** "Address": a street address. */
  address: string;
  /** "Contact e-mail": where "Contact Employer" writes to. */
  contactEmail: string;
  /** "External website", http or https; not shown for Gig. */
  companyWebsite: string;
  /** "Salary", free text; shown for Job only. */
  hourlyRate: string;
  /** "Start date", `YYYY-MM-DD`. */
  startDate: string;
  /** "End date", `YYYY-MM-DD`, not before the start date. */
  endDate: string;
  /** "Application deadline", `YYYY-MM-DD`. */
  applicationDeadline: string;
  /** Public (true) or private (false); only teachers choose. */
  visible: boolean;
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
  address: '',
  contactEmail: '',
  companyWebsite: '',
  hourlyRate: '',
  startDate: '',
  endDate: '',
  applicationDeadline: '',
  visible: true,
};

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
