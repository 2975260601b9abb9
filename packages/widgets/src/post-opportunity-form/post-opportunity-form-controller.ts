import { batch, computed } from '@preact/signals-react';
import { PortalError, type NewPosting, type ProgressHandler } from '@opportunity-kit/sdk';
import { ruleInputOf } from './posting-rule-fields.tsx';
import { imageFileProblem, POSTING_DATE_FIELDS, validatePosting, type BoardRules, type Job, type PostingInput, type Role } from '@opportunity-kit/sdk/domain';
import { createLatestRequest } from '../shared/latest-request.ts';
import type { WidgetController } from '../shared/widget-controller.ts';
import type {
  PostingFormErrors,
  PostingFormValues,
  PostOpportunityFormActions,
  PostOpportunityFormModel,
  PostOpportunityFormState,
} from './post-opportunity-form-model.ts';

/**
 * What the form needs of the SDK's jobs module. `create` may report the image's upload progress
 * through `onProgress`; the SDK's `jobs.create` takes no such option yet, and then the form shows
 * an upload without a percentage.
 * @public
 */
export interface PostingApi {
  /** Creates the posting (uploading its image first, if any) and answers it as saved. */
  create(input: NewPosting, options?: { onProgress?: ProgressHandler | undefined }): Promise<Job>;
}

/** What the form needs of the SDK's jobs module to change an existing posting (`jobs.edit`). @public */
export interface PostingEditApi {
  /** Saves the posting's new fields (its image, assignment and state stay) and answers it as saved. */
  edit(id: string, input: PostingInput): Promise<Job>;
}

/** Where the form's posting goes: a new posting, or the changes to the posting `jobId`. */
export type PostingTarget = { mode: 'create'; jobs: PostingApi } | { mode: 'edit'; jobId: string; jobs: PostingEditApi };

/**
 * What the form reads from its host when it submits, not when it was made: the member's role may
 * arrive after the form mounts, and the day may turn while it is open.
 */
export interface PostingFormContext {
  role(): Role | undefined;
  today(): string;
  /** The board's youth-work rules, as the form's ruling shows them; Ontario's when not given (the server weighs the board's). */
  rules?(): BoardRules | undefined;
  /** Hears of the posting once it is created or its changes are saved. */
  onSaved(job: Job): void;
}

/**
 * The posting the form sends: fields the form hides for the chosen type are not sent (salary and
 * employment type only for Job, no website for Gig), and only teachers send a private visibility.
 * The address goes in parts; a free-text address from before them is replaced by its street.
 */
export function toPostingInput(values: PostingFormValues, role: Role | undefined): PostingInput {
  const optional = (text: string) => (text.trim() === '' ? null : text);
  return {
    postingType: values.postingType,
    title: values.title,
    company: values.company,
    description: values.description,
    cluster: optional(values.cluster),
    location: values.location,
    address: null,
    streetAddress: optional(values.streetAddress),
    postalCode: optional(values.postalCode),
    contactEmail: optional(values.contactEmail),
    companyWebsite: values.postingType === 'Gig' ? null : optional(values.companyWebsite),
    hourlyRate: values.postingType === 'Job' ? optional(values.hourlyRate) : null,
    employmentType: values.postingType === 'Job' ? optional(values.employmentType) : null,
    startDate: optional(values.startDate),
    endDate: optional(values.endDate),
    applicationDeadline: optional(values.applicationDeadline),
    visible: role === 'teacher' ? values.visible : true,
    // A recruiter's choice of schools, always sent, so an edit back to the whole board (an empty list)
    // is saved too: the server keeps a posting's schools when the request names none.
    ...(role === 'recruiter' ? { schoolIds: values.schoolIds ?? [] } : {}),
    ...ruleInputOf(values.rules, values.postingType),
  };
}

/** Said when a recruiter chose "Only some schools" and ticked none. @public */
export const CHOOSE_A_SCHOOL = 'Please choose at least one school.';

/**
 * Checks the posting with the domain's rules, then creates it (uploading its image with progress) or,
 * in edit mode, saves its changes; nothing to load when it starts.
 */
export function createPostOpportunityFormController(
  target: PostingTarget,
  model: PostOpportunityFormModel,
  context: PostingFormContext,
): WidgetController<PostOpportunityFormState, PostOpportunityFormActions> {
  const submissions = createLatestRequest();
  // An edit may keep a date that has passed since the posting was saved, as the SDK allows.
  const initial = model.values.peek();
  const savedDates = target.mode === 'edit' ? Object.fromEntries(POSTING_DATE_FIELDS.map((field) => [field, initial[field] || null])) : undefined;
  const save = (input: PostingInput, image: File | null, onProgress: ProgressHandler): Promise<Job> =>
    target.mode === 'edit' ? target.jobs.edit(target.jobId, input) : target.jobs.create({ ...input, image }, { onProgress });
  const refuse = (errors: PostingFormErrors) =>
    batch(() => {
      model.errors.value = errors;
      model.refusals.value += 1;
    });

  async function submit(): Promise<void> {
    const state = model.submission.value.status;
    if (state === 'uploading' || state === 'saving') return;
    const input = toPostingInput(model.values.value, context.role());
    const checked = validatePosting(input, {
      role: context.role(),
      today: context.today(),
      ...(context.rules?.() ? { rules: context.rules() } : {}),
      ...(savedDates ? { savedDates } : {}),
    });
    const noneTicked = model.values.value.schoolIds?.length === 0 && input.schoolIds !== undefined;
    const noSchool = noneTicked ? { schoolIds: CHOOSE_A_SCHOOL } : {};
    if (!checked.ok || noneTicked) {
      refuse({ ...(checked.ok ? {} : checked.errors), ...noSchool, ...(model.errors.value.image ? { image: model.errors.value.image } : {}) });
      return;
    }
    if (model.errors.value.image) {
      refuse({ image: model.errors.value.image });
      return;
    }
    const image = target.mode === 'create' ? model.image.value : null;
    batch(() => {
      model.errors.value = {};
      model.submission.value = image ? { status: 'uploading', percent: null } : { status: 'saving' };
    });
    const mine = submissions.current();
    const onProgress: ProgressHandler = ({ percent }) => {
      if (!mine.isCurrent() || model.submission.value.status !== 'uploading') return;
      model.submission.value = percent >= 100 ? { status: 'saving' } : { status: 'uploading', percent };
    };
    try {
      const job = await save(input, image, onProgress);
      if (!mine.isCurrent()) return;
      model.submission.value = { status: 'idle' };
      context.onSaved(job);
    } catch (thrown) {
      if (!mine.isCurrent()) return;
      const error = PortalError.from(thrown);
      batch(() => {
        model.submission.value = { status: 'failed', message: error.message };
        if (Object.keys(error.fields).length) refuse({ ...error.fields });
      });
    }
  }

  const actions: PostOpportunityFormActions = {
    setValue(field, value) {
      const { [field]: _fixed, ...errors } = model.errors.value as Record<string, string>;
      batch(() => {
        model.values.value = { ...model.values.value, [field]: value };
        model.errors.value = errors;
      });
    },

    setImage(file) {
      const problem = file ? imageFileProblem(file) : undefined;
      const { image: _previous, ...errors } = model.errors.value;
      batch(() => {
        model.image.value = problem ? null : file;
        model.errors.value = problem ? { ...errors, image: problem } : errors;
      });
    },

    submit: () => void submit(),
  };

  return {
    state: computed(() => ({
      mode: target.mode,
      values: model.values.value,
      errors: model.errors.value,
      submission: model.submission.value,
      imageName: model.image.value?.name ?? null,
      refusals: model.refusals.value,
    })),
    actions,
    start() {
      // Nothing loads; stopping drops a submission's answer, so a form that is gone neither updates nor reports.
      return () => submissions.invalidate();
    },
  };
}
