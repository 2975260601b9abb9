import type { TextInterviewSession, VoiceInterviewSession } from '@opportunity-kit/sdk/domain';
import { requireMember } from '../../platform/caller.ts';
import { invalidInput } from '../../platform/command-error.ts';
import { readablePosting } from '../../portal/postings.ts';
import { elevenLabsOf, type AiCommand } from '../ai-deps.ts';
import { interviewQuestions, openingLine } from '../local/interview.ts';
import { toPosting } from '../posting.ts';
import { interviewerAgentPrompt } from '../prompts.ts';
import { reserveCall, withReservation } from '../usage/daily-caps.ts';
import { createSession } from './interview-sessions.ts';

/**
 * POST /interviews {jobId}: starts a practice interview for a posting the caller can read.
 * With ElevenLabs: one of the configured agents (at random, to spread the load) and a signed URL for
 * `@elevenlabs/react`, with the posting's prompt and first message as overrides that the browser
 * passes when it opens that conversation. The shared agent itself is never changed, so interviews
 * started at the same moment each keep their own posting; the key stays here. Without ElevenLabs: a
 * typed interview with five questions from the posting.
 */
export const startInterviewRoute: AiCommand = async ({ caller, body, api }, deps) => {
  const member = requireMember(caller);
  const jobId = body.text('jobId')?.trim() ?? '';
  body.done();
  if (jobId === '') throw invalidInput({ jobId: 'Please choose an opportunity to practise for' });
  const posting = toPosting(await readablePosting(api, member, jobId));
  const elevenLabs = elevenLabsOf(deps);
  const reservation = await reserveCall(api.tables, member.id, 'interview', deps.settings.caps.interview, deps.now());
  return withReservation(reservation, async () => {
    const base = { userId: member.id, jobId: posting.id, jobTitle: posting.title.slice(0, 200), answers: [], analysis: null, analysisProvider: null };
    if (elevenLabs && deps.settings.elevenLabs) {
      const agents = deps.settings.elevenLabs.agentIds;
      const agentId = agents[Math.min(agents.length - 1, Math.floor(deps.random() * agents.length))] as string;
      const overrides = interviewerAgentPrompt(posting, openingLine(posting));
      const { signedUrl, conversationId } = await elevenLabs.signedUrl(agentId);
      const session = await createSession(api, { ...base, provider: 'elevenlabs', mode: 'voice', agentId, conversationId, questions: [] });
      return {
        provider: 'elevenlabs',
        mode: 'voice',
        sessionId: session.$id,
        jobId: posting.id,
        agentId,
        signedUrl,
        conversationId,
        firstMessage: overrides.firstMessage,
        overrides,
      } satisfies VoiceInterviewSession;
    }
    const questions = interviewQuestions(posting);
    const session = await createSession(api, { ...base, provider: 'local', mode: 'text', agentId: null, conversationId: null, questions });
    return {
      provider: 'local',
      mode: 'text',
      sessionId: session.$id,
      jobId: posting.id,
      firstMessage: openingLine(posting),
      questions,
    } satisfies TextInterviewSession;
  });
};
