import type { CoachCleared, CoachHistory, CoachReply } from '@opportunity-kit/sdk/domain';
import { requireMember } from '../../platform/caller.ts';
import { invalidInput } from '../../platform/command-error.ts';
import { geminiOf, type AiCommand } from '../ai-deps.ts';
import { localCoachReply } from '../local/coach.ts';
import { coachPrompt } from '../prompts.ts';
import { providersOf } from '../settings.ts';
import { reserveCall, withReservation } from '../usage/daily-caps.ts';
import { coachContext, contextBlock } from './coach-context.ts';
import { appendExchange, forgetConversation, recentMessages } from './coach-messages.ts';

/** How many earlier messages a model sees, so a follow-up question makes sense. */
const HISTORY_FOR_MODEL = 10;

/**
 * POST /coach {message}: the career coach's answer, grounded in the school's public postings and the
 * caller's applications; the question and the answer are kept in the caller's conversation.
 */
export const askCoachRoute: AiCommand = async ({ caller, body, api }, deps) => {
  const member = requireMember(caller);
  const message = body.text('message')?.trim() ?? '';
  body.done();
  if (message === '') throw invalidInput({ message: 'Please type a question' });
  const limit = deps.settings.maxMessageChars;
  if (message.length > limit) throw invalidInput({ message: `Please keep your question under ${limit} characters` });
  const gemini = geminiOf(deps);
  const reservation = await reserveCall(api.tables, member.id, 'coach', deps.settings.caps.coach, deps.now());
  return withReservation(reservation, async () => {
    const context = await coachContext(api, member.id);
    let reply: string;
    if (gemini) {
      const history = await recentMessages(api, member.id, HISTORY_FOR_MODEL);
      reply = await gemini.generate({
        system: coachPrompt(),
        contents: [
          ...history.map((turn) => ({ role: turn.role === 'user' ? 'user' : 'model', parts: [{ text: turn.text }] })),
          { role: 'user', parts: [{ text: contextBlock(message, context) }, { text: message }] },
        ],
      });
    } else {
      reply = localCoachReply(message, context);
    }
    const provider = gemini ? 'gemini' : 'local';
    const messages = await appendExchange(api, member.id, message, reply, provider);
    return { provider, reply, messages } satisfies CoachReply;
  });
};

/** GET /coach: the caller's conversation, oldest first. */
export const coachHistoryRoute: AiCommand = async ({ caller, api }, deps) => {
  const member = requireMember(caller);
  return { provider: providersOf(deps.settings).coach, messages: await recentMessages(api, member.id) } satisfies CoachHistory;
};

/** DELETE /coach: forgets the caller's conversation. */
export const forgetCoachRoute: AiCommand = async ({ caller, api }) => {
  const member = requireMember(caller);
  return { deleted: await forgetConversation(api, member.id) } satisfies CoachCleared;
};
