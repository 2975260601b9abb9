import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import { createMyApplicationsController, type MyApplicationsApi } from './my-applications-controller.ts';
import { createMyApplicationsModel } from './my-applications-model.ts';
import { MyApplicationsView, type MyApplicationsViewProps } from './my-applications-view.tsx';

/** Props of {@link MyApplications}: the list's links, and the SDK. @public */
export interface MyApplicationsProps extends Pick<MyApplicationsViewProps, 'jobHref' | 'onOpenJob'> {
  /** The SDK's `applications` module (or anything with its `listMine`). */
  applications: MyApplicationsApi;
  /** Applications per page. */
  pageSize?: number;
}

/**
 * The connected list of the signed-in student's applications, newest first, each with its outcome.
 * @public
 */
export function MyApplications({ applications, pageSize, ...links }: MyApplicationsProps) {
  useSignals();
  const [model] = useState(createMyApplicationsModel);
  const [controller] = useState(() => createMyApplicationsController(applications, model, pageSize));
  useEffect(() => {
    void controller.load();
    return controller.dispose;
  }, [controller]);
  return (
    <MyApplicationsView
      {...links}
      status={model.status.value}
      items={model.items.value}
      hasMore={model.nextCursor.value !== null}
      loadingMore={model.loadingMore.value}
      error={model.error.value}
      loadMoreError={model.loadMoreError.value}
      onLoadMore={() => void controller.loadMore()}
      onRetry={() => void controller.load()}
    />
  );
}
