/**
 * Appwrite's queue names (`Event::*_QUEUE_NAME`) as the health endpoints name them, without the `v1-` prefix.
 * Here most of that work runs inside the request that causes it (mails, events, deletes), so those queues are
 * always empty; the modules that really defer work (function executions, builds) report their backlog.
 */
export const QUEUE_NAMES = [
  'database',
  'deletes',
  'audits',
  'mails',
  'functions',
  'stats-resources',
  'stats-usage',
  'webhooks',
  'certificates',
  'builds',
  'screenshots',
  'messaging',
  'migrations',
  'logs',
] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

/** What a queue holds: jobs still to run, and jobs that ran and failed for good. */
export interface QueueBacklog {
  size(): number;
  failed(): number;
}

const EMPTY: QueueBacklog = { size: () => 0, failed: () => 0 };

/** Where the modules that defer work tell how much is waiting, for `GET /v1/health/queue/*`. */
export class WorkQueues {
  private readonly backlogs = new Map<QueueName, QueueBacklog>();

  register(name: QueueName, backlog: QueueBacklog): void {
    this.backlogs.set(name, backlog);
  }

  backlog(name: QueueName): QueueBacklog {
    return this.backlogs.get(name) ?? EMPTY;
  }
}
