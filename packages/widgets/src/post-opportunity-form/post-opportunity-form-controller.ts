import { batch } from '@preact/signals-react';
import { PortalError, type NewPosting, type ProgressHandler } from '@opportunity-kit/sdk';
import { imageFileProblem, validatePosting, type Job, type PostingInput, type Role } from '@opportunity-kit/sdk/domain';
import type { PostingFormErrors, PostingFormValues, PostOpportunityFormModel } from './post-opportunity-form-model.ts';

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

export interface PostOpportunityFormController {
  setValue<K extends keyof PostingFormValues>(field: K, value: PostingFormValues[K]): void;
  /** Picks the image (or none); a file that is not an acceptable image is refused at once. */
  setImage(file: File | null): void;
  /** Validates and posts; answers the created posting, or null when the form was refused or failed. */
  submit(): Promise<Job | null>;
}

/**
 * The posting the form sends: fields the form hides for the chosen type are not sent (salary only
 * for Job, no website for Gig), and only teachers send a private visibility.
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
    address: optional(values.address),
    contactEmail: optional(values.contactEmail),
    companyWebsite: values.postingType === 'Gig' ? null : optional(values.companyWebsite),
    hourlyRate: values.postingType === 'Job' ? optional(values.hourlyRate) : null,
    startDate: optional(values.startDate),
    endDate: optional(values.endDate),
    applicationDeadline: optional(values.applicationDeadline),
    visible: role === 'teacher' ? values.visible : true,
  };
}

export function createPostOpportunityFormController(
  api: PostingApi,
  model: PostOpportunityFormModel,
  context: { role: () => Role | undefined; today: () => string },
): PostOpportunityFormController {
  const refuse = (errors: PostingFormErrors) =>
    batch(() => {
      model.errors.value = errors;
      model.refusals.value += 1;
    });

  return {
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

    async submit() {
      const state = model.submission.value.status;
      if (state === 'uploading' || state === 'saving') return null;
      const input = toPostingInput(model.values.value, context.role());
      const checked = validatePosting(input, { role: context.role(), today: context.today() });
      if (!checked.ok) {
        refuse({ ...checked.errors, ...(model.errors.value.image ? { image: model.errors.value.image } : {}) });
        return null;
      }
      if (model.errors.value.image) {
        refuse({ image: model.errors.value.image });
        return null;
      }
      const image = model.image.value;
      batch(() => {
        model.errors.value = {};
        model.submission.value = image ? { status: 'uploading', percent: null } : { status: 'saving' };
      });
      const onProgress: ProgressHandler = ({ percent }) => {
        if (model.submission.value.status !== 'uploading') return;
        model.submission.value = percent >= 100 ? { status: 'saving' } : { status: 'uploading', percent };
      };
      try {
        const job = await api.create({ ...input, image }, { onProgress });
        model.submission.value = { status: 'idle' };
        return job;
      } catch (thrown) {
        const error = PortalError.from(thrown);
        batch(() => {
          model.submission.value = { status: 'failed', message: error.message };
          if (Object.keys(error.fields).length) refuse({ ...error.fields });
        });
        return null;
      }
    },
  };
}
