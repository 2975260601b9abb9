import { AppwriteException } from 'appwrite';
import type { Role } from '../domain/constants.ts';
import { todayDateString } from '../domain/dates.ts';
import type { Job } from '../domain/entities.ts';
import { imageFileProblem, validatePosting, type PostingInput } from '../domain/validation.ts';
import type { AssignStudentBody, CreatePostingBody, ViewCounted } from '../domain/wire/command-payloads.ts';
import { BUCKETS, DATABASE_ID, TABLES } from '../domain/wire/ids.ts';
import { toJob } from '../domain/wire/rows.ts';
import { segment, type PortalContext, type ProgressHandler } from './context.ts';
import { guard, invalidInput, PortalError } from './errors.ts';
import { compareJobs, jobListingQueries, matchesJobFilter, type JobFilter } from './job-query.ts';
import { rowChannel, tableChannel, type LiveAction, type LiveErrorHandler, type Unsubscribe } from './live.ts';
import type { PortalRow } from './mapping.ts';
import { toPage, type Page, type PageRequest } from './pagination.ts';

/** A posting to create: the post-opportunity form's fields and an optional image. @public */
export interface NewPosting extends PostingInput {
  /** Image files only (jpg, jpeg, png, gif, webp), at most 10 MB. */
  image?: File | null | undefined;
}

/** A posting created, changed or removed while a listing is open. @public */
export interface JobChange {
  /** What happened to the posting. */
  action: LiveAction;
  /** The posting as it is now (for `delete`, as it was). */
  job: Job;
  /** Whether the posting belongs on the listing's filter (for `delete`: whether it did). */
  matches: boolean;
}

/**
 * Opportunities: the listing (filters, search, sort, cursor pagination, live updates) and the
 * commands on one posting. Lists and reads show only what the caller may read.
 * @public
 */
export interface JobsModule {
  /** One page of the listing for `filter`, as the filter panel defines it (see {@link JobFilter}). */
  list(filter?: JobFilter, page?: PageRequest): Promise<Page<Job>>;
  /** One posting, or null when it does not exist or the caller may not see it. */
  get(id: string): Promise<Job | null>;
  /**
   * Calls `onChange` for every posting created, changed or removed from now on that the caller may
   * read; feed each change to {@link applyJobChange} to keep the shown page fresh.
   */
  subscribe(filter: JobFilter, onChange: (change: JobChange) => void, onError?: LiveErrorHandler): Unsubscribe;
  /**
   * Follows one posting, for a page that shows it: calls `onChange` with the posting as it is once
   * the live subscription is open (read then, so a change made while it opened is not missed), and
   * again after each later change (a view counted, a student assigned, …); null when it is not
   * there, or once it is removed. Changes arrive in order, and one that arrives while that read runs
   * wins over the read's answer. The socket takes a moment to open (and a proxy may block it), so
   * show the posting from {@link JobsModule.get} meanwhile, letting a change that arrives while
   * `get` runs win over its answer too.
   */
  watch(id: string, onChange: (job: Job | null) => void, onError?: LiveErrorHandler): Unsubscribe;
  /**
   * Posts an opportunity (teachers and recruiters; private ones teachers only), uploading its image
   * first (reporting its progress). Form mistakes are `invalid-input` with `fields`; a role that may not
   * post is `not-allowed`.
   */
  create(input: NewPosting, options?: { onProgress?: ProgressHandler | undefined }): Promise<Job>;
  /** Removes a posting and its image (its creator or a teacher). */
  remove(id: string): Promise<void>;
  /** Assigns a student by e-mail (teachers only); an empty e-mail clears the assignment. */
  assign(id: string, studentEmail: string): Promise<Job>;
  /** Counts one view of a posting (a card opened from a listing); answers the new view count. */
  recordView(id: string): Promise<number>;
}

export function createJobs(context: PortalContext): JobsModule {
  const { tables } = context;

  async function get(id: string): Promise<Job | null> {
    try {
      return toJob(await tables.getRow<PortalRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: id }));
    } catch (thrown) {
      // The spec's "the result is empty" for a posting that is not there (or not readable).
      if (thrown instanceof AppwriteException && thrown.code === 404) return null;
      throw PortalError.from(thrown);
    }
  }

  return {
    async list(filter = {}, page) {
      const viewer = await context.viewer();
      const list = await guard(() =>
        tables.listRows<PortalRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, queries: jobListingQueries(filter, viewer, page) }),
      );
      return toPage(list, page, toJob);
    },

    get,

    subscribe(filter, onChange, onError) {
      const viewer = context.viewer().catch(() => null);
      return context.live.listen(
        tableChannel(TABLES.jobs),
        (action, row) => {
          // Every change waits for the same promise, so changes keep their order.
          void viewer.then((member) => {
            const job = toJob(row);
            const searchText = typeof row.searchText === 'string' ? row.searchText : null;
            onChange({ action, job, matches: matchesJobFilter({ ...job, searchText }, filter, member) });
          });
        },
        onError,
      );
    },

    watch(id, onChange, onError) {
      let stopped = false;
      // Whether a change arrived since the latest catch-up read began: that change is at least as new.
      let changed = false;
      // Appwrite reports only changes made after the server has the subscription, so reading once it
      // is on the socket catches one that landed while it opened (a view counted as the page opens).
      const catchUp = async () => {
        changed = false;
        try {
          const job = await get(id);
          if (!stopped && !changed) onChange(job);
        } catch (thrown) {
          if (!stopped) onError?.(PortalError.from(thrown));
        }
      };
      const unsubscribe = context.live.listen(
        rowChannel(TABLES.jobs, id),
        (action, row) => {
          changed = true;
          onChange(action === 'delete' ? null : toJob(row));
        },
        onError,
        () => void catchUp(),
      );
      return () => {
        stopped = true;
        return unsubscribe();
      };
    },

    async create(input, options = {}) {
      const { image, ...posting } = input;
      const check = (role: Role | undefined) => validatePosting(posting, { role, today: todayDateString() });
      let checked = check((await context.member()).role);
      // The role label arrives from the server after sign-up or verification: ask again before refusing.
      if (!checked.ok && (checked.errors.form || checked.errors.visible)) checked = check((await context.freshMember()).role);
      if (!checked.ok) {
        // Who may post, and who may post privately, are permissions rather than input mistakes (as on the server).
        const denied = checked.errors.form ?? checked.errors.visible;
        if (denied) throw new PortalError('not-allowed', denied);
        throw invalidInput(checked.errors);
      }
      const imageProblem = image ? imageFileProblem(image) : undefined;
      if (imageProblem) throw invalidInput({ image: imageProblem });
      const uploaded = image ? await context.upload(BUCKETS.jobImages, image, options.onProgress) : undefined;
      try {
        return await context.command<Job>('POST', '/jobs', { ...posting, imageFileId: uploaded?.$id ?? null } satisfies CreatePostingBody);
      } catch (thrown) {
        if (uploaded) await context.discard(BUCKETS.jobImages, uploaded.$id);
        throw thrown;
      }
    },

    async remove(id) {
      await context.command('DELETE', `/jobs/${segment(id)}`);
    },

    async assign(id, studentEmail) {
      return context.command<Job>('PUT', `/jobs/${segment(id)}/assignment`, { studentEmail } satisfies AssignStudentBody);
    },

    async recordView(id) {
      const answer = await context.command<ViewCounted>('POST', `/jobs/${segment(id)}/views`);
      return answer.viewCount;
    },
  };
}

/**
 * The listing page after a live change: a removed posting leaves it; a new or changed posting that
 * matches the filter takes its place in the listing's order, within the rows already loaded (or at
 * the end once the last page is loaded); one that no longer matches leaves it. `total` follows the
 * creates and removals, and `nextCursor` stays the last loaded posting.
 * @public
 */
export function applyJobChange(page: Page<Job>, change: JobChange, filter: JobFilter): Page<Job> {
  const items = page.items.filter((job) => job.id !== change.job.id);
  const wasListed = items.length < page.items.length;
  let total = page.total;
  if (change.action === 'delete') {
    if (wasListed || change.matches) total -= 1;
  } else if (change.matches) {
    const compare = compareJobs(filter);
    const at = items.findIndex((job) => compare(change.job, job) < 0);
    if (at >= 0) items.splice(at, 0, change.job);
    else if (page.nextCursor === null) items.push(change.job);
    if (change.action === 'create' && !wasListed) total += 1;
  } else if (wasListed) {
    total -= 1;
  }
  const last = items[items.length - 1];
  return { items, total: Math.max(0, total), nextCursor: page.nextCursor === null ? null : (last?.id ?? page.nextCursor) };
}
