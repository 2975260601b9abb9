import { expect } from 'vitest';
import type { E2eContext } from './global-setup.ts';

/** The daily digest (issue 17) as a journey reaches it: the development schedule tick and the outbox. */

export interface OutboxMessage {
  subject: string;
  text: string;
  links: string[];
}

/** Runs the `alerts` function's schedule now, as the daily cron would (the local backend's loopback-only route). */
export async function runDigestNow(portal: E2eContext): Promise<void> {
  const answer = await fetch(`${portal.url}/v1/dev/functions/alerts/schedule-tick`, { method: 'POST' });
  if (!answer.ok) throw new Error(`The schedule tick was refused: ${answer.status} ${await answer.text()}`);
}

/** The digest mailed to `email`, once the outbox holds one (every mail has an unsubscribe link since issue 24: the digest is the daily one). */
export async function digestMailTo(portal: E2eContext, email: string): Promise<OutboxMessage> {
  let digest: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const response = await fetch(`${portal.url}/v1/dev/outbox?to=${encodeURIComponent(email)}`);
      const { messages } = (await response.json()) as { messages: OutboxMessage[] };
      digest = messages.find((message) => message.subject.startsWith('Your daily digest'));
      return digest;
    })
    .toBeTruthy();
  return digest!;
}
