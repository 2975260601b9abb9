import type { FilesModule } from '@opportunity-kit/sdk';
import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { createApplicationsManagerController, type ApplicationsManagerApi, type ApplicationsManagerLookups } from './applications-manager-controller.ts';
import { createApplicationsManagerModel, type ApplicationsManagerActions, type ApplicationsManagerState } from './applications-manager-model.ts';
import { ApplicationsManagerView, type ApplicationsManagerViewProps } from './applications-manager-view.tsx';

/** Options of {@link useApplicationsManager}: the SDK, the page size, and the optional look-ups. @public */
export interface ApplicationsManagerOptions extends ApplicationsManagerLookups {
  /** The SDK's `applications` module (or anything with its `listForManager` and `setStatus`). */
  applications: ApplicationsManagerApi;
  /** Applications per page (25 by default). */
  pageSize?: number | undefined;
}

/** Props of {@link ApplicationsManager}. @public */
export interface ApplicationsManagerProps extends ApplicationsManagerOptions, Pick<ApplicationsManagerViewProps, 'personHref' | 'postJobHref' | 'onNavigate'> {
  /** The SDK's `files` module, for the link to each resume. */
  files: Pick<FilesModule, 'viewUrl'>;
}

/**
 * The applications manager without its markup: the applications to the viewer's postings with the
 * All / Pending / Accepted / Rejected filter, the applicants' names (given `profiles`), paged with "Show more", one selected at a time, and the Accept /
 * Reject decision with the spec's confirmations, for a view of your own. The options are read once.
 * @public
 */
export function useApplicationsManager(options: ApplicationsManagerOptions): WidgetBinding<ApplicationsManagerState, ApplicationsManagerActions> {
  return useWidgetController(() =>
    createApplicationsManagerController(options.applications, createApplicationsManagerModel(), options.pageSize, {
      profiles: options.profiles,
      hasPostings: options.hasPostings,
    }),
  );
}

/**
 * The connected applications manager for employers and teachers: it lists the applications to the
 * viewer's postings grouped by posting, with applicants by name, and saves Accept / Reject decisions
 * (Reject after a confirmation), confirming them with the spec's texts
 * ("Status updated successfully." and, for an acceptance, the reminder to e-mail the applicant).
 * @public
 */
export function ApplicationsManager({ files, personHref, postJobHref, onNavigate, ...options }: ApplicationsManagerProps) {
  const { state, actions } = useApplicationsManager(options);
  return (
    <ApplicationsManagerView
      state={state}
      actions={actions}
      resumeUrl={(application) => files.viewUrl('resumes', application.resumeFileId)}
      personHref={personHref}
      postJobHref={postJobHref}
      onNavigate={onNavigate}
    />
  );
}
