/**
 * Where a widget's data stands: `loading` it, `ready` to show it, or `error` when it could not load.
 * Every widget whose status is only this says `LoadStatus`; a widget with more states (an `idle` before
 * it asks, a session's phases) builds its own union, on this one where it shares these three.
 * @public
 */
export type LoadStatus = 'loading' | 'ready' | 'error';
