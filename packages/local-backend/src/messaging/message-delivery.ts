import type { Services } from '../services.ts';
import type { MessageRecord, Messages } from './message-store.ts';
import type { Providers } from './provider-store.ts';
import type { TargetRecord, Targets } from './target-store.ts';
import type { Topics } from './topic-store.ts';

export interface DeliveryDeps {
  messages: Messages;
  targets: Targets;
  topics: Topics;
  providers: Providers;
  outbox: Services['outbox'];
  log: (message: string) => void;
  now: () => number;
}

/**
 * Appwrite's messaging worker, in process: resolves a message's recipients (its topics' subscribers,
 * its users' targets and its targets, of the message's provider type, each address once) and
 * "sends" it, then records the outcome on the message (`sent` or `failed`, `deliveredTotal`,
 * `deliveredAt`, `deliveryErrors`), as the worker does.
 *
 * Nothing leaves the machine. E-mail goes to the development outbox through the project's enabled
 * e-mail provider; a project that has no e-mail provider at all has the outbox as its implicit one,
 * so development needs no Messaging setup, while a project whose e-mail providers are all disabled
 * fails the message as Appwrite does ("No enabled provider found."). SMS and push need an enabled
 * provider of their type, as on Appwrite, and are written to the server log instead of being sent.
 */
export class MessageDelivery {
  constructor(private readonly deps: DeliveryDeps) {}

  /** Sends a message now; a message already sent or failed is left alone (the worker's idempotency guard). */
  send(messageId: string): MessageRecord | undefined {
    const { messages } = this.deps;
    const message = messages.find(messageId);
    if (!message || message.status === 'sent' || message.status === 'failed') return message;

    const provider = this.deps.providers.firstEnabled(message.providerType);
    const implicitOutbox = !provider && message.providerType === 'email' && !this.deps.providers.anyOfType('email');
    if (!provider && !implicitOutbox) return messages.update({ ...message, status: 'failed', deliveryErrors: ['No enabled provider found.'] });

    const recipients = this.recipients(message);
    if (recipients.length === 0) return messages.update({ ...message, status: 'failed', deliveryErrors: ['No valid recipients found.'] });

    for (const recipient of recipients) this.deliver(message, recipient);
    if (message.providerType === 'email') {
      // Copies go out too; like the worker, only the `to` recipients are counted as delivered.
      for (const copy of this.copies(message, recipients)) this.deliver(message, copy);
    }
    return messages.update({
      ...message,
      status: 'sent',
      deliveredTotal: recipients.length,
      deliveredAt: this.deps.now(),
      deliveryErrors: [],
    });
  }

  /** The identifiers the message reaches, each once, in Appwrite's order: topics, then users, then targets. */
  private recipients(message: MessageRecord): string[] {
    const { targets, topics } = this.deps;
    const type = message.providerType;
    const reached: TargetRecord[] = [
      ...targets.byIds(topics.subscribedTargets(message.topics, type), type),
      ...targets.ofUsers(message.users, type),
      ...targets.byIds(message.targets, type),
    ];
    return [...new Set(reached.map((target) => target.identifier))];
  }

  private copies(message: MessageRecord, recipients: readonly string[]): string[] {
    const ids = [...stringList(message.data.cc), ...stringList(message.data.bcc)];
    const addresses = this.deps.targets.byIds(ids, 'email').map((target) => target.identifier);
    return [...new Set(addresses)].filter((address) => !recipients.includes(address));
  }

  private deliver(message: MessageRecord, identifier: string): void {
    const data = message.data;
    if (message.providerType === 'email') {
      this.deps.outbox.send({ to: identifier, subject: text(data.subject), text: text(data.content) });
    } else if (message.providerType === 'sms') {
      this.deps.log(`[messaging] SMS to ${identifier}: ${text(data.content)}`);
    } else {
      this.deps.log(`[messaging] push to ${identifier}: ${text(data.title)} ${text(data.body)}`.trimEnd());
    }
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : '';
}

function stringList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}
