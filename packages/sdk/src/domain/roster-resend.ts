/**
 * What a teacher's "send a new link" (`POST /roster/resend`, issue 21) mailed a student: a new
 * invitation when the account never set a password (its first link was used or has expired), else a
 * link to reset the password.
 * @public
 */
export type RosterResendOutcome = 'invitation' | 'reset-link';

/** The answer of `POST /roster/resend`. @public */
export interface RosterResendAnswer {
  /** The student's address, as the server read it (trimmed, lower case). */
  email: string;
  /** Which mail went out. */
  sent: RosterResendOutcome;
}

/** What the teacher reads once the mail is on its way. @public */
export function rosterResendMessage(answer: RosterResendAnswer): string {
  return answer.sent === 'invitation'
    ? `A new invitation was sent to ${answer.email}. Its link works once, for 7 days.`
    : `${answer.email} has a password already, so a link to reset it was sent. It works once, for one hour.`;
}
