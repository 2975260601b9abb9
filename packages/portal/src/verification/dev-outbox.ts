/**
 * The local backend keeps e-mail in a development outbox (`GET /v1/dev/outbox`) instead of sending
 * it. When the portal runs against it, the verification prompt says where the link is; against
 * Appwrite the route does not exist and the hint stays away.
 */
export function devOutboxUrl(endpoint: string, email: string): string {
  return `${endpoint}/dev/outbox?to=${encodeURIComponent(email)}`;
}

const LOOPBACK_HOSTS = new Set(['localhost', '[::1]']);

/**
 * False when the endpoint cannot have an outbox that answers this browser: the local backend's
 * development surfaces answer loopback addresses only. Known before any request, so the notice can
 * keep the hint's place from its first paint.
 */
export function mayHaveDevOutbox(endpoint: string): boolean {
  try {
    const { hostname } = new URL(endpoint);
    return LOOPBACK_HOSTS.has(hostname) || hostname.startsWith('127.');
  } catch {
    return false;
  }
}

/** True when the endpoint has a development outbox. */
export async function hasDevOutbox(endpoint: string, email: string): Promise<boolean> {
  try {
    const response = await fetch(devOutboxUrl(endpoint, email), { credentials: 'omit' });
    if (!response.ok) return false;
    const body = (await response.json()) as { messages?: unknown };
    return Array.isArray(body.messages);
  } catch {
    return false;
  }
}
