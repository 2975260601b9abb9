import { parseRoster, ROSTER_REQUEST_ROWS, type RosterResult } from '../domain/roster.ts';
import type { RosterResendAnswer } from '../domain/roster-resend.ts';
import { isEmailAddress } from '../domain/validation.ts';
import type { PortalContext } from './context.ts';
import { invalidInput } from './errors.ts';
import { batchCsv, rosterBatches, withFileLines } from './roster-batches.ts';

/** What a roster import answers: every row's outcome in the file's order, and how many accounts were created. @public */
export interface RosterImportAnswer {
  /** One result per student row; `line` is the row's line in the CSV text that was sent. */
  results: RosterResult[];
  /** How many new student accounts the import created (each was mailed an invitation). */
  created: number;
}

/** How far a roster import or preview has come (issue 27). @public */
export interface RosterImportProgress {
  /** The rows answered so far. */
  done: number;
  /** The student rows of the file. */
  total: number;
  /**
   * The rows answered so far, in the file's order and with its line numbers: what a table shows while
   * the rest is on its way, and what was done already when the import stops half-way.
   */
  results: readonly RosterResult[];
}

/** Which school a roster import is for, needed only by staff of several schools (issue 23), and how it reports. @public */
export interface RosterImportOptions {
  /** The school the students join; only staff of several schools need it (`invalid-input` without it). */
  schoolId?: string;
  /**
   * Nothing is created or mailed: each row answers the outcome an import would have now (`created`
   * for a new account), for a preview the teacher confirms before importing.
   */
  preview?: boolean;
  /**
   * Called once the file is read (`done` is 0) and again each time a part of it has been answered,
   * for a progress bar; not called for a file that cannot be read.
   */
  onProgress?: (progress: RosterImportProgress) => void;
}

/** A teacher's roster import (issue 15). @public */
export interface RosterModule {
  /**
   * Imports students from CSV text (`email,name` per line, header optional, at most 2,000 rows).
   * Each school address gets a verified student account and an invitation e-mail; every other row
   * answers why it was skipped. A file that cannot be read is refused whole before anything is sent
   * (`invalid-input`, the message names the line) and a non-teacher is `not-allowed`. Importing the same rows again
   * creates no second account: a student who has not set a password yet is mailed a new invitation
   * (`invited-again`), one who has is `already-member`, and an unverified sign-up with a student's
   * address is replaced by the student's own account (`created`). Every student imported becomes a
   * student of the importer's school; a student of another school is `other-school` and stays there.
   * Staff of several schools name the school in `options.schoolId` (`invalid-input` without it).
   *
   * The file is sent in parts of 50 rows (`ROSTER_REQUEST_ROWS`), one after another, so that each
   * request stays well within the server function's time (issue 27); `options.onProgress` hears of
   * each. When a part fails, the import stops there and rejects with its error: the rows reported
   * before it are done, and importing the file again finishes the rest.
   */
  import(csv: string, options?: RosterImportOptions): Promise<RosterImportAnswer>;
  /**
   * Mails a student of the school a new way in (issue 21): a new invitation when the account never set
   * a password, else a password reset link (`rosterResendMessage` says which to the teacher). An
   * address that is not a student's school address is `invalid-input`, one without an account
   * `not-found` (so is an address of a student of another school), a non-teacher `not-allowed`; too many reset links for the address in an hour are
   * `rate-limited` (Appwrite's limit).
   */
  resend(email: string): Promise<RosterResendAnswer>;
}

export function createRoster(context: Pick<PortalContext, 'command' | 'member'>): RosterModule {
  return {
    async import(csv, options = {}) {
      if (csv.trim() === '') throw invalidInput({ csv: 'Please choose a CSV file or paste its lines (email,name).' });
      const parsed = parseRoster(csv);
      if (!parsed.ok) throw invalidInput({ csv: parsed.message });
      const total = parsed.rows.length;
      const answered: RosterImportAnswer = { results: [], created: 0 };
      options.onProgress?.({ done: 0, total, results: [] });
      await context.member();
      for (const batch of rosterBatches(parsed.rows, ROSTER_REQUEST_ROWS)) {
        const answer = await context.command<RosterImportAnswer>('POST', '/roster', {
          csv: batchCsv(batch),
          ...(options.schoolId ? { schoolId: options.schoolId } : {}),
          ...(options.preview ? { preview: true } : {}),
        });
        answered.results.push(...withFileLines(batch, answer.results));
        answered.created += answer.created;
        options.onProgress?.({ done: answered.results.length, total, results: [...answered.results] });
      }
      return answered;
    },
    async resend(email) {
      if (!isEmailAddress(email.trim())) throw invalidInput({ email: 'Please enter a valid email address' });
      await context.member();
      return context.command<RosterResendAnswer>('POST', '/roster/resend', { email: email.trim() });
    },
  };
}
