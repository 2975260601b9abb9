import { ALERT_MESSAGES, SCHOOL_MESSAGES } from '@opportunity-kit/sdk/domain';
import { isConfirmedStudent, requireMember, type Caller, type Member } from '../../platform/caller.ts';
import { notAllowed } from '../../platform/command-error.ts';

/** Saved postings, saved searches and notifications are the students' own: anyone else is refused. */
export function requireStudent(caller: Caller): Member {
  const member = requireMember(caller);
  if (member.role !== 'student') throw notAllowed(ALERT_MESSAGES.onlyStudents);
  return member;
}

/** A student whose school confirmed them: what a student keeps (saved postings, saved searches) waits for that. */
export function requireConfirmedStudent(caller: Caller): Member {
  const member = requireStudent(caller);
  if (!isConfirmedStudent(member)) throw notAllowed(SCHOOL_MESSAGES.notConfirmed);
  return member;
}
