/** One request's claim to be the latest: answers of a request that is no longer current are dropped. */
export interface RequestToken {
  /** True until a newer `begin()` or an `invalidate()` happens. */
  isCurrent(): boolean;
}

/**
 * Keeps a slow older answer from overwriting a newer one. A controller begins a request per load and
 * checks its token before showing the answer.
 */
export interface LatestRequest {
  /** Starts a request that supersedes every one begun before it. */
  begin(): RequestToken;
  /**
   * A token of the request now current, without superseding it: for work that follows the current
   * load (a next page, an action on what the load showed) and must be dropped with it.
   */
  current(): RequestToken;
  /**
   * Drops every request begun so far (the controller stopped). Not final: a controller that is
   * started again (React's strict mode mounts twice) begins new requests as usual.
   */
  invalidate(): void;
}

export function createLatestRequest(): LatestRequest {
  let generation = 0;
  const tokenOf = (mine: number): RequestToken => ({ isCurrent: () => mine === generation });
  return {
    begin: () => tokenOf(++generation),
    current: () => tokenOf(generation),
    invalidate: () => {
      generation++;
    },
  };
}
