import { uniqueId } from '../http/params.ts';
import { formatDate } from '../models/time.ts';
import type { Store } from '../store/store.ts';

/** One message the server "sent", as the development outbox lists it. */
export interface OutboxMessage {
  id: string;
  to: string;
  subject: string;
  text: string;
  /** Every link in the message, in order, so a test or a person can follow it without parsing the text. */
  links: string[];
  createdAt: string;
}

interface MessageRow {
  id: string;
  recipient: string;
  subject: string;
  text: string;
  links: string;
  created_at: number;
}

const LINK = /https?:\/\/[^\s<>"]+/g;
// A link that ends a sentence should not take the full stop with it.
const TRAILING_PUNCTUATION = /[.,;:!?)]+$/;

/**
 * The local backend never talks to an SMTP server: every e-mail (verification, and later recovery or
 * invitations) lands here instead, is kept in SQLite across restarts, printed to the server log and
 * listed at `GET /v1/dev/outbox`, so sign-up flows can be completed on an offline machine.
 */
export class Outbox {
  constructor(
    private readonly store: Store,
    private readonly log: (message: string) => void,
  ) {
    store.migrate(`
      CREATE TABLE IF NOT EXISTS _outbox_messages (
        seq INTEGER PRIMARY KEY AUTOINCREMENT,
        id TEXT NOT NULL UNIQUE, recipient TEXT NOT NULL, subject TEXT NOT NULL, text TEXT NOT NULL,
        links TEXT NOT NULL, created_at INTEGER NOT NULL
      );
      CREATE INDEX IF NOT EXISTS _outbox_messages_recipient ON _outbox_messages(recipient);
    `);
  }

  /** Stores and prints a message; `links` defaults to the URLs found in `text`. */
  send(input: { to: string; subject: string; text: string; links?: string[] }): OutboxMessage {
    const message: OutboxMessage = {
      id: uniqueId(),
      to: input.to.toLowerCase(),
      subject: input.subject,
      text: input.text,
      links: input.links ?? [...input.text.matchAll(LINK)].map((match) => match[0].replace(TRAILING_PUNCTUATION, '')),
      createdAt: formatDate(Date.now()),
    };
    this.store.db
      .prepare('INSERT INTO _outbox_messages (id, recipient, subject, text, links, created_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(message.id, message.to, message.subject, message.text, JSON.stringify(message.links), Date.parse(message.createdAt));
    this.log(printable(message));
    return message;
  }

  /** Newest first, optionally only the messages sent to one address. */
  list(filter: { to?: string } = {}): { total: number; messages: OutboxMessage[] } {
    const rows = (
      filter.to
        ? this.store.db.prepare('SELECT * FROM _outbox_messages WHERE recipient = ? ORDER BY seq DESC').all(filter.to.toLowerCase())
        : this.store.db.prepare('SELECT * FROM _outbox_messages ORDER BY seq DESC').all()
    ) as MessageRow[];
    return { total: rows.length, messages: rows.map(toMessage) };
  }
}

function toMessage(row: MessageRow): OutboxMessage {
  return {
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    links: JSON.parse(row.links) as string[],
    createdAt: formatDate(row.created_at),
  };
}

function printable(message: OutboxMessage): string {
  const lines = [`──── outbox: mail to ${message.to} ────`, `Subject: ${message.subject}`, ...message.links.map((link) => `Link:    ${link}`), '────'];
  return lines.join('\n');
}
