import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { FilesModule } from '@opportunity-kit/sdk';
import { createApplicationsManagerController, type ApplicationsManagerApi } from './applications-manager-controller.ts';
import { createApplicationsManagerModel } from './applications-manager-model.ts';
import { ApplicationsManagerView } from './applications-manager-view.tsx';

/** Props of {@link ApplicationsManager}. @public */
export interface ApplicationsManagerProps {
  /** The SDK's `applications` module (or anything with its `listForManager` and `setStatus`). */
  applications: ApplicationsManagerApi;
  /** The SDK's `files` module, for the link to each resume. */
  files: Pick<FilesModule, 'viewUrl'>;
  /** Applications per page. */
  pageSize?: number;
}

/**
 * The connected applications manager for employers and teachers: it lists the applications to the
 * viewer's postings and saves Accept / Reject decisions, confirming them with the spec's texts
 * ("Status updated successfully." and, for an acceptance, the reminder to e-mail the applicant).
 * @public
 */
export function ApplicationsManager({ applications, files, pageSize }: ApplicationsManagerProps) {
  useSignals();
  const [model] = useState(() => createApplicationsManagerModel());
  const [controller] = useState(() => createApplicationsManagerController(applications, model, pageSize));
  useEffect(() => {
    void controller.load();
    return controller.dispose;
  }, [controller]);
  return (
    <ApplicationsManagerView
      filter={model.filter.value}
      status={model.status.value}
      items={model.items.value}
      hasMore={model.nextCursor.value !== null}
      loadingMore={model.loadingMore.value}
      error={model.error.value}
      loadMoreError={model.loadMoreError.value}
      selected={model.selected.value}
      decision={model.decision.value}
      resumeUrl={(application) => files.viewUrl('resumes', application.resumeFileId)}
      onFilter={(filter) => void controller.setFilter(filter)}
      onSelect={controller.select}
      onDecide={(status) => void controller.decide(status)}
      onLoadMore={() => void controller.loadMore()}
      onRetry={() => void controller.load()}
    />
  );
}
