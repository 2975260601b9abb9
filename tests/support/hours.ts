import type { ServiceHoursInput } from '@opportunity-kit/sdk';
import type { TestBackend } from './backend.ts';

/**
 * Community involvement hours in tests: a valid entry, and the supervisor's mails as they read them
 * in their mailbox (the development outbox, newest first).
 */

/** A calendar day `days` before today, as the form and the commands take it. */
export const daysAgo = (days: number): string => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10);

let entries = 0;
/** A valid entry with a supervisor address of its own, so a test reads only its own mails. */
export function anHoursEntry(overrides: Partial<ServiceHoursInput> = {}): ServiceHoursInput {
  entries += 1;
  return {
    organisation: 'Riverside Food Bank',
    activity: 'Sorted donations and packed hampers.',
    date: daysAgo(30),
    hours: 2,
    supervisorName: 'Dana Lee',
    supervisorEmail: `dana${entries}.${Date.now().toString(36)}@foodbank.example`,
    reflection: null,
    ...overrides,
  };
}

export interface SupervisorMail {
  subject: string;
  text: string;
  /** The entry id and the token of the mail's confirmation link (a parent's signing link, in a parent's mail). */
  entryId: string;
  token: string;
}

/** Every mail sent to `address`, newest first. */
export async function supervisorMails(backend: TestBackend, address: string): Promise<SupervisorMail[]> {
  const response = await fetch(`${backend.endpoint}/dev/outbox?to=${encodeURIComponent(address)}`);
  const { messages } = (await response.json()) as { messages: Array<{ subject: string; text: string; links: string[] }> };
  return messages.map((message) => {
    const link = new URL(
      message.links.find((candidate) => candidate.includes('/hours/confirm/') || candidate.includes('/hours/parent/')) ?? 'http://invalid.example/',
    );
    return { subject: message.subject, text: message.text, entryId: link.pathname.split('/').at(-1) ?? '', token: link.searchParams.get('token') ?? '' };
  });
}

/** The newest mail to `address`; fails when there is none. */
export async function newestMail(backend: TestBackend, address: string): Promise<SupervisorMail> {
  const [newest] = await supervisorMails(backend, address);
  if (!newest) throw new Error(`no mail to ${address}`);
  return newest;
}
