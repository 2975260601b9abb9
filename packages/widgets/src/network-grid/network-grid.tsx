import { useEffect, useState } from 'react';
import { useSignals } from '@preact/signals-react/runtime';
import type { FilesModule } from '@opportunity-kit/sdk';
import { createNetworkGridController, type NetworkGridApi } from './network-grid-controller.ts';
import { createNetworkGridModel } from './network-grid-model.ts';
import { NetworkGridView, type NetworkGridViewProps } from './network-grid-view.tsx';

/** Props of {@link NetworkGrid}: the grid's links and heading, and the SDK. @public */
export interface NetworkGridProps extends Pick<NetworkGridViewProps, 'profileHref' | 'onOpen' | 'headingLevel'> {
  /** The SDK's `profiles` module (or anything with its `listPublic`). */
  profiles: NetworkGridApi;
  /** The SDK's `files` module, for the photos. */
  files: Pick<FilesModule, 'viewUrl'>;
  /** Profiles per page. */
  pageSize?: number;
}

/**
 * The connected network grid: public profiles by name, a page at a time.
 * @public
 */
export function NetworkGrid({ profiles, files, pageSize, ...view }: NetworkGridProps) {
  useSignals();
  const [model] = useState(createNetworkGridModel);
  const [controller] = useState(() => createNetworkGridController(profiles, model, pageSize));
  useEffect(() => {
    void controller.load();
    return controller.dispose;
  }, [controller]);
  return (
    <NetworkGridView
      {...view}
      status={model.status.value}
      profiles={model.items.value}
      hasMore={model.nextCursor.value !== null}
      loadingMore={model.loadingMore.value}
      error={model.error.value}
      loadMoreError={model.loadMoreError.value}
      photoUrl={(fileId) => files.viewUrl('profile-photos', fileId)}
      onLoadMore={() => void controller.loadMore()}
      onRetry={() => void controller.load()}
    />
  );
}
