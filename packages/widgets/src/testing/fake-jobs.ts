import { applyJobChange, matchesJobFilter, PortalError, type JobChange, type JobFilter } from '@opportunity-kit/sdk';
import { EMPLOYMENT_TYPES, type Job, type Viewer } from '@opportunity-kit/sdk/domain';
import type { JobBoardApi } from '../job-board/job-board-controller.ts';
import type { JobDetailApi } from '../job-detail/job-detail-controller.ts';
import type { PostingApi } from '../post-opportunity-form/post-opportunity-form-controller.ts';
import { aJob } from './a-job.ts';

type JobsApi = JobBoardApi & JobDetailApi & PostingApi;
type Call = keyof JobsApi;

/**
 * An in-memory stand-in for the SDK's jobs module, for stories and controller tests: it filters,
 * sorts and pages like the SDK (the SDK's own `matchesJobFilter`), delivers live changes, and can be
 * told to fail a call or hold it until released.
 */
export interface FakeJobs extends JobsApi {
  /** Delivers a live change to every subscriber and to the posting's watchers, as the realtime socket would. */
  emit(action: JobChange['action'], job: Job): void;
  /** Makes the named call reject with this error from now on. */
  fail(call: Call, error?: PortalError): void;
  /** Makes the named call wait until `release()`. */
  hold(call: Call): { release(): void };
  readonly calls: Array<{ call: Call; args: unknown[] }>;
  /** How many live subscriptions (listings and watched postings) are open. */
  subscribers(): number;
}

export function fakeJobs(initial: Job[], viewer: Viewer | null = { id: 'student1', role: 'student' }): FakeJobs {
  let jobs = [...initial];
  const listeners = new Set<{ filter: JobFilter; onChange(change: JobChange): void }>();
  const watchers = new Set<{ id: string; onChange(job: Job | null): void }>();
  const failures = new Map<Call, PortalError>();
  const holds = new Map<Call, Promise<void>>();
  const calls: FakeJobs['calls'] = [];
  let sequence = 0;

  async function enter(call: Call, args: unknown[]): Promise<void> {
    calls.push({ call, args });
    await holds.get(call);
    const failure = failures.get(call);
    if (failure) throw failure;
  }

  const find = (id: string) => {
    const job = jobs.find((candidate) => candidate.id === id);
    if (!job) throw new PortalError('not-found', 'Row with the requested ID could not be found.');
    return job;
  };
  const replace = (job: Job) => {
    jobs = jobs.map((candidate) => (candidate.id === job.id ? job : candidate));
    api.emit('update', job);
    return job;
  };

  const api: FakeJobs = {
    calls,
    subscribers: () => listeners.size + watchers.size,
    emit(action, job) {
      for (const listener of listeners) listener.onChange({ action, job, matches: matchesJobFilter(job, listener.filter, viewer) });
      for (const watcher of watchers) if (watcher.id === job.id) watcher.onChange(action === 'delete' ? null : job);
    },
    fail: (call, error = new PortalError('network')) => void failures.set(call, error),
    hold(call) {
      let resolve = () => {};
      holds.set(call, new Promise<void>((done) => (resolve = done)));
      return {
        release() {
          holds.delete(call);
          resolve();
        },
      };
    },

    async list(filter = {}, page = {}) {
      await enter('list', [filter, page]);
      // The SDK's own live-update rule orders the rows exactly as its queries do.
      const all = jobs.reduce((listing, job) => applyJobChange(listing, { action: 'create', job, matches: matchesJobFilter(job, filter, viewer) }, filter), {
        items: [] as Job[],
        total: 0,
        nextCursor: null as string | null,
      }).items;
      const start = page.cursor ? all.findIndex((job) => job.id === page.cursor) + 1 : 0;
      const limit = page.limit ?? 25;
      const items = all.slice(start, start + limit);
      return { items, total: all.length, nextCursor: start + limit < all.length ? (items[items.length - 1]?.id ?? null) : null };
    },
    subscribe(filter, onChange) {
      const listener = { filter, onChange };
      listeners.add(listener);
      return async () => void listeners.delete(listener);
    },
    watch(id, onChange) {
      const watcher = { id, onChange };
      watchers.add(watcher);
      return async () => void watchers.delete(watcher);
    },
    async recordView(id) {
      await enter('recordView', [id]);
      const job = find(id);
      return replace({ ...job, viewCount: job.viewCount + 1 }).viewCount;
    },
    async get(id) {
      await enter('get', [id]);
      return jobs.find((job) => job.id === id) ?? null;
    },
    async assign(id, studentEmail) {
      await enter('assign', [id, studentEmail]);
      const email = studentEmail.trim().toLowerCase();
      if (email && !email.endsWith('@school.example')) {
        throw new PortalError('invalid-input', 'An error occurred on assigning', { fields: { studentEmail: 'No account uses this email address' } });
      }
      const job = find(id);
      return replace({ ...job, assignedStudentId: email ? `student-${email}` : null, assignedStudentEmail: email || null });
    },
    async setState(id, state) {
      await enter('setState', [id, state]);
      return replace({ ...find(id), state });
    },
    async remove(id) {
      await enter('remove', [id]);
      const job = find(id);
      jobs = jobs.filter((candidate) => candidate.id !== id);
      api.emit('delete', job);
    },
    async create(input, options) {
      if (input.image) [0, 40, 100].forEach((percent) => options?.onProgress?.({ percent, uploadedBytes: 0, totalBytes: input.image?.size ?? 0 }));
      await enter('create', [input]);
      const { image, ...fields } = input;
      const job = aJob({
        ...fields,
        id: `new${++sequence}`,
        postingType: fields.postingType as Job['postingType'],
        cluster: fields.cluster ?? null,
        address: fields.address ?? null,
        employmentType: EMPLOYMENT_TYPES.find((kind) => kind === fields.employmentType) ?? null,
        contactEmail: fields.contactEmail ?? null,
        companyWebsite: fields.companyWebsite ?? null,
        hourlyRate: fields.hourlyRate ?? null,
        startDate: fields.startDate ?? null,
        endDate: fields.endDate ?? null,
        applicationDeadline: fields.applicationDeadline ?? null,
        imageFileId: image ? `image${sequence}` : null,
        creatorId: viewer?.id ?? 'guest',
        viewCount: 0,
        createdAt: new Date().toISOString(),
      });
      jobs = [job, ...jobs];
      api.emit('create', job);
      return job;
    },
  };
  return api;
}
