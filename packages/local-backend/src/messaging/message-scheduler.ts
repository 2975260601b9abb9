import type { Clock } from '../clock.ts';
import type { MessageDelivery } from './message-delivery.ts';
import type { Messages } from './message-store.ts';

/** The longest the scheduler sleeps before it looks again, so a far-off time or a clock that jumped is seen within a minute. */
const MAX_SLEEP_MS = 60_000;

/**
 * Appwrite's message scheduler (`schedule-messages`), in process: a message with status `scheduled`
 * is sent once its `scheduledAt` has come. The plan is the messages table itself, so a message
 * changed back to a draft, rescheduled or deleted is simply no longer due; a message whose time
 * passed while the server was stopped is sent when it starts, as Appwrite's scheduler sends every
 * due schedule it finds. Messages a stopped server left `processing` are sent on start too.
 */
export class MessageScheduler {
  private cancelTimer: (() => void) | undefined;
  private running = false;

  constructor(
    private readonly messages: Messages,
    private readonly delivery: MessageDelivery,
    private readonly clock: Clock,
    private readonly log: (message: string) => void,
  ) {}

  start(): void {
    this.running = true;
    for (const message of this.messages.processing()) this.sendSafely(message.id);
    this.wake();
  }

  close(): void {
    this.running = false;
    this.cancelTimer?.();
    this.cancelTimer = undefined;
  }

  /** A message was scheduled, rescheduled, unscheduled or deleted: look at the plan again. */
  changed(): void {
    if (this.running) this.arm();
  }

  private wake(): void {
    this.cancelTimer = undefined;
    if (!this.running) return;
    const now = this.clock.now();
    for (const message of this.messages.scheduled()) {
      if (message.scheduledAt !== null && message.scheduledAt <= now) this.sendSafely(message.id);
    }
    this.arm();
  }

  private arm(): void {
    this.cancelTimer?.();
    this.cancelTimer = undefined;
    const next = this.messages.scheduled().find((message) => message.scheduledAt !== null);
    if (!next || next.scheduledAt === null) return;
    const delay = Math.min(Math.max(next.scheduledAt - this.clock.now(), 0), MAX_SLEEP_MS);
    this.cancelTimer = this.clock.setTimer(() => this.wake(), delay);
  }

  /** Sends one message; one that cannot be sent ends `failed` with the reason, so it is never retried in a loop. */
  private sendSafely(messageId: string): void {
    try {
      this.delivery.send(messageId);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.log(`[messaging] message ${messageId} could not be sent: ${reason}`);
      const message = this.messages.find(messageId);
      if (message) this.messages.update({ ...message, status: 'failed', deliveryErrors: [reason] });
    }
  }
}
