import type { Job, PublicClient } from '@opportunity-kit/sdk/public';
import { useWidgetController, type WidgetController } from '../shared/widget-controller.ts';
import type { BoardActions, BoardState } from './board-model.ts';
import { BoardView } from './board-view.tsx';
import { applyUrl, type HeadingLevel } from './format.ts';

export interface BoardProps {
  /** Made by the element, which also opens linked postings through it; the board starts it while mounted. */
  controller: WidgetController<BoardState, BoardActions>;
  client: PublicClient;
  locations: readonly string[];
  portalUrl: string | undefined;
  /** A posting's own address on the school's page. */
  postingHref(job: Job): string;
  headingLevel?: HeadingLevel;
}

/** The connected board: runs the controller while mounted and renders its state. */
export function Board({ controller, client, locations, portalUrl, postingHref, headingLevel }: BoardProps) {
  const { state, actions } = useWidgetController(() => controller);
  return (
    <BoardView
      state={state}
      actions={actions}
      locations={locations}
      applyUrl={(job) => applyUrl(portalUrl, job.id)}
      imageUrl={(job) => client.imageUrl(job)}
      postingHref={postingHref}
      {...(headingLevel ? { headingLevel } : {})}
    />
  );
}
