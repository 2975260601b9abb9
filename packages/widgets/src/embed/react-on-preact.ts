import { createElement, Fragment, options, render, type ComponentChild, type ComponentType, type Key, type VNode } from 'preact';
import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState } from 'preact/hooks';

/**
 * The part of React's API the embed's views use, on Preact alone: the embed build points `react`, its
 * JSX runtime and `react-dom/client` here, so the script carries neither React nor `preact/compat`
 * (the rest of React's API, and its translation of events, classes and props the views do not need).
 * The views stay ordinary React components, tested and shown in Storybook with React.
 */

export { createElement, Fragment, useCallback, useEffect, useId, useRef, useState };

/** `createRoot` of `react-dom/client`: renders into `container` until unmounted. */
export function createRoot(container: Element): { render(children: ComponentChild): void; unmount(): void } {
  return {
    render: (children) => render(children, container),
    unmount: () => render(null, container),
  };
}

/**
 * React's `onChange` of a text field fires on every keystroke, the DOM's `change` only when the field
 * is left: the one difference between the two the views rely on (the search field searches as the
 * visitor types). Check boxes, radio buttons, files and selects keep `change`.
 */
const previousVnodeHook = options.vnode;
options.vnode = (vnode: VNode<Record<string, unknown>>) => {
  const props = vnode.props;
  if ((vnode.type === 'input' || vnode.type === 'textarea') && props.onChange && !/fil|che|rad/.test(String(props.type))) {
    props.onInput = props.onChange;
    delete props.onChange;
  }
  previousVnodeHook?.(vnode);
};

/**
 * React's `useSyncExternalStore` (after the one in `preact/compat`): renders with the store's snapshot
 * and re-renders when a change makes it differ, including a change between the render and the subscription.
 */
export function useSyncExternalStore<T>(subscribe: (onChange: () => void) => () => void, getSnapshot: () => T): T {
  const value = getSnapshot();
  // One store for the component's life; a new wrapper object is what makes Preact render again.
  const [{ store }, rerender] = useState(() => ({ store: { value, getSnapshot } }));
  useLayoutEffect(() => {
    store.value = value;
    store.getSnapshot = getSnapshot;
    if (changed(store)) rerender({ store });
  }, [store, subscribe, value, getSnapshot]);
  useEffect(() => {
    const check = () => {
      if (changed(store)) rerender({ store });
    };
    check();
    return subscribe(check);
  }, [store, subscribe]);
  return value;
}

const changed = <T>(store: { value: T; getSnapshot(): T }) => !Object.is(store.value, store.getSnapshot());

/** The automatic JSX runtime's `jsx` and `jsxs`, on `createElement` (which the script has anyway). */
export function jsx(type: string | ComponentType, props: Record<string, unknown>, key?: Key): VNode {
  return createElement(type, key === undefined ? props : { ...props, key });
}
export { jsx as jsxs };
