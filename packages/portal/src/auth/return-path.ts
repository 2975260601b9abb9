/**
 * Where to go after signing in: the signed-in page a visitor first asked for, carried in router
 * state or in the `next` query of the federated success URL. Only paths of this app are accepted,
 * so a crafted link cannot send someone to another site after they sign in.
 */
export function returnPath(candidate: unknown, fallback = '/landing'): string {
  if (typeof candidate !== 'string') return fallback;
  if (!candidate.startsWith('/') || candidate.startsWith('//') || candidate.startsWith('/\\')) return fallback;
  return candidate;
}

/** Router state that carries the page to return to. */
export interface ReturnState {
  from?: string;
}

export function fromState(state: unknown): string | undefined {
  const from = (state as ReturnState | null)?.from;
  return typeof from === 'string' ? from : undefined;
}
