import { AppwriteException } from 'appwrite';
import type { Throwaway, World } from './permission-fixture.ts';
import type { Observer } from './permission-observer.ts';
import type { Actor } from './principals.ts';

/**
 * One case of the matrix, played: the principal's call, then what must be observable afterwards.
 * An allowed call must succeed and have its effect; a refused one must answer the expected refusal
 * and leave the resource exactly as the snapshot taken before the phase. The observer (API key)
 * only looks.
 */

export type Outcome<T = unknown> = { ok: true; value: T } | { ok: false; refusal: string };

export async function outcome<T>(promise: Promise<T>): Promise<Outcome<T>> {
  try {
    return { ok: true, value: await promise };
  } catch (error) {
    if (error instanceof AppwriteException) return { ok: false, refusal: `${error.code} ${error.type}` };
    throw error;
  }
}

export interface CaseContext {
  world: World;
  observer: Observer;
  actor: Actor;
  /** The copy an allowed change runs on; undefined for every other case. */
  throwaway: Throwaway | undefined;
}

/** What a played case must show: its effect when allowed, an untouched resource when refused. */
export interface Played {
  result: Outcome;
  allowed: () => Promise<void>;
  unchanged: () => Promise<void>;
}
