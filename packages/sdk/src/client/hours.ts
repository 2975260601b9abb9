import type { HoursActivityInput, ParentPart, ParentSignOffAnswer, ParentSignOffView } from '../domain/hours-activity.ts';
import type { HoursRuling } from '../domain/youth-rules.ts';
import {
  latestTodayAnywhere,
  validateBulkApproval,
  validateHoursReview,
  validateServiceHours,
  type ServiceHoursInput,
  type SupervisorDecision,
} from '../domain/service-hours.ts';
import type { Removed } from '../domain/wire/command-payloads.ts';
import type {
  ConfirmationDecisionBody,
  ConfirmationTokenBody,
  HoursConfirmationAnswer,
  HoursBulkApprovalAnswer,
  HoursBulkApprovalBody,
  HoursConfirmationView,
  HoursFile,
  HoursQueuePage,
  HoursReviewBody,
  HoursSummary,
  ServiceHoursEntry,
} from '../domain/wire/service-hours.ts';
import { HOURS_QUEUE_PAGE_MAX } from '../domain/service-hours.ts';
import { segment, type PortalContext } from './context.ts';
import { invalidInput } from './errors.ts';
import { pageSize, type Page, type PageRequest } from './pagination.ts';

/** A teacher's decision on an entry. @public */
export interface HoursReview {
  decision: 'approved' | 'partial' | 'declined';
  /** For `partial`: the hours that count, fewer than logged. */
  hours?: number | null;
  /** Required to decline or partially approve. */
  comment?: string | null;
}

/** A file the server generated, ready for a download link (`URL.createObjectURL(file.blob)`). @public */
export interface HoursDownload {
  fileName: string;
  blob: Blob;
}

/** Community involvement hours (issue 16). @public */
export interface HoursModule {
  /** A student logs hours; the supervisor is mailed a link. Answers the pending entry. */
  log(input: ServiceHoursInput): Promise<ServiceHoursEntry>;
  /** Corrects a pending entry (the supervisor's name and e-mail must stay the same). */
  edit(id: string, input: ServiceHoursInput): Promise<ServiceHoursEntry>;
  /** Withdraws a pending entry. */
  withdraw(id: string): Promise<Removed>;
  /**
   * Mails the supervisor a new link for a pending entry; the old link stops working. Counts towards
   * the daily limit of supervisor mails. Answers the entry (`supervisorMailOwed` false once mailed).
   */
  resend(id: string): Promise<ServiceHoursEntry>;
  /** The signed-in member's own entries, newest date first. */
  listMine(): Promise<ServiceHoursEntry[]>;
  /** Approved and pending hours, and the hours required. */
  summary(): Promise<HoursSummary>;
  /** The signed-in student's PDF record of approved hours. */
  recordPdf(): Promise<HoursDownload>;
  /** For the supervisor's page, no sign-in needed: the entry a mailed link vouches for. */
  confirmation(id: string, token: string): Promise<HoursConfirmationView>;
  /**
   * For the supervisor's page, no sign-in needed: confirm, or dispute with a `reason` (required, kept
   * on the entry for the student and their teachers); the link is spent.
   */
  decide(id: string, token: string, decision: SupervisorDecision, reason?: string): Promise<HoursConfirmationAnswer>;
  /**
   * Teachers: every entry awaiting a decision, confirmed first, then disputed, then unanswered (oldest
   * first within each), read page by page; a long queue takes a request per 100 entries, so a page that
   * shows it had better show {@link HoursModule.queuePage}'s first page while the rest loads.
   */
  queue(): Promise<ServiceHoursEntry[]>;
  /**
   * Teachers: one page of the entries awaiting a decision, in the queue's order (confirmed first, then
   * disputed, then unanswered; oldest first within each), at most 100; `total` counts the whole queue.
   * An entry decided meanwhile just leaves the queue: the next page still starts where this one ended.
   */
  queuePage(page?: PageRequest): Promise<Page<ServiceHoursEntry>>;
  /** Teachers: approve, partially approve or decline an entry. */
  review(id: string, review: HoursReview): Promise<ServiceHoursEntry>;
  /**
   * Teachers: approves several entries at their full hours in one call, at most
   * `HOURS_BULK_APPROVAL_MAX` (50; more is refused with `invalid-input` before anything is sent). Only
   * entries their supervisor confirmed are approved; each other id is skipped with its reason
   * (`already-reviewed`, `not-confirmed`, `not-found`, `own-entry`) and left as it was. Answers one
   * outcome per id, in the order given (an id given twice, once).
   */
  approveMany(ids: readonly string[]): Promise<HoursBulkApprovalAnswer>;
  /** Teachers: every student's totals as CSV. */
  exportCsv(): Promise<HoursDownload>;
  /**
   * What the youth-work rules say about an activity before it is logged (issue 26): whether the hours
   * count and why not, with each rule's source, and whether a parent signs; weighed on the server with
   * the student's age, which no client knows.
   */
  check(activity: HoursActivityInput & { date?: string }): Promise<HoursRuling>;
  /** For a parent's page, no sign-in needed: the entry their mailed link is for, and what is signed. */
  parentSignOff(id: string, token: string): Promise<ParentSignOffView>;
  /** For a parent's page, no sign-in needed: signs the planned-activity notice or the completion record with their typed name. */
  signAsParent(id: string, token: string, part: ParentPart, name: string): Promise<ParentSignOffAnswer>;
}

export function createHours(context: Pick<PortalContext, 'command' | 'viewer'>): HoursModule {
  /** Checks the form as the server will, with the student's own address, before anything is sent. */
  const checked = async (input: ServiceHoursInput): Promise<ServiceHoursInput> => {
    const viewer = await context.viewer();
    const validation = validateServiceHours(input, { today: latestTodayAnywhere(), studentEmail: viewer?.email ?? '' });
    if (!validation.ok) throw invalidInput(validation.errors);
    // The activity's fields go as given: the server weighs them with the student's age (issue 26).
    return { ...input, ...validation.value };
  };
  async function queuePage(page?: PageRequest): Promise<Page<ServiceHoursEntry>> {
    const query = new URLSearchParams({ limit: String(pageSize(page)) });
    if (page?.cursor) query.set('cursor', page.cursor);
    const answer = await context.command<HoursQueuePage>('GET', `/hours/queue?${query.toString()}`);
    return { items: answer.entries, total: answer.total, nextCursor: answer.nextCursor };
  }
  return {
    async log(input) {
      return context.command<ServiceHoursEntry>('POST', '/hours', await checked(input));
    },
    async edit(id, input) {
      return context.command<ServiceHoursEntry>('PUT', `/hours/${segment(id)}`, await checked(input));
    },
    withdraw: (id) => context.command<Removed>('DELETE', `/hours/${segment(id)}`),
    resend: (id) => context.command<ServiceHoursEntry>('POST', `/hours/${segment(id)}/resend`),
    listMine: () => context.command<ServiceHoursEntry[]>('GET', '/hours'),
    summary: () => context.command<HoursSummary>('GET', '/hours/summary'),
    recordPdf: async () => download(await context.command<HoursFile>('GET', '/hours/record.pdf')),
    confirmation: (id, token) =>
      context.command<HoursConfirmationView>('POST', `/hours/${segment(id)}/confirmation/view`, { token } satisfies ConfirmationTokenBody),
    decide: (id, token, decision, reason) =>
      context.command<HoursConfirmationAnswer>('POST', `/hours/${segment(id)}/confirmation`, {
        token,
        decision,
        ...(decision === 'disputed' ? { reason: reason ?? '' } : {}),
      } satisfies ConfirmationDecisionBody),
    queuePage,
    async queue() {
      const entries: ServiceHoursEntry[] = [];
      let cursor: string | null = null;
      do {
        const page: Page<ServiceHoursEntry> = await queuePage({ cursor, limit: HOURS_QUEUE_PAGE_MAX });
        entries.push(...page.items);
        cursor = page.nextCursor;
      } while (cursor);
      return entries;
    },
    check: (activity) => context.command<HoursRuling>('POST', '/hours/check', activity),
    parentSignOff: (id, token) => context.command<ParentSignOffView>('POST', `/hours/${segment(id)}/parent/view`, { token }),
    signAsParent: (id, token, part, name) =>
      context.command<ParentSignOffAnswer>('POST', `/hours/${segment(id)}/parent`, { token, part, name, isParent: true }),
    review(id, review) {
      // The logged hours are the server's to know; here only the shape of the decision is checked.
      const shape = validateHoursReview(review, Number.POSITIVE_INFINITY);
      if (!shape.ok) throw invalidInput(shape.errors);
      return context.command<ServiceHoursEntry>('POST', `/hours/${segment(id)}/review`, review satisfies HoursReviewBody);
    },
    async approveMany(ids) {
      const checked = validateBulkApproval({ ids, decision: 'approved' });
      if (!checked.ok) throw invalidInput(checked.errors);
      return context.command<HoursBulkApprovalAnswer>('POST', '/hours/review', {
        ids: checked.value.ids,
        decision: 'approved',
      } satisfies HoursBulkApprovalBody);
    },
    exportCsv: async () => download(await context.command<HoursFile>('GET', '/hours/export.csv')),
  };
}

function download(file: HoursFile): HoursDownload {
  const binary = atob(file.base64);
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return { fileName: file.fileName, blob: new Blob([bytes], { type: file.contentType }) };
}
