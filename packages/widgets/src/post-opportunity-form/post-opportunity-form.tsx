import { useRef, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { canPostPrivately, todayDateString, type Job, type Viewer } from '@opportunity-kit/sdk/domain';
import { createPostOpportunityFormController, type PostingApi } from './post-opportunity-form-controller.ts';
import { createPostOpportunityFormModel, EMPTY_POSTING, type PostingFormValues } from './post-opportunity-form-model.ts';
import { PostOpportunityFormView } from './post-opportunity-form-view.tsx';

/** Props of {@link PostOpportunityForm}. @public */
export interface PostOpportunityFormProps {
  /** The SDK's jobs module (`portal.jobs`), or anything with its `create`. */
  jobs: PostingApi;
  /** The signed-in member: teachers also choose Public or Private; students cannot post. */
  viewer: Viewer | null;
  /** Called with the posting once it is created, for example to open it. */
  onCreated(job: Job): void;
  /** Values to start with (the posting type is Job unless given). */
  initialValues?: Partial<PostingFormValues> | undefined;
  /** The school's location options; the spec's 13 by default. */
  locations?: readonly string[] | undefined;
  /** The school's cluster options; the spec's 19 by default. */
  clusters?: readonly string[] | undefined;
  /** Today as `YYYY-MM-DD`, the earliest date allowed; the device's date by default. */
  today?: string | undefined;
}

/**
 * The "Post a New Opportunity" form, connected to the SDK: it checks the fields with the domain's
 * `validatePosting` before sending, uploads the image with progress, and hands the created posting
 * to `onCreated`. A refusal from the server is shown on its fields, never as a success.
 * @public
 */
export function PostOpportunityForm({ jobs, viewer, onCreated, initialValues, locations, clusters, today }: PostOpportunityFormProps) {
  useSignals();
  const role = viewer?.role;
  const day = today ?? todayDateString();
  const [model] = useState(() => createPostOpportunityFormModel({ ...EMPTY_POSTING, ...initialValues }));
  // The controller lives as long as the form; it reads the member's current role, which may arrive later.
  const latest = useRef({ role, day });
  latest.current = { role, day };
  const [controller] = useState(() => createPostOpportunityFormController(jobs, model, { role: () => latest.current.role, today: () => latest.current.day }));
  return (
    <PostOpportunityFormView
      values={model.values.value}
      errors={model.errors.value}
      submission={model.submission.value}
      imageName={model.image.value?.name ?? null}
      refusals={model.refusals.value}
      showVisibility={viewer !== null && canPostPrivately(viewer)}
      today={day}
      locations={locations}
      clusters={clusters}
      onChange={controller.setValue}
      onImage={controller.setImage}
      onSubmit={async () => {
        const job = await controller.submit();
        if (job) onCreated(job);
      }}
    />
  );
}
