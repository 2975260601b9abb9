// @vitest-environment happy-dom
import { describe, expect, it, vi } from 'vitest';
import { createElement, createRoot, jsx, useSyncExternalStore } from './react-on-preact.ts';

/** A store of one number, as `useSyncExternalStore` reads one. */
function aStore() {
  let value = 0;
  const listeners = new Set<() => void>();
  return {
    subscribe: (onChange: () => void) => {
      listeners.add(onChange);
      return () => void listeners.delete(onChange);
    },
    get: () => value,
    set(next: number) {
      value = next;
      for (const listener of listeners) listener();
    },
    listeners,
  };
}

describe('react-on-preact', () => {
  it('renders into a container until unmounted', () => {
    const container = document.createElement('div');
    const root = createRoot(container);
    root.render(jsx('p', { className: 'ok-note', children: 'Hello' }));
    expect(container.innerHTML).toBe('<p class="ok-note">Hello</p>');
    root.unmount();
    expect(container.innerHTML).toBe('');
  });

  it("calls a text field's onChange on every input, as React does, and a select's on change", () => {
    const container = document.createElement('div');
    const onText = vi.fn();
    const onChoice = vi.fn();
    createRoot(container).render(
      jsx('form', {
        children: [
          createElement('input', { type: 'search', onChange: onText }),
          createElement('select', { onChange: onChoice }, createElement('option', { value: 'Job' }, 'Job')),
        ],
      }),
    );
    const input = container.querySelector('input')!;
    input.value = 'bar';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(onText).toHaveBeenCalledTimes(1);
    container.querySelector('select')!.dispatchEvent(new Event('change', { bubbles: true }));
    expect(onChoice).toHaveBeenCalledTimes(1);
  });

  it("renders a store's snapshot and again when it changes, until unmounted", async () => {
    const store = aStore();
    const container = document.createElement('div');
    function Count() {
      return createElement('output', null, String(useSyncExternalStore(store.subscribe, store.get)));
    }
    const root = createRoot(container);
    root.render(createElement(Count, null));
    // Preact renders effects and updates a moment later: each step waits for what it reads.
    await vi.waitFor(() => expect(container.textContent).toBe('0'));
    await vi.waitFor(() => expect(store.listeners.size).toBe(1));
    store.set(3);
    await vi.waitFor(() => expect(container.textContent).toBe('3'));
    root.unmount();
    await vi.waitFor(() => expect(store.listeners.size).toBe(0));
  });
});
