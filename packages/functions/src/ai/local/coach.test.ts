import { describe, expect, it } from 'vitest';
import { aPosting, SHELTER, TUTOR } from '../../../../../tests/fixtures/ai/postings.ts';
import { localCoachReply, rankPostings } from './coach.ts';

const postings = [aPosting(), TUTOR, SHELTER];
const context = { postings, applications: [{ jobTitle: 'Barista (part-time)', status: 'accepted', createdAt: '2030-05-02T00:00:00.000+00:00' }] };

describe('local coach', () => {
  it('ranks postings by the message, narrowing by a named type or place', () => {
    expect(rankPostings('volunteering with animals', postings, 3).map((posting) => posting.id)).toEqual(['job_shelter']);
    expect(rankPostings('tutoring math after school', postings, 3).map((posting) => posting.id)).toEqual(['job_tutor']);
    expect(rankPostings('anything in Burlington', postings, 3).map((posting) => posting.id)).toEqual(['job_tutor']);
    expect(rankPostings('espresso', [TUTOR, SHELTER], 3)).toEqual([]);
  });

  it('recommends matching postings by title and company', () => {
    const reply = localCoachReply('Are there any volunteering opportunities with animals?', context);
    expect(reply).toContain('- **Animal Shelter Helper** at Paws Rescue: Volunteering in Milton');
    expect(reply).not.toContain('Barista');
  });

  it('falls back to the newest postings when nothing matches', () => {
    const reply = localCoachReply('quantum physics research', context);
    expect(reply).toContain('I did not find a posting that matches that.');
    expect(reply).toContain('**Barista (part-time)**');
  });

  it("answers about the caller's applications", () => {
    expect(localCoachReply('What is the status of my applications?', context)).toContain('- **Barista (part-time)**: accepted');
    expect(localCoachReply('did I apply anywhere?', { postings, applications: [] })).toContain('You have not applied to any opportunity yet.');
  });

  it("points resume and interview questions at the portal's tools", () => {
    expect(localCoachReply('How do I improve my resume?', context)).toContain('**Review Resume for this Position**');
    expect(localCoachReply('Tips for my interview?', context)).toContain('**Practice Interview for this Position**');
  });

  it('says so when nothing is posted', () => {
    expect(localCoachReply('find me a job', { postings: [], applications: [] })).toContain('No opportunities are posted yet.');
  });
});
