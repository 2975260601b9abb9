/**
 * The local backend keeps e-mail in a development outbox (`GET /v1/dev/outbox`) instead of sending
 * it. When the portal runs against it, the verification prompt says where the link is; against
 * Appwrite the route does not exist and the hint stays away.
 */
export function devOutboxUrl(endpoint: string, email: string): string {
  return `${endpoint}/dev/outbox?to=${encodeURIComponent(email)}`;
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
