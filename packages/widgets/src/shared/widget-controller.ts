import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { ReadonlySignal } from '@preact/signals-react';

/** Ends what a controller's `start` began: live subscriptions, timers, answers still on their way. */
export type Stop = () => void;

/**
 * What every headless hook returns and every widget view takes: `state` is what the widget knows
 * now, `actions` what a person can ask of it. A custom view built on a hook renders the same pair.
 * @public
 */
export interface WidgetBinding<State, Actions> {
  /** A snapshot: a new object when anything in it changed, the same object otherwise. */
  readonly state: State;
  /** Stable for the widget's life, so they can be passed down without re-rendering children. */
  readonly actions: Actions;
}

/**
 * The one lifecycle of every widget controller. `start` runs when the widget mounts: it loads and
 * follows live changes. The returned `Stop` runs when it unmounts and drops every answer still on
 * its way. A stopped controller may be started again (React's strict mode mounts twice).
 */
export interface WidgetController<State, Actions> {
  /** The view's state, recomputed from the controller's signals when one of them changes. */
  readonly state: ReadonlySignal<State>;
  readonly actions: Actions;
  start(): Stop;
}

/**
 * Runs a controller for as long as the calling component is mounted and re-renders it on each new
 * state. `create` runs once: a widget that needs a fresh controller for new inputs is given a new
 * React `key` by its caller. The state is read through `useSyncExternalStore`, so a host app needs
 * nothing of the signals library for the hooks to render.
 */
export function useWidgetController<State, Actions>(create: () => WidgetController<State, Actions>): WidgetBinding<State, Actions> {
  const [controller] = useState(create);
  useEffect(() => controller.start(), [controller]);
  const subscribe = useCallback((onChange: () => void) => controller.state.subscribe(onChange), [controller]);
  const state = useSyncExternalStore(subscribe, () => controller.state.value);
  return { state, actions: controller.actions };
}
