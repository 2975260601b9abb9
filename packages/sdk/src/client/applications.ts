import { Query } from 'appwrite';
import type { ApplicationStatus } from '../domain/constants.ts';
import type { Application } from '../domain/entities.ts';
import { MESSAGES } from '../domain/messages.ts';
import { hasPdfSignature, validateApplication } from '../domain/validation.ts';
import type { Removed, SetApplicationStatusBody, SubmitApplicationBody } from '../domain/wire/command-payloads.ts';
import { DATABASE_ID, TABLES } from '../domain/wire/ids.ts';
import { toApplication } from '../domain/wire/rows.ts';
import { segment, type PortalContext, type ProgressHandler } from './context.ts';
import { guard, invalidInput } from './errors.ts';
import type { PortalRow } from './mapping.ts';
import { pageQueries, toPage, type Page, type PageRequest } from './pagination.ts';

/** The application form: three short answers and a PDF resume. @public */
export interface ApplicationSubmission {
  /** The posting applied to. */
  jobId: string;
  /** Relevant experiences (required, at most 2000 characters). */
  relevantExperiences: string;
  /** Why the role interests the applicant (required, at most 2000 characters). */
  interestInRole: string;
  /** Career goals (required, at most 2000 characters). */
  careerGoals: string;
  /** A PDF ("Please upload only PDF files"); required ("Please upload your resume"). */
  resume: File | null | undefined;
}

/** Which applications the manager shows: All (no status), Pending, Accepted or Rejected. @public */
export interface ApplicationListFilter {
  /** Only applications with this status; absent for All. */
  status?: ApplicationStatus | undefined;
}

/**
 * The signed-in student's application to one posting, as a listing card or a detail page shows it
 * ("Applied", the outcome, or that the posting was removed). @public
 */
export interface AppliedState {
  /** The application, for {@link ApplicationsModule.withdraw}. */
  applicationId: string;
  /** The posting applied to. */
  jobId: string;
  /** pending, accepted or rejected. */
  status: ApplicationStatus;
  /** The posting was removed since. */
  postingRemoved: boolean;
  /** When the student applied (ISO string). */
  appliedAt: string;
}

/** Postings one `appliedTo` request asks about at most (Appwrite's limit of values in one query). */
const APPLIED_TO_BATCH = 100;

const APPLIED_STATE_COLUMNS = ['jobId', 'status', 'postingRemoved'];

/**
 * Applications: a student applies with a resume; the posting's creator reviews and decides.
 * @public
 */
export interface ApplicationsModule {
  /**
   * Uploads the resume (reporting progress) and submits the application. Applying twice to the same
   * posting is `already-applied`; a missing or non-PDF resume is `invalid-input` on the `resume` field.
   */
  submit(input: ApplicationSubmission, options?: { onProgress?: ProgressHandler | undefined }): Promise<Application>;
  /** The applications to the caller's postings, newest first (the applications manager). */
  listForManager(filter?: ApplicationListFilter, page?: PageRequest): Promise<Page<Application>>;
  /** The caller's own applications, newest first; one whose posting was removed says so (`postingRemoved`). */
  listMine(page?: PageRequest): Promise<Page<Application>>;
  /**
   * Which of these postings the signed-in student already applied to, keyed by posting id (one
   * request for a page of up to 100 postings); postings not applied to are absent. Empty, without a
   * request, for a guest or anyone who is not a student.
   */
  appliedTo(jobIds: readonly string[]): Promise<ReadonlyMap<string, AppliedState>>;
  /**
   * Withdraws the caller's own application while it is pending: it is gone for the employer too, and
   * the student may apply again. A decided application is `not-allowed`.
   */
  withdraw(id: string): Promise<void>;
  /** Accepts or rejects an application (the posting's creator), again at any time. */
  setStatus(id: string, status: Exclude<ApplicationStatus, 'pending'>): Promise<Application>;
}

export function createApplications(context: PortalContext): ApplicationsModule {
  const { tables } = context;

  async function list(queries: string[], page: PageRequest | undefined): Promise<Page<Application>> {
    const rows = await guard(() =>
      tables.listRows<PortalRow>({
        databaseId: DATABASE_ID,
        tableId: TABLES.applications,
        queries: [...queries, Query.orderDesc('$createdAt'), ...pageQueries(page)],
      }),
    );
    return toPage(rows, page, toApplication);
  }

  return {
    async submit(input, options = {}) {
      await context.member();
      const { resume, jobId, ...answers } = input;
      const checked = validateApplication({ ...answers, resume });
      if (!checked.ok) throw invalidInput(checked.errors);
      const file = resume as File;
      // A renamed file is caught here already; the server checks the signature again.
      if (!hasPdfSignature(new Uint8Array(await file.slice(0, 5).arrayBuffer()))) throw invalidInput({ resume: MESSAGES.onlyPdf });
      const uploaded = await context.upload(file, options.onProgress);
      return context.command<Application>('POST', '/applications', {
        jobId,
        ...checked.value,
        resumeFileId: uploaded.$id,
      } satisfies SubmitApplicationBody);
    },

    async listForManager(filter = {}, page) {
      const member = await context.member();
      const queries = [Query.equal('jobCreatorId', member.id)];
      if (filter.status) queries.push(Query.equal('status', filter.status));
      return list(queries, page);
    },

    async listMine(page) {
      const member = await context.member();
      return list([Query.equal('applicantId', member.id)], page);
    },

    async appliedTo(jobIds) {
      const viewer = await context.viewer();
      const applied = new Map<string, AppliedState>();
      if (viewer?.role !== 'student') return applied;
      const ids = [...new Set(jobIds)];
      for (let start = 0; start < ids.length; start += APPLIED_TO_BATCH) {
        const batch = ids.slice(start, start + APPLIED_TO_BATCH);
        const rows = await guard(() =>
          tables.listRows<PortalRow>({
            databaseId: DATABASE_ID,
            tableId: TABLES.applications,
            // Only the columns a card needs: the answers can be long.
            queries: [Query.equal('applicantId', viewer.id), Query.equal('jobId', batch), Query.select(APPLIED_STATE_COLUMNS), Query.limit(batch.length)],
          }),
        );
        for (const row of rows.rows) {
          const { id, jobId, status, postingRemoved, createdAt } = toApplication(row);
          applied.set(jobId, { applicationId: id, jobId, status, postingRemoved, appliedAt: createdAt });
        }
      }
      return applied;
    },

    async withdraw(id) {
      await context.command<Removed>('DELETE', `/applications/${segment(id)}`);
    },

    async setStatus(id, status) {
      return context.command<Application>('PUT', `/applications/${segment(id)}/status`, { status } satisfies SetApplicationStatusBody);
    },
  };
}
