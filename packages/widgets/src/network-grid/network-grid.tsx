import type { FilesModule } from '@opportunity-kit/sdk';
import { useWidgetController, type WidgetBinding } from '../shared/widget-controller.ts';
import { createNetworkGridController, type NetworkGridApi } from './network-grid-controller.ts';
import { createNetworkGridModel, type NetworkGridActions, type NetworkGridState } from './network-grid-model.ts';
import { NetworkGridView, type NetworkGridViewProps } from './network-grid-view.tsx';

/** Options of {@link useNetworkGrid}: the SDK, and the page size. @public */
export interface NetworkGridOptions {
  /** The SDK's `profiles` module (or anything with its `listPublic`). */
  profiles: NetworkGridApi;
  /** Profiles per page (24 by default). */
  pageSize?: number;
}

/** Props of {@link NetworkGrid}: the SDK, and the grid's links and heading. @public */
export interface NetworkGridProps extends NetworkGridOptions, Pick<NetworkGridViewProps, 'profileHref' | 'onOpen' | 'headingLevel'> {
  /** The SDK's `files` module, for the photos. */
  files: Pick<FilesModule, 'viewUrl'>;
}

/**
 * The network grid without its markup: the public profiles by name, a page at a time, for a view of
 * your own. The options are read once.
 * @public
 */
export function useNetworkGrid(options: NetworkGridOptions): WidgetBinding<NetworkGridState, NetworkGridActions> {
  return useWidgetController(() => createNetworkGridController(options.profiles, createNetworkGridModel(), options.pageSize));
}

/**
 * The connected network grid: public profiles by name, a page at a time.
 * @public
 */
export function NetworkGrid(props: NetworkGridProps) {
  const { state, actions } = useNetworkGrid(props);
  const { files } = props;
  return (
    <NetworkGridView
      state={state}
      actions={actions}
      photoUrl={(fileId) => files.viewUrl('profile-photos', fileId)}
      profileHref={props.profileHref}
      onOpen={props.onOpen}
      headingLevel={props.headingLevel}
    />
  );
}
