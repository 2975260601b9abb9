import type { InterviewAnswerResult } from '@opportunity-kit/sdk/domain';
import { requireMember } from '../../platform/caller.ts';
import { invalidInput } from '../../platform/command-error.ts';
import type { AiCommand } from '../ai-deps.ts';
import { ownSession, updateSession } from './interview-sessions.ts';

/** POST /interviews/{sessionId}/answers {answer}: a typed answer to the first unanswered question. */
export const answerQuestionRoute: AiCommand = async ({ caller, body, params, api }, deps) => {
  const member = requireMember(caller);
  const answer = body.text('answer')?.trim() ?? '';
  body.done();
  if (answer === '') throw invalidInput({ answer: 'Please type an answer' });
  const limit = deps.settings.maxMessageChars;
  if (answer.length > limit) throw invalidInput({ answer: `Please keep your answer under ${limit} characters` });
  const session = await ownSession(api, member.id, params.sessionId as string);
  if (session.mode !== 'text') throw invalidInput({ form: 'This is a voice interview: answer by speaking.' });
  if (session.answers.length >= session.questions.length) throw invalidInput({ form: 'Every question is already answered.' });
  const answeredIndex = session.answers.length;
  await updateSession(api, session.$id, { answers: [...session.answers, answer] });
  const next = answeredIndex + 1;
  return {
    provider: 'local',
    sessionId: session.$id,
    answeredIndex,
    nextQuestion: next < session.questions.length ? { index: next, text: session.questions[next] as string } : null,
  } satisfies InterviewAnswerResult;
};
