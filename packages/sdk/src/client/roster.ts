import type { RosterResult } from '../domain/roster.ts';
import type { RosterResendAnswer } from '../domain/roster-resend.ts';
import { isEmailAddress } from '../domain/validation.ts';
import type { PortalContext } from './context.ts';
import { invalidInput } from './errors.ts';

/** What a roster import answers: every row's outcome in the file's order, and how many accounts were created. @public */
export interface RosterImportAnswer {
  /** One result per student row; `line` is the row's line in the CSV text that was sent. */
  results: RosterResult[];
  /** How many new student accounts the import created (each was mailed an invitation). */
  created: number;
}

/** Which school a roster import is for, needed only by staff of several schools (issue 23). @public */
export interface RosterImportOptions {
  schoolId?: string;
  /**
   * Nothing is created or mailed: each row answers the outcome an import would have now (`created`
   * for a new account), for a preview the teacher confirms before importing.
   */
  preview?: boolean;
}

/** A teacher's roster import (issue 15). @public */
export interface RosterModule {
  /**
   * Imports students from CSV text (`email,name` per line, header optional, at most 2,000 rows).
   * Each school address gets a verified student account and an invitation e-mail; every other row
   * answers why it was skipped. A file that cannot be read is refused whole (`invalid-input`, the
   * message names the line) and a non-teacher is `not-allowed`. Importing the same rows again
   * creates no second account: a student who has not set a password yet is mailed a new invitation
   * (`invited-again`), one who has is `already-member`, and an unverified sign-up with a student's
   * address is replaced by the student's own account (`created`). Every student imported becomes a
   * student of the importer's school; a student of another school is `other-school` and stays there.
   * Staff of several schools name the school in `options.schoolId` (`invalid-input` without it).
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
      await context.member();
      return context.command<RosterImportAnswer>('POST', '/roster', {
        csv,
        ...(options.schoolId ? { schoolId: options.schoolId } : {}),
        ...(options.preview ? { preview: true } : {}),
      });
    },
    async resend(email) {
      if (!isEmailAddress(email.trim())) throw invalidInput({ email: 'Please enter a valid email address' });
      await context.member();
      return context.command<RosterResendAnswer>('POST', '/roster/resend', { email: email.trim() });
    },
  };
}
