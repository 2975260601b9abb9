import { useSignals } from '@preact/signals-react/runtime';
import type { PublicClient } from '@opportunity-kit/sdk/public';
import type { BoardController } from './board-controller.ts';
import type { BoardModel } from './board-model.ts';
import { BoardView } from './board-view.tsx';
import { applyUrl } from './format.ts';

export interface BoardProps {
  model: BoardModel;
  controller: BoardController;
  client: PublicClient;
  locations: readonly string[];
  portalUrl: string | undefined;
}

/** The connected board: reads the model's signals and hands the view plain values and the controller's actions. */
export function Board({ model, controller, client, locations, portalUrl }: BoardProps) {
  useSignals();
  return (
    <BoardView
      filters={model.filters.value}
      locations={locations}
      status={model.status.value}
      jobs={model.jobs.value}
      total={model.total.value}
      hasMore={model.nextCursor.value !== null}
      loadingMore={model.loadingMore.value}
      error={model.error.value}
      loadMoreError={model.loadMoreError.value}
      detail={model.detail.value}
      applyUrl={(job) => applyUrl(portalUrl, job.id)}
      imageUrl={(job) => client.imageUrl(job)}
      onSearchInput={controller.typeSearch}
      onApply={controller.applyFilters}
      onLoadMore={controller.loadMore}
      onRetry={controller.load}
      onOpen={controller.open}
      onClose={controller.close}
    />
  );
}
