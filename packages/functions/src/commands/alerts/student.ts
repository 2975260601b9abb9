import { ALERT_MESSAGES } from '@opportunity-kit/sdk/domain';
import { requireMember, type Caller, type Member } from '../../platform/caller.ts';
import { notAllowed } from '../../platform/command-error.ts';

/** Saved postings, saved searches and notifications are the students' own: anyone else is refused. */
export function requireStudent(caller: Caller): Member {
  const member = requireMember(caller);
  if (member.role !== 'student') throw notAllowed(ALERT_MESSAGES.onlyStudents);
  return member;
}
