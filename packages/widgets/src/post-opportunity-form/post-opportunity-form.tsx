import type { BoardRules } from '@opportunity-kit/sdk/domain';
import { useEffect, useRef } from 'react';
import { canPostPrivately, todayDateString, type Job, type Viewer } from '@opportunity-kit/sdk/domain';
import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { createPostOpportunityFormController, type PostingApi, type PostingEditApi, type PostingTarget } from './post-opportunity-form-controller.ts';
import {
  createPostOpportunityFormModel,
  EMPTY_POSTING,
  postingFormValues,
  type PostingFormValues,
  type PostOpportunityFormActions,
  type PostOpportunityFormState,
} from './post-opportunity-form-model.ts';
import { PostOpportunityFormView, type PostingSchool } from './post-opportunity-form-view.tsx';

/** What both modes of {@link usePostOpportunityForm} take: who posts, and the day. @public */
export interface PostingFormCommonOptions {
  /** The signed-in member: teachers also choose Public or Private; students cannot post. */
  viewer: Viewer | null;
  /** Today as `YYYY-MM-DD`, the earliest date allowed; the device's date by default. */
  today?: string | undefined;
  /**
   * The board's youth-work rules (`portal.youthRules.board()`): the live ruling of "Who can take it"
   * and the check before sending; Ontario's by default (the server weighs the board's either way).
   */
  boardRules?: BoardRules | undefined;
}

/** Options of {@link usePostOpportunityForm} that post a new opportunity (the default mode). @public */
export interface CreatePostingFormOptions extends PostingFormCommonOptions {
  /** Posts a new opportunity (the default). */
  mode?: 'create' | undefined;
  /** The SDK's jobs module (`portal.jobs`), or anything with its `create`. */
  jobs: PostingApi;
  /** Called with the posting once it is created, for example to open it. */
  onCreated(job: Job): void;
  /** Values to start with (the posting type is Job unless given). */
  initialValues?: Partial<PostingFormValues> | undefined;
}

/** Options of {@link usePostOpportunityForm} that change an existing posting (its creator or a teacher). @public */
export interface EditPostingFormOptions extends PostingFormCommonOptions {
  /** Changes `job` ("Save changes"); its image stays as it is. */
  mode: 'edit';
  /** The posting to change, as saved: the fields start with its values. */
  job: Job;
  /** The SDK's jobs module (`portal.jobs`), or anything with its `edit`. */
  jobs: PostingEditApi;
  /** Called with the posting once its changes are saved, for example to show it again. */
  onSaved(job: Job): void;
}

/** Options of {@link usePostOpportunityForm}: the SDK, who posts, and who hears of the saved posting. @public */
export type PostOpportunityFormOptions = CreatePostingFormOptions | EditPostingFormOptions;

/** Props of {@link PostOpportunityForm}. @public */
export type PostOpportunityFormProps = PostOpportunityFormOptions & PostingFormChoices;

/** The options the form offers, as a school sets them. @public */
export interface PostingFormChoices {
  /** The school's location options; the spec's 13 by default. */
  locations?: readonly string[] | undefined;
  /** The school's cluster options; the spec's 19 by default. */
  clusters?: readonly string[] | undefined;
  /** The board's schools (`portal.schools.list()`): with more than one, a recruiter chooses which the posting is for. */
  schools?: readonly PostingSchool[] | undefined;
}

/**
 * The "Post a New Opportunity" form without its markup: checks the fields with the domain's
 * `validatePosting` before sending, uploads the image with progress, and hands the created posting to
 * `onCreated`, for a view of your own; with `mode: 'edit'` it starts from `job` and saves its changes
 * through `jobs.edit`, then calls `onSaved`. The mode, `job` and `initialValues` are read once; the
 * viewer, `today` and the callbacks are read as they are when the form is submitted (the member's role
 * may arrive later).
 * @public
 */
export function usePostOpportunityForm(options: PostOpportunityFormOptions): WidgetBinding<PostOpportunityFormState, PostOpportunityFormActions> {
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  return useWidgetController(() => {
    const target: PostingTarget =
      options.mode === 'edit' ? { mode: 'edit', jobId: options.job.id, jobs: options.jobs } : { mode: 'create', jobs: options.jobs };
    const values = options.mode === 'edit' ? postingFormValues(options.job) : { ...EMPTY_POSTING, ...options.initialValues };
    return createPostOpportunityFormController(target, createPostOpportunityFormModel(values), {
      role: () => latest.current.viewer?.role,
      today: () => latest.current.today ?? todayDateString(),
      // The same rules the form's ruling shows, so a board on another pack is not refused by Ontario's floor.
      rules: () => latest.current.boardRules,
      onSaved: (job) => {
        const current = latest.current;
        if (current.mode === 'edit') current.onSaved(job);
        else current.onCreated(job);
      },
    });
  });
}

/**
 * The "Post a New Opportunity" form, connected to the SDK: it checks the fields with the domain's
 * `validatePosting` before sending, uploads the image with progress, and hands the created posting
 * to `onCreated`. A refusal from the server is shown on its fields, never as a success.
 * @public
 */
export function PostOpportunityForm(props: PostOpportunityFormProps) {
  const { state, actions } = usePostOpportunityForm(props);
  return (
    <PostOpportunityFormView
      state={state}
      actions={actions}
      showVisibility={props.viewer !== null && canPostPrivately(props.viewer)}
      today={props.today ?? todayDateString()}
      locations={props.locations}
      clusters={props.clusters}
      schools={props.viewer?.role === 'recruiter' ? props.schools : undefined}
      boardRules={props.boardRules}
    />
  );
}
