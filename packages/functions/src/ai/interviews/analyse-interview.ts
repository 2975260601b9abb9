import { MESSAGES, UPLOADS_BUCKET, type InterviewAnalysis } from '@opportunity-kit/sdk/domain';
import type { Models } from 'node-appwrite';
import { requireMember, type Member } from '../../platform/caller.ts';
import { CommandError, invalidInput, notFound } from '../../platform/command-error.ts';
import type { ServerApi } from '../../platform/server-client.ts';
import { ownedFile } from '../../portal/owned-files.ts';
import { readablePosting } from '../../portal/postings.ts';
import { discardUpload } from '../../portal/uploads.ts';
import { elevenLabsOf, geminiOf, type AiCommand, type AiDeps } from '../ai-deps.ts';
import { aiUnavailable } from '../ai-errors.ts';
import type { ElevenLabsClient } from '../elevenlabs/elevenlabs-client.ts';
import type { GeminiClient } from '../gemini/gemini-client.ts';
import { analyseInterview, turnsOfTranscript } from '../local/interview.ts';
import { toPosting, type Posting } from '../posting.ts';
import { interviewAnalysisPrompt } from '../prompts.ts';
import { reserveCall, withReservation } from '../usage/daily-caps.ts';
import { conversationClaimedElsewhere, ownSession, updateSession, type InterviewSessionRow } from './interview-sessions.ts';

/** The length of the `analysisError` column. */
const ANALYSIS_ERROR_CHARS = 500;

export const RECORDING_NOT_FOUND = 'The recording was not found. Please upload it again.';
export const CONVERSATION_NOT_FOUND = 'The conversation of this interview was not found.';

/** A conversation may start a little before the session row is written (clock skew). */
const START_SLACK_SECONDS = 120;

/**
 * POST /interviews/{sessionId}/analysis: feedback on a finished interview. A voice session sends its
 * recording (or, with none, the conversation audio fetched after the spec's 1.5 s wait) to Gemini;
 * without a Gemini key the transcript is analysed locally; a typed session's answers always are.
 *
 * Run it as an asynchronous execution (`async: true`): Gemini may take longer than Appwrite's 30 s
 * synchronous limit, and Appwrite keeps no answer of an asynchronous execution. So the session row,
 * which its student can read, tells how it went: `analysisStatus` goes `running`, then `done` with
 * the analysis or `failed` with the refusal's message in `analysisError`.
 */
export const analyseInterviewRoute: AiCommand = async ({ caller, body, params, api }, deps) => {
  const member = requireMember(caller);
  const recordingFileId = body.text('recordingFileId')?.trim() || undefined;
  const reportedConversationId = body.text('conversationId')?.trim() || undefined;
  body.done();
  const session = await ownSession(api, member.id, params.sessionId as string);
  await updateSession(api, session.$id, { analysisStatus: 'running', analysisError: null });
  try {
    return await analyse({ member, api, session, recordingFileId, reportedConversationId }, deps);
  } catch (thrown) {
    // A refusal's own words; anything else says what the function answers for it (platform/serve.ts).
    const message = thrown instanceof CommandError ? thrown.message : MESSAGES.genericError;
    await updateSession(api, session.$id, { analysisStatus: 'failed', analysisError: message.slice(0, ANALYSIS_ERROR_CHARS) }).catch(() => undefined);
    throw thrown;
  } finally {
    // The recording has served its purpose, analysed or refused: a new try uploads it again.
    if (recordingFileId) await discardUpload(api, recordingFileId, member.id);
  }
};

interface AnalysisRequest {
  member: Member;
  api: ServerApi;
  session: InterviewSessionRow;
  recordingFileId: string | undefined;
  reportedConversationId: string | undefined;
}

async function analyse({ member, api, session, recordingFileId, reportedConversationId }: AnalysisRequest, deps: AiDeps) {
  const posting = toPosting(await readablePosting(api, member, session.jobId));
  const cap = deps.settings.caps['interview-analysis'];

  if (session.mode === 'text') {
    if (session.answers.length === 0) throw invalidInput({ form: 'Please answer at least one question first.' });
    const reservation = await reserveCall(api.tables, member.id, 'interview-analysis', cap, deps.now());
    const turns = session.questions.map((question, index) => ({ question, answer: session.answers[index] ?? '' }));
    return withReservation(reservation, () => finish(api, session, 'local', 'typed-answers', analyseInterview(posting, turns)));
  }

  const elevenLabs = elevenLabsOf(deps);
  // Only Gemini's analysis itself may take longer than a synchronous call; the execution is asynchronous.
  const gemini = geminiOf(deps, deps.settings.analysisTimeoutMs);
  const recording = recordingFileId ? await ownedFile(api.storage, UPLOADS_BUCKET, recordingFileId, member.id) : undefined;
  if (recordingFileId && !recording) throw notFound(RECORDING_NOT_FOUND);
  if (recording) {
    if (!recordingType(recording)) throw invalidInput({ recordingFileId: 'Please send an MP4 or WebM video, or an audio recording' });
    if (recording.sizeOriginal > deps.settings.maxRecordingBytes) {
      throw invalidInput({ recordingFileId: `The recording is larger than ${Math.floor(deps.settings.maxRecordingBytes / 1_000_000)} MB` });
    }
  }
  if (!elevenLabs && !(recording && gemini)) throw aiUnavailable('failed');
  if (!(recording && gemini) && !session.conversationId && !reportedConversationId) {
    throw invalidInput({ conversationId: 'Please send the recording or the conversation id' });
  }

  // Counted before anything reaches a provider, the conversation check included.
  const reservation = await reserveCall(api.tables, member.id, 'interview-analysis', cap, deps.now());
  return withReservation(reservation, async () => {
    if (gemini && recording) {
      const bytes = new Uint8Array(await api.storage.getFileDownload({ bucketId: UPLOADS_BUCKET, fileId: recording.$id }));
      const analysis = await geminiAnalysis(gemini, posting, 'recording', bytes, recordingType(recording) as string);
      return finish(api, session, 'gemini', 'recording', analysis);
    }
    const client = elevenLabs as ElevenLabsClient;
    const id = await sessionConversation(api, session, reportedConversationId, client);
    // ElevenLabs finishes writing a conversation's audio shortly after it ends: wait SESSION_AUDIO_DELAY_MS (1.5 s) first.
    await deps.sleep(deps.settings.audioDelayMs);
    if (gemini) {
      const audio = await client.audio(id);
      if (audio.bytes.length > deps.settings.maxRecordingBytes) throw invalidInput({ form: 'This conversation is too long to analyse.' });
      return finish(api, session, 'gemini', 'conversation-audio', await geminiAnalysis(gemini, posting, 'conversation-audio', audio.bytes, audio.mimeType), id);
    }
    const facts = await client.conversation(id);
    const turns = turnsOfTranscript(facts?.transcript ?? []);
    if (!turns.some((turn) => turn.answer !== '')) throw invalidInput({ form: 'The conversation has no answers to analyse yet.' });
    return finish(api, session, 'local', 'transcript', analyseInterview(posting, turns), id);
  });
}

async function geminiAnalysis(
  gemini: GeminiClient,
  posting: Posting,
  source: 'recording' | 'conversation-audio',
  bytes: Uint8Array,
  mimeType: string,
): Promise<string> {
  const prompt = interviewAnalysisPrompt(posting, source);
  return gemini.generate({
    system: prompt.system,
    contents: [{ role: 'user', parts: [{ text: prompt.text }, { inlineData: { mimeType, data: Buffer.from(bytes).toString('base64') } }] }],
  });
}

/**
 * The conversation to analyse: the one ElevenLabs named when the session started; else the one the
 * browser reports, if it is a conversation of the session's agent that began after the session and
 * that no other session claimed (the agents are shared by every student).
 */
async function sessionConversation(api: ServerApi, session: InterviewSessionRow, reported: string | undefined, client: ElevenLabsClient): Promise<string> {
  if (session.conversationId) return session.conversationId;
  if (!reported || !/^[A-Za-z0-9_-]{1,100}$/.test(reported)) throw notFound(CONVERSATION_NOT_FOUND);
  const facts = await client.conversation(reported);
  const startedAfter = Date.parse(session.$createdAt) / 1000 - START_SLACK_SECONDS;
  if (!facts || facts.agentId !== session.agentId || (facts.startTimeUnixSecs !== undefined && facts.startTimeUnixSecs < startedAfter)) {
    throw notFound(CONVERSATION_NOT_FOUND);
  }
  if (await conversationClaimedElsewhere(api, reported, session.$id)) throw notFound(CONVERSATION_NOT_FOUND);
  return reported;
}

async function finish(
  api: ServerApi,
  session: InterviewSessionRow,
  provider: InterviewAnalysis['provider'],
  source: InterviewAnalysis['source'],
  analysis: string,
  conversationId?: string,
): Promise<InterviewAnalysis> {
  await updateSession(api, session.$id, {
    analysis: analysis.slice(0, 20_000),
    analysisProvider: provider,
    analysisSource: source,
    analysisStatus: 'done',
    analysisError: null,
    ...(conversationId && !session.conversationId ? { conversationId } : {}),
  });
  return { provider, sessionId: session.$id, source, analysis };
}

/** The recording's media type for Gemini, from its stored type or else its extension. */
function recordingType(file: Models.File): string | undefined {
  const stored = file.mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (stored === 'video/mp4' || stored === 'video/webm' || stored.startsWith('audio/')) return stored === 'audio/mp3' ? 'audio/mpeg' : stored;
  const extension = file.name.toLowerCase().split('.').pop();
  const byExtension: Record<string, string> = { mp4: 'video/mp4', webm: 'video/webm', mp3: 'audio/mpeg', wav: 'audio/wav', m4a: 'audio/mp4', ogg: 'audio/ogg' };
  return extension ? byExtension[extension] : undefined;
}
