import { describe, expect, it } from 'vitest';
import { parseAiMarkdown, type AiSpan } from '@opportunity-kit/sdk/domain';
import { DEMO_POSTINGS } from '../../../../../scripts/demo/demo-postings.ts';
import { aPosting, SHELTER, TUTOR } from '../../../../../tests/fixtures/ai/postings.ts';
import { localCoachReply } from './coach.ts';
import type { CoachPosting } from './posting-facts.ts';

/** The local coach over the demo seed's postings (as the board lists them: public, not assigned), and over the small AI fixtures. */

const SEEDED_ON = Date.UTC(2030, 0, 10);
const dayAfterSeeding = (days: number | undefined) => (days === undefined ? null : new Date(SEEDED_ON + days * 86_400_000).toISOString());

const demoBoard: CoachPosting[] = DEMO_POSTINGS.filter((posting) => posting.visible !== false && !posting.assignTo).map((posting) => ({
  id: `job_${posting.key}`,
  title: posting.title,
  company: posting.company,
  description: posting.description,
  postingType: posting.postingType,
  cluster: posting.cluster ?? null,
  location: posting.location,
  hourlyRate: posting.hourlyRate ?? null,
  startDate: dayAfterSeeding(posting.dates?.start),
  endDate: dayAfterSeeding(posting.dates?.end),
  applicationDeadline: dayAfterSeeding(posting.dates?.deadline),
  createdAt: new Date(SEEDED_ON).toISOString(),
  address: posting.streetAddress ?? null,
  contactEmail: posting.contactEmail ?? null,
  companyWebsite: posting.companyWebsite ?? null,
}));
const demo = { postings: demoBoard, applications: [] };

/** The postings an answer links to, as the portal renders it: title and page of every link span. */
function linksIn(reply: string): Array<{ title: string; href: string }> {
  const spans: AiSpan[] = parseAiMarkdown(reply).flatMap((block) => (block.kind === 'paragraph' ? block.spans : block.items.flat()));
  return spans.flatMap((span) => (span.href ? [{ title: span.text, href: span.href }] : []));
}

const titlesIn = (reply: string) => linksIn(reply).map((link) => link.title);

describe('local coach over the demo postings', () => {
  it('answers the deadline of the posting a question names, linked to its page', () => {
    const reply = localCoachReply('What is the deadline for the Tax Clinic Assistant job?', demo);
    // The demo posts it 30 days after seeding.
    expect(reply).toContain('takes applications until **February 9, 2030**');
    expect(linksIn(reply)).toEqual([{ title: 'Tax Clinic Assistant', href: '/job/job_school-brampton-accounting' }]);
  });

  it('finds tutoring in every posting type, the Reading Tutor gig included', () => {
    const reply = localCoachReply('tutoring', demo);
    expect(titlesIn(reply)).toEqual(expect.arrayContaining(['Reading Tutor for a Grade 5 Student', 'Peer Math Tutor (Grade 9 Math)']));
  });

  it('says plainly that no barista job is posted in Oakville, instead of another Oakville job', () => {
    const reply = localCoachReply('barista jobs in Oakville', demo);
    expect(reply).toContain("I can't answer that from the school's postings: none of the Job postings in Oakville mentions “barista”.");
    expect(reply).not.toContain('Day Camp');
    expect(linksIn(reply)).toEqual([]);
    expect(reply).toContain('There is 1 other Job posting in Oakville: ask "Jobs in Oakville" to see it.');
    expect(reply).toContain("- a posting's deadline, pay, place, dates or how to apply, when you name it by its title");
  });

  it("answers a named posting's pay, place, dates and how to apply from its data", () => {
    expect(localCoachReply('How much does the Lifeguard and Swim Instructor job pay?', demo)).toContain('pays **$20.25/hour**');
    expect(localCoachReply('What does the reading tutor gig pay?', demo)).toContain('pays **$20/hour** (as its description says)');
    expect(localCoachReply('Where is the Community Garden Helper?', demo)).toContain('is in **Acton** (Prospect Park)');
    expect(localCoachReply('When does the Physics Olympiad Workshop start?', demo)).toContain('runs on **February 5, 2030**');
    const apply = localCoachReply('How do I apply for the Tax Clinic Assistant position?', demo);
    expect(apply).toContain('open it and choose **Apply To Opportunity**');
    expect(apply).toContain('https://brampton-community.example/tax-clinic');
    expect(apply).not.toContain('You have not applied');
  });

  it('gives all the facts of a posting named without a question', () => {
    const reply = localCoachReply('Tell me about the Junior Soccer Referee gig', demo);
    expect(reply).toContain('- Where: **Milton** (Sherwood Community Centre fields)');
    expect(reply).toContain('- Pay: **$30 for a one-hour game** (as its description says)');
    expect(reply).toContain('- Application deadline: **January 22, 2030**');
  });

  it('answers a fact for every posting that matches a topic, type or place', () => {
    const reply = localCoachReply('deadlines for volunteering in Milton', demo);
    expect(titlesIn(reply)).toEqual(['Hamper Packing Weekend']);
    expect(reply).toContain('takes applications until **February 5, 2030**');
  });

  it('lists the robotics postings, each a link', () => {
    const titles = titlesIn(localCoachReply('Are there any robotics opportunities?', demo));
    expect(titles).toEqual(expect.arrayContaining(['Girls Who Build: Robotics Weekend', 'Robotics Demo Day Helper']));
  });

  it("says it can't answer what the postings do not hold, and what it can answer", () => {
    const reply = localCoachReply('quantum entanglement research', demo);
    expect(reply).toContain("I can't answer that from the school's postings: none of the postings mentions “quantum”, “entanglement”, “research”.");
    expect(reply).toContain('I can answer from the portal:');
    expect(linksIn(reply)).toEqual([]);
    expect(localCoachReply('When is the deadline?', demo)).toContain('Which posting do you mean? Name it by its title and I will tell you its deadline.');
  });
});

describe('local coach', () => {
  const postings = [aPosting(), TUTOR, SHELTER];
  const context = { postings, applications: [{ jobTitle: 'Barista (part-time)', status: 'accepted', createdAt: '2030-05-02T00:00:00.000+00:00' }] };

  it('recommends matching postings by title and company, as links', () => {
    const reply = localCoachReply('Are there any volunteering opportunities with animals?', context);
    expect(reply).toContain('- **[Animal Shelter Helper](/job/job_shelter)** at Paws Rescue: Volunteering in Milton');
    expect(reply).not.toContain('Barista');
    expect(titlesIn(localCoachReply('anything in Burlington', context))).toEqual(['Math Tutor for Grade 9']);
  });

  it("answers about the caller's applications", () => {
    expect(localCoachReply('What is the status of my applications?', context)).toContain('- **Barista (part-time)**: accepted');
    expect(localCoachReply('did I apply anywhere?', { postings, applications: [] })).toContain('You have not applied to any opportunity yet.');
  });

  it("points resume and interview questions at the portal's tools, without a search", () => {
    const resume = localCoachReply('How do I improve my resume?', context);
    expect(resume).toContain('**Review Resume for this Position**');
    expect(resume).not.toContain("I can't answer");
    expect(localCoachReply('Tips for my interview?', context)).toContain('**Practice Interview for this Position**');
  });

  it('says so when nothing is posted', () => {
    expect(localCoachReply('find me a job', { postings: [], applications: [] })).toContain('No opportunities are posted yet.');
  });
});
