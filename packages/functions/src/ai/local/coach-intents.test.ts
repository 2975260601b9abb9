import { describe, expect, it } from 'vitest';
import { parseAiMarkdown, type AiSpan } from '@opportunity-kit/sdk/domain';
import { DEMO_POSTINGS } from '../../../../../scripts/demo/demo-postings.ts';
import { aPosting } from '../../../../../tests/fixtures/ai/postings.ts';
import { localCoachReply } from './coach.ts';
import { fitsFirstJob, intentsOf } from './coach-intents.ts';
import type { CoachPosting } from './posting-facts.ts';

/** The local coach answers the topic a question is about (issue 25, item 18), over the demo board. */

const board: CoachPosting[] = DEMO_POSTINGS.filter((posting) => posting.visible !== false && !posting.assignTo).map((posting) =>
  aPosting({
    id: `job_${posting.key}`,
    title: posting.title,
    company: posting.company,
    description: posting.description,
    postingType: posting.postingType,
    cluster: posting.cluster ?? null,
    location: posting.location,
    hourlyRate: posting.hourlyRate ?? null,
  }),
);
const demo = { postings: board, applications: [] };
const byTitle = new Map(board.map((posting) => [posting.title, posting]));

function linkedTitles(reply: string): string[] {
  const spans: AiSpan[] = parseAiMarkdown(reply).flatMap((block) => (block.kind === 'paragraph' ? block.spans : block.items.flat()));
  return spans.flatMap((span) => (span.href ? [span.text] : []));
}

describe('the local coach answers the topic of the question', () => {
  it('answers what to wear to a grocery store interview with clothes, not interview questions or postings', () => {
    const reply = localCoachReply('What should I wear to an interview at a grocery store?', demo);
    expect(reply).toContain('For an interview at a grocery store, dress neat and a little dressier than the staff:');
    expect(reply).toContain('- clean pants or dark jeans without rips');
    expect(reply).not.toMatch(/situation, what you did/);
    expect(linkedTitles(reply)).toEqual([]);
    expect(localCoachReply('what do I wear to an interview at a bank?', demo)).toContain('For an interview at a bank, dress business casual:');
  });

  it('answers "first job, no experience" with advice and entry-level postings only', () => {
    const reply = localCoachReply('first job, no experience', demo);
    expect(reply).toContain('Everyone starts somewhere, and many employers here hire students with no work experience:');
    const titles = linkedTitles(reply);
    expect(titles.length).toBeGreaterThanOrEqual(3);
    expect(titles[0]).toBe('Cashier (part-time, evenings and weekends)');
    for (const title of titles) expect(fitsFirstJob(byTitle.get(title) as CoachPosting), title).toBe(true);
    expect(reply).not.toMatch(/Bookkeeping|Software Tester|Lifeguard|Co-op Placement|Teller/);
  });

  it('narrows first jobs by the place the question names', () => {
    const titles = linkedTitles(localCoachReply('I have no experience, any first job in Milton?', demo));
    expect(titles.length).toBeGreaterThan(0);
    for (const title of titles) expect(byTitle.get(title)?.location).toBe('Milton');
  });

  it('never counts a posting that needs a profession, experience or a certificate as a first job', () => {
    const fits = (title: string) => fitsFirstJob(byTitle.get(title) as CoachPosting);
    expect(
      ['Junior Bookkeeping Assistant', 'Junior Software Tester (co-op friendly)', 'Lifeguard and Swim Instructor', 'Student Teller (summer program)'].map(fits),
    ).toEqual([false, false, false, false]);
    expect(['Cashier (part-time, evenings and weekends)', 'Grocery Clerk (weekends)', 'Lawn mowing and yard work'].map(fits)).toEqual([true, true, true]);
    expect(fits('Intro to Python: 6-week evening course')).toBe(false); // enrichment, not a job
  });

  it('gives interview preparation for an interview question', () => {
    const reply = localCoachReply('How do I prepare for a job interview?', demo);
    expect(reply).toContain('To prepare for an interview:');
    expect(reply).toContain('**Practice Interview for this Position**');
    expect(reply).not.toContain('For an interview at');
  });

  it('keeps resume advice and cover letter advice apart', () => {
    expect(localCoachReply('How should my resume look?', demo)).toContain('- keep it to one page with Education, Experience and Skills');
    const letter = localCoachReply('Do I need a cover letter?', demo);
    expect(letter).toContain('A cover letter for a student job can be short, three paragraphs:');
    expect(letter).not.toContain('For your resume:');
  });

  it('explains the community involvement hours and shows volunteering', () => {
    const reply = localCoachReply('How many volunteer hours do I need?', demo);
    expect(reply).toContain('An Ontario high school diploma needs 40 hours of community involvement:');
    expect(linkedTitles(reply).every((title) => byTitle.get(title)?.postingType === 'Volunteering')).toBe(true);
  });

  it('reads each intent from its own words', () => {
    expect(intentsOf('What should I wear to an interview?')).toEqual(['dress']);
    expect(intentsOf('my first job')).toEqual(['first-job']);
    expect(intentsOf('gigs in Oakville')).toEqual([]);
  });
});
