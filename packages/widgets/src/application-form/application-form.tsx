import { useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { Job } from '@opportunity-kit/sdk/domain';
import { createApplicationFormController, type ApplicationFormApi } from './application-form-controller.ts';
import { createApplicationFormModel } from './application-form-model.ts';
import { ApplicationFormView } from './application-form-view.tsx';

/** Props of {@link ApplicationForm}. @public */
export interface ApplicationFormProps {
  /** The SDK's `applications` module (or anything with its `submit`). */
  applications: ApplicationFormApi;
  /** The posting applied to (the portal receives it through navigation state). */
  job: Pick<Job, 'id' | 'title'>;
  /** Called once the application was stored, so the portal can return to the job. */
  onSubmitted?: () => void;
}

/**
 * The connected application form: checks the answers and the resume with the domain's
 * `validateApplication`, uploads the resume with progress, and reports "Application submitted
 * successfully!", the "already applied" refusal, or "An error has occurred".
 * @public
 */
export function ApplicationForm({ applications, job, onSubmitted }: ApplicationFormProps) {
  useSignals();
  const [model] = useState(createApplicationFormModel);
  const [controller] = useState(() => createApplicationFormController(applications, model));
  return (
    <ApplicationFormView
      jobTitle={job.title}
      answers={model.answers.value}
      resumeName={model.resume.value?.name ?? null}
      errors={model.errors.value}
      state={model.state.value}
      progress={model.progress.value}
      message={model.message.value}
      invalidSubmits={model.invalidSubmits.value}
      onAnswer={controller.setAnswer}
      onResume={controller.pickResume}
      onSubmit={() => {
        void controller.submit(job.id).then((submitted) => {
          if (submitted) onSubmitted?.();
        });
      }}
    />
  );
}
