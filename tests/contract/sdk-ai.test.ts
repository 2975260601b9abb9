import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Job, UploadProgress } from '@opportunity-kit/sdk';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { itLocal, type TestBackend } from '../support/backend.ts';
import { PNG, startPortalBackend, uploadsOf } from '../support/portal.ts';
import { aFile, aNewPosting, aRecruiter, aStudent, guestPortal, refusal, type PortalMember } from '../support/portal-sdk.ts';
import { aResumePdf } from '../fixtures/ai/pdf.ts';

/**
 * The SDK's `ai` module against the product's `ai` function with no provider keys (the local
 * provider): a resume review of an uploaded PDF, a typed practice interview with its analysis, and the
 * career coach, with the spec's messages as typed errors.
 */

let backend: TestBackend;
let hr: PortalMember;
let sam: PortalMember;
let barista: Job;

beforeAll(async () => {
  // Explicitly empty keys: a developer's own environment must never send these tests to a provider.
  backend = await startPortalBackend({ env: { GEMINI_API_KEY: '', ELEVENLABS_API_KEY: '', AI_DAILY_CAP_COACH: '3' } });
  [hr, sam] = await Promise.all([aRecruiter(backend), aStudent(backend)]);
  barista = await hr.portal.jobs.create(
    aNewPosting({ description: 'Prepare espresso drinks, serve customers with a smile and handle cash on weekend mornings.' }),
  );
});
afterAll(() => backend.close());

const resumeCount = (): Promise<number> => uploadsOf(sam, 'resumes');
const resume = (): File => aFile('jordan-lee.pdf', aResumePdf(), 'application/pdf');

describe('ai', () => {
  it('names the provider of each feature, to members only', async () => {
    expect(await sam.portal.ai.providers()).toEqual({ resumeReview: 'local', interview: 'local', interviewAnalysis: 'local', coach: 'local' });
    await refusal(guestPortal(backend).portal.ai.providers(), 'unauthenticated');
  });

  it('reviews an uploaded resume against a posting, reporting progress, and keeps no copy', async () => {
    const before = await resumeCount();
    const progress: UploadProgress[] = [];
    const review = await sam.portal.ai.reviewResume({ jobId: barista.id, resume: resume() }, { onProgress: (step) => progress.push(step) });
    expect(review).toMatchObject({ provider: 'local', jobId: barista.id });
    expect(review.review).toContain('**Resume review for Barista (part-time) at Bean There Cafe**');
    expect(review.details?.sectionsFound).toEqual(['Contact', 'Education', 'Experience', 'Skills']);
    expect(progress.at(-1)?.percent).toBe(100);
    expect(await resumeCount()).toBe(before);
  });

  it('says "Please select a file" and "Please upload only PDF files" before uploading, and "Job not found" from the function', async () => {
    const before = await resumeCount();
    expect((await refusal(sam.portal.ai.reviewResume({ jobId: barista.id, resume: null }), 'invalid-input')).fields).toEqual({ resume: MESSAGES.selectFile });
    expect((await refusal(sam.portal.ai.reviewResume({ jobId: barista.id, resume: aFile('photo.png', PNG) }), 'invalid-input')).fields).toEqual({
      resume: MESSAGES.onlyPdf,
    });
    expect((await refusal(sam.portal.ai.reviewResume({ jobId: barista.id, resume: aFile('renamed.pdf', PNG) }), 'invalid-input')).fields).toEqual({
      resume: MESSAGES.onlyPdf,
    });
    expect((await refusal(sam.portal.ai.reviewResume({ jobId: 'nosuchposting', resume: resume() }), 'not-found')).message).toBe(MESSAGES.jobNotFound);
    expect(await resumeCount()).toBe(before);
  });

  it('runs a typed practice interview and analyses the answers', async () => {
    const session = await sam.portal.ai.startInterview(barista.id);
    if (session.mode !== 'text') throw new Error('without ElevenLabs the interview is typed');
    expect(session).toMatchObject({ provider: 'local', jobId: barista.id });
    expect(session.questions).toHaveLength(5);

    const first = await sam.portal.ai.answerInterview(session.sessionId, 'I made espresso drinks for two summers.');
    expect(first).toMatchObject({ answeredIndex: 0, nextQuestion: { index: 1, text: session.questions[1] } });
    await refusal(sam.portal.ai.answerInterview(session.sessionId, '   '), 'invalid-input');

    const analysis = await sam.portal.ai.analyzeInterview(session.sessionId);
    expect(analysis).toMatchObject({ provider: 'local', sessionId: session.sessionId, source: 'typed-answers' });
    expect(analysis.analysis).toContain('You answered 1 of 5 questions.');
    await refusal(hr.portal.ai.analyzeInterview(session.sessionId), 'not-found');
  });

  it("follows the analysis in the background and gives a refusal in the function's words", async () => {
    const session = await sam.portal.ai.startInterview(barista.id);
    const stages: string[] = [];
    // Appwrite keeps no answer of an asynchronous execution: the words come from the session row.
    const refused = await refusal(sam.portal.ai.analyzeInterview(session.sessionId, {}, { onStage: (stage) => stages.push(stage) }), 'invalid-input');
    expect(refused.message).toBe('Please answer at least one question first.');
    expect(stages[0]).toBe('queued');
  });

  // Local only: the daily cap of 3 is this test backend's own setting of the `ai` function.
  itLocal('talks with the coach, keeps the conversation, forgets it on request, and stops at the daily cap', async () => {
    const reply = await sam.portal.ai.askCoach('What jobs are there for a barista?');
    expect(reply.provider).toBe('local');
    expect(reply.reply.length).toBeGreaterThan(0);
    expect(reply.messages.map((message) => message.role)).toEqual(['user', 'coach']);
    expect((await sam.portal.ai.coachHistory()).map((message) => message.text)).toEqual([reply.messages[0]!.text, reply.reply]);
    await refusal(sam.portal.ai.askCoach('  '), 'invalid-input');

    await sam.portal.ai.askCoach('And for tutoring?');
    await sam.portal.ai.askCoach('Thanks!');
    const capped = await refusal(sam.portal.ai.askCoach('One more?'), 'rate-limited');
    expect(capped.message).toBe("You have used today's 3 coach messages. Please try again tomorrow.");

    expect(await sam.portal.ai.clearCoach()).toBe(6);
    expect(await sam.portal.ai.coachHistory()).toEqual([]);
  });
});
