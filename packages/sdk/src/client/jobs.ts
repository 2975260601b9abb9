import { AppwriteException, Query } from 'appwrite';
import type { PostingState, Role } from '../domain/constants.ts';
import { todayDateString } from '../domain/dates.ts';
import type { Job } from '../domain/entities.ts';
import { MESSAGES } from '../domain/messages.ts';
import { imageFileProblem, POSTING_DATE_FIELDS, validatePosting, type PostingDateField, type PostingInput, type ValidPosting } from '../domain/validation.ts';
import type {
  AssignableStudent,
  AssignableStudentsBody,
  AssignStudentBody,
  CreatePostingBody,
  EditPostingBody,
  SetPostingStateBody,
  ViewCounted,
} from '../domain/wire/command-payloads.ts';
import { DATABASE_ID, TABLES } from '../domain/wire/ids.ts';
import { toJob, withAssignment } from '../domain/wire/rows.ts';
import { segment, type PortalContext, type ProgressHandler } from './context.ts';
import { guard, invalidInput, PortalError } from './errors.ts';
import { rankBySearch } from '../domain/search-ranking.ts';
import { suggestSearch } from '../domain/search-suggestion.ts';
import { matchesJobFilter, searchWords, type JobChange, type JobFilter } from './job-listing.ts';
import { jobFilterQueries, jobListingQueries, jobOrderQueries } from './job-query.ts';
import { rowChannel, tableChannel, type LiveAction, type LiveErrorHandler, type Unsubscribe } from './live.ts';
import type { PortalRow } from './mapping.ts';
import { withAssignmentOf, withAssignmentsOf } from './job-assignments.ts';
import { pageQueries, pageSize, toPage, type Page, type PageRequest } from './pagination.ts';
import type { BoardRules, BoardRulesAnswer, OpenToMeAnswer } from '../domain/youth-rules.ts';

/** How many more pages "Open to me" reads to fill a page its rules thinned. */
const MAX_EXTRA_READS = 3;

/** A posting to create: the post-opportunity form's fields and an optional image. @public */
export interface NewPosting extends PostingInput {
  /** Image files only (jpg, jpeg, png, gif, webp), at most 10 MB. */
  image?: File | null | undefined;
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
   * For the signed-in student, whether their age lets them take each of these postings, from which age
   * and why (issue 26); postings they may not open, and anyone but a student, get no answer.
   */
  openToMe(ids: readonly string[]): Promise<OpenToMeAnswer['postings']>;
  /**
   * For a search that found nothing: the search with its words corrected to words of the postings
   * the caller may see on that listing ("cashr" → "cashier"), or null when none is close. Reads only
   * the search text of the newest postings the listing's rules show, so ask it only after an empty
   * answer of {@link JobsModule.list}.
   */
  suggestSearch(filter: JobFilter): Promise<string | null>;
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
  /**
   * Changes a posting's fields (its creator or a teacher), under the rules of posting it; a date kept
   * as it was may lie in the past. The image, assignment and state stay. Form mistakes are
   * `invalid-input` with `fields`; anyone else is `not-allowed`.
   */
  edit(id: string, input: PostingInput): Promise<Job>;
  /**
   * Closes a posting, marks it filled, or reopens it (`open`), for its creator or a teacher. A closed
   * or filled posting leaves the students' listings and takes no applications; those it has stay.
   */
  setState(id: string, state: PostingState): Promise<Job>;
  /**
   * The postings a teacher assigned to the signed-in student, most recently assigned first, with
   * the assignment filled in (listings leave assigned postings out for students).
   */
  listAssignedToMe(page?: PageRequest): Promise<Page<Job>>;
  /** Removes a posting and its image (its creator or a teacher); its applications stay, marked `postingRemoved`. */
  remove(id: string): Promise<void>;
  /** Assigns a student by e-mail (teachers only); an empty e-mail clears the assignment. */
  assign(id: string, studentEmail: string): Promise<Job>;
  /**
   * Teachers: the students they may assign to the posting whose name or e-mail contains `search`
   * (their own schools' students only; at most 20, by name). An empty search answers none.
   */
  assignableStudents(id: string, search: string): Promise<AssignableStudent[]>;
  /** Counts one view of a posting (a card opened from a listing); answers the new view count. */
  recordView(id: string): Promise<number>;
}

/** How many of the newest postings a search correction reads the words of: enough for a school's listing, cheap on a phone. */
const SUGGESTION_SAMPLE = 100;

export function createJobs(context: PortalContext): JobsModule {
  const { tables } = context;

  /** The posting with its student, for a member who may see who it is (no request for a guest, who may not). */
  async function withStudent(job: Job): Promise<Job> {
    return job.assigned && (await context.viewer().catch(() => null)) ? withAssignmentOf(tables, job) : job;
  }

  async function get(id: string): Promise<Job | null> {
    let job: Job;
    try {
      job = toJob(await tables.getRow<PortalRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, rowId: id }));
    } catch (thrown) {
      // The spec's "the result is empty" for a posting that is not there (or not readable).
      if (thrown instanceof AppwriteException && thrown.code === 404) return null;
      throw PortalError.from(thrown);
    }
    return withStudent(job);
  }

  /**
   * A student's page of a listing with the youth-work rules' answer on each posting (issue 26): those
   * their age bars carry `ageRuling`, and "Open to me" (every listing, unless `allAges`) leaves them out,
   * reading on (a few pages at most) so that a page is not left nearly empty. Without an answer from the
   * server the page shows as read: applying still asks the same rule.
   */
  async function openToStudent(
    readPage: (page: PageRequest | undefined) => Promise<Page<Job>>,
    filter: JobFilter,
    page: PageRequest | undefined,
  ): Promise<Page<Job>> {
    const wanted = pageSize(page);
    let request = page;
    const shown: Job[] = [];
    let left = 0;
    for (let read = 0; ; read += 1) {
      const found = await readPage(request);
      const rulings = await openToMe(found.items.map((job) => job.id)).catch(() => ({}) as OpenToMeAnswer['postings']);
      for (const job of found.items) {
        const ruling = rulings[job.id];
        const barred = ruling && !ruling.mayTake ? { ageRuling: { fromAge: ruling.fromAge, message: ruling.message ?? '' } } : {};
        if (filter.allAges || !('ageRuling' in barred)) shown.push({ ...job, ...barred });
        else left += 1;
      }
      if (filter.allAges || shown.length >= wanted || !found.nextCursor || read >= MAX_EXTRA_READS) {
        return { items: shown, total: Math.max(shown.length, found.total - left), nextCursor: found.nextCursor };
      }
      request = { ...page, cursor: found.nextCursor };
    }
  }

  async function openToMe(ids: readonly string[]): Promise<OpenToMeAnswer['postings']> {
    return ids.length === 0 ? {} : (await context.command<OpenToMeAnswer>('POST', '/jobs/open-to-me', { ids: [...ids] })).postings;
  }

  let boardRules: Promise<BoardRules> | undefined;
  /** The board's youth-work rules, read once (a failed read is asked again next time). */
  function rulesOfBoard(): Promise<BoardRules> {
    boardRules ??= context.command<BoardRulesAnswer>('GET', '/rules').then(
      (answer) => answer.rules,
      (thrown: unknown) => {
        boardRules = undefined;
        throw thrown;
      },
    );
    return boardRules;
  }

  /** The form checked as the server will check it; the role label may arrive late, so ask again before refusing. */
  async function checkedPosting(posting: PostingInput, savedDates?: Partial<Record<PostingDateField, string | null>>): Promise<ValidPosting> {
    const rules = await rulesOfBoard();
    const check = (role: Role | undefined) => validatePosting(posting, { role, today: todayDateString(), rules, ...(savedDates ? { savedDates } : {}) });
    let checked = check((await context.member()).role);
    if (!checked.ok && (checked.errors.form || checked.errors.visible)) checked = check((await context.freshMember()).role);
    if (checked.ok) return checked.value;
    // Who may post, and who may post privately, are permissions rather than input mistakes (as on the server).
    const denied = checked.errors.form ?? checked.errors.visible;
    if (denied) throw new PortalError('not-allowed', denied);
    throw invalidInput(checked.errors);
  }

  /**
   * Maps live rows in the order they arrive, even when one needs a read (an assigned posting's
   * student): each change waits for the one before it.
   */
  function inOrder(deliver: (action: LiveAction, job: Job, row: PortalRow) => void): (action: LiveAction, row: PortalRow) => void {
    let previous: Promise<unknown> = Promise.resolve();
    return (action, row) => {
      const job = toJob(row);
      const resolved = action === 'delete' ? Promise.resolve(job) : withStudent(job).catch(() => job);
      previous = Promise.all([previous, resolved]).then(([, ready]) => deliver(action, ready, row));
    };
  }

  return {
    async list(filter = {}, page) {
      const viewer = await context.viewer();
      const readPage = async (request: PageRequest | undefined): Promise<Page<Job>> => {
        const list = await guard(() =>
          tables.listRows<PortalRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, queries: jobListingQueries(filter, viewer, request) }),
        );
        // The server finds any of the words and orders by date: the page is ranked by how much of the query each posting matches.
        const found = toPage(list, request, toJob);
        const ranked = filter.search ? { ...found, items: rankBySearch(found.items, filter.search) } : found;
        return viewer ? { ...ranked, items: await withAssignmentsOf(tables, ranked.items) } : ranked;
      };
      return viewer?.role === 'student' ? openToStudent(readPage, filter, page) : readPage(page);
    },

    openToMe,

    get,

    async suggestSearch(filter) {
      if (!searchWords(filter.search).length) return null;
      const viewer = await context.viewer();
      // The listing's own rules without the search: the words of what this member may see there.
      const queries = [
        ...jobFilterQueries({ ...filter, search: undefined }, viewer),
        ...jobOrderQueries({}),
        Query.select(['searchText']),
        Query.limit(SUGGESTION_SAMPLE),
      ];
      const list = await guard(() => tables.listRows<PortalRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, queries }));
      return suggestSearch(
        filter.search ?? '',
        list.rows.map((row) => (typeof row.searchText === 'string' ? row.searchText : '')),
      );
    },

    subscribe(filter, onChange, onError) {
      const viewer = context.viewer().catch(() => null);
      return context.live.listen(
        tableChannel(TABLES.jobs),
        inOrder((action, job, row) => {
          // Every change waits for the same promise, so changes keep their order.
          void viewer.then((member) => {
            const searchText = typeof row.searchText === 'string' ? row.searchText : null;
            onChange({ action, job, matches: matchesJobFilter({ ...job, searchText }, filter, member) });
          });
        }),
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
      const deliver = inOrder((action, job) => {
        if (!stopped) onChange(action === 'delete' ? null : job);
      });
      const unsubscribe = context.live.listen(
        rowChannel(TABLES.jobs, id),
        (action, row) => {
          changed = true;
          deliver(action, row);
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
      await checkedPosting(posting);
      const imageProblem = image ? imageFileProblem(image) : undefined;
      if (imageProblem) throw invalidInput({ image: imageProblem });
      const uploaded = image ? await context.upload(image, options.onProgress) : undefined;
      return context.command<Job>('POST', '/jobs', { ...posting, imageFileId: uploaded?.$id ?? null } satisfies CreatePostingBody);
    },

    async edit(id, input) {
      const saved = await get(id);
      if (!saved) throw new PortalError('not-found', MESSAGES.jobNotFound);
      // Stored dates are datetimes; the form's are days.
      const savedDates = Object.fromEntries(POSTING_DATE_FIELDS.map((field) => [field, saved[field]?.slice(0, 10) ?? null]));
      await checkedPosting(input, savedDates);
      return context.command<Job>('PUT', `/jobs/${segment(id)}`, input satisfies EditPostingBody);
    },

    async setState(id, state) {
      return context.command<Job>('PUT', `/jobs/${segment(id)}/state`, { state } satisfies SetPostingStateBody);
    },

    async listAssignedToMe(page) {
      const member = await context.member();
      const assignments = await guard(() =>
        tables.listRows<PortalRow>({
          databaseId: DATABASE_ID,
          tableId: TABLES.jobAssignments,
          queries: [Query.equal('studentId', member.id), Query.orderDesc('$createdAt'), ...pageQueries(page)],
        }),
      );
      const found = toPage(assignments, page, (row) => ({ id: row.$id, row }));
      const ids = found.items.map((item) => item.id);
      if (ids.length === 0) return { items: [], total: found.total, nextCursor: found.nextCursor };
      const jobs = await guard(() =>
        tables.listRows<PortalRow>({ databaseId: DATABASE_ID, tableId: TABLES.jobs, queries: [Query.equal('$id', ids), Query.limit(ids.length)] }),
      );
      const byId = new Map(jobs.rows.map((row) => [row.$id, row]));
      const items = found.items.flatMap(({ id, row }) => {
        const job = byId.get(id);
        return job ? [withAssignment(toJob(job), row)] : [];
      });
      return { items, total: found.total, nextCursor: found.nextCursor };
    },

    async remove(id) {
      await context.command('DELETE', `/jobs/${segment(id)}`);
    },

    async assign(id, studentEmail) {
      return context.command<Job>('PUT', `/jobs/${segment(id)}/assignment`, { studentEmail } satisfies AssignStudentBody);
    },

    async assignableStudents(id, search) {
      return context.command<AssignableStudent[]>('POST', `/jobs/${segment(id)}/assignment/candidates`, { search } satisfies AssignableStudentsBody);
    },

    async recordView(id) {
      const answer = await context.command<ViewCounted>('POST', `/jobs/${segment(id)}/views`);
      return answer.viewCount;
    },
  };
}
