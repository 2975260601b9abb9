import { Functions, Query } from 'node-appwrite';
import { adminClient, type TestBackend } from './backend.ts';

/**
 * Waits until every run of the `alerts` function (event-triggered and scheduled, asynchronous) has
 * finished, so a test can assert that something was NOT notified: after this, nothing more comes.
 */
export async function alertsSettled(backend: TestBackend, timeoutMs = 20_000): Promise<void> {
  await runsSettled(backend, 'alerts', 0, timeoutMs);
}

/**
 * Waits until the function has run at least `atLeast` times in all and every run has finished: what an
 * event (a membership, a sign-up) set off has then happened, and nothing of it comes later.
 */
export async function runsSettled(backend: TestBackend, functionId: string, atLeast: number, timeoutMs = 20_000): Promise<void> {
  const functions = new Functions(adminClient(backend));
  for (const deadline = Date.now() + timeoutMs; ; await new Promise((resolve) => setTimeout(resolve, 50))) {
    const { executions, total } = await functions.listExecutions({ functionId, queries: [Query.limit(100), Query.orderDesc('$createdAt')] });
    const running = executions.filter((execution) => execution.status !== 'completed' && execution.status !== 'failed');
    if (running.length === 0 && total >= atLeast) return;
    if (Date.now() > deadline)
      throw new Error(`${functionId} runs did not finish: ${total} of ${atLeast}, ${running.map((execution) => execution.status).join(', ')}`);
  }
}

/** How many times the function has run so far. */
export async function runCount(backend: TestBackend, functionId: string): Promise<number> {
  return (await new Functions(adminClient(backend)).listExecutions({ functionId, queries: [Query.limit(1)] })).total;
}

/** Runs the `alerts` function's schedule now (the local backend's development route), then waits for the run to finish. */
export async function tickDigest(backend: TestBackend): Promise<void> {
  const answer = await fetch(`${backend.endpoint}/dev/functions/alerts/schedule-tick`, { method: 'POST' });
  if (!answer.ok) throw new Error(`schedule tick refused: ${answer.status} ${await answer.text()}`);
  await alertsSettled(backend);
}

/** The development outbox's messages to one address. */
export async function mailsTo(backend: TestBackend, address: string): Promise<Array<{ subject: string; text: string; links: string[] }>> {
  const answer = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(address)}`);
  return ((await answer.json()) as { messages: Array<{ subject: string; text: string; links: string[] }> }).messages;
}
