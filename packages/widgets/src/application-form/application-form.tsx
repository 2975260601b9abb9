import type { Job } from '@opportunity-kit/sdk/domain';
import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { createApplicationFormController, type ApplicationFormApi } from './application-form-controller.ts';
import { createApplicationFormModel, type ApplicationFormActions, type ApplicationFormState } from './application-form-model.ts';
import { ApplicationFormView } from './application-form-view.tsx';

/** Options of {@link useApplicationForm}: the SDK, the posting, and who hears of the outcome. @public */
export interface ApplicationFormOptions {
  /** The SDK's `applications` module (or anything with its `submit`). */
  applications: ApplicationFormApi;
  /** The posting applied to. */
  job: Pick<Job, 'id'>;
  /** Called once the application was stored, so the host can return to the job. */
  onSubmitted?: (() => void) | undefined;
}

/** Props of {@link ApplicationForm}. @public */
export interface ApplicationFormProps extends ApplicationFormOptions {
  /** The posting applied to, named in the heading (the portal receives it through navigation state). */
  job: Pick<Job, 'id' | 'title'>;
}

/**
 * The application form without its markup: checks the answers and the resume with the domain's
 * `validateApplication`, uploads the resume with progress, and reports success, the "already applied"
 * refusal or the failure, for a view of your own. The options are read once; give the component a
 * new `key` for another posting.
 * @public
 */
export function useApplicationForm(options: ApplicationFormOptions): WidgetBinding<ApplicationFormState, ApplicationFormActions> {
  return useWidgetController(() =>
    createApplicationFormController(options.applications, createApplicationFormModel(), { jobId: options.job.id, onSubmitted: options.onSubmitted }),
  );
}

/**
 * The connected application form: checks the answers and the resume with the domain's
 * `validateApplication`, uploads the resume with progress, and reports "Application submitted
 * successfully!", the "already applied" refusal, or "An error has occurred".
 * @public
 */
export function ApplicationForm(props: ApplicationFormProps) {
  // Another posting gets a blank form, never the answers typed for the previous one.
  return <ConnectedApplicationForm key={props.job.id} {...props} />;
}

function ConnectedApplicationForm(props: ApplicationFormProps) {
  const { state, actions } = useApplicationForm(props);
  return <ApplicationFormView state={state} actions={actions} jobTitle={props.job.title} />;
}
