import { useCallback, useEffect, useState } from 'react';
import { PortalError } from '@opportunity-kit/sdk';

/** The failure's own message when the SDK gave one, else a plain sentence. */
export const messageOf = (error: unknown): string => (error instanceof PortalError ? error.message : 'Something went wrong. Please try again.');

export type Loaded<T> = { phase: 'loading' } | { phase: 'failed'; message: string } | { phase: 'ready'; value: T };

/**
 * Loads once on mount and again whenever `reload` is called (after a change the page made). The
 * last answer stays on screen while a reload runs, so a list does not blink away after each action.
 */
export function useLoaded<T>(load: () => Promise<T>): { state: Loaded<T>; reload: () => void } {
  const [state, setState] = useState<Loaded<T>>({ phase: 'loading' });
  const run = useCallback(async () => {
    try {
      setState({ phase: 'ready', value: await load() });
    } catch (error) {
      setState({ phase: 'failed', message: messageOf(error) });
    }
  }, [load]);
  useEffect(() => void run(), [run]);
  return { state, reload: () => void run() };
}
