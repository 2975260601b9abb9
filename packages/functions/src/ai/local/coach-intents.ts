import type { Cluster } from '@opportunity-kit/sdk/domain';
import type { Posting } from '../posting.ts';

/**
 * The advice topics the local coach answers itself, before (or instead of) a search of the postings:
 * a question about what to wear to an interview is about clothes, not about interview questions, and
 * "first job, no experience" asks for postings that need neither experience nor a profession, not
 * for postings whose text happens to say "experience".
 */
export type CoachIntentId = 'dress' | 'first-job' | 'interview' | 'resume' | 'cover-letter' | 'hours';

interface CoachIntent {
  id: CoachIntentId;
  pattern: RegExp;
  /** Intents this one answers better: "what to wear to an interview" is a dress question only. */
  replaces?: readonly CoachIntentId[];
  /** The advice, given the message (to name the workplace it asks about). */
  answer: (message: string) => string[];
}

/** The workplace a dress question names ("a grocery store"), and how people dress there. */
const WORKPLACES: ReadonlyArray<{ pattern: RegExp; look: 'casual' | 'business' }> = [
  {
    pattern:
      /\b(grocery store|coffee shop|fast food restaurant|snack bar|store|shop|supermarket|grocery|mall|market|bakery|cafe|café|restaurant|warehouse|day camp|camp|arena|pool)\b/i,
    look: 'casual',
  },
  { pattern: /\b(head office|credit union|law firm|office|bank|clinic|hospital|pharmacy|agency|lab)\b/i, look: 'business' },
];

function dressAdvice(message: string): string[] {
  const workplace = WORKPLACES.find(({ pattern }) => pattern.test(message));
  const place = workplace?.pattern.exec(message)?.[0].toLowerCase();
  const named = place ? `${/^[aeiou]/.test(place) ? 'an' : 'a'} ${place}` : undefined;
  const casual = [
    '- a plain, clean top without slogans (a polo, a button-up shirt or a simple sweater)',
    '- clean pants or dark jeans without rips',
    '- clean, closed-toe shoes you can stand in',
  ];
  const business = [
    '- a collared shirt or a blouse, a simple sweater or blazer if you have one',
    '- dress pants, chinos or a knee-length skirt',
    '- clean, closed-toe shoes',
  ];
  const intro =
    workplace?.look === 'casual'
      ? `For an interview at ${named}, dress neat and a little dressier than the staff:`
      : workplace?.look === 'business'
        ? `For an interview at ${named}, dress business casual:`
        : 'Dress neat and a little dressier than the people who work there. If you are not sure, neat casual works almost everywhere:';
  return [
    intro,
    ...(workplace?.look === 'business' ? business : casual),
    'Keep it simple: tidy hair, little or no perfume, no headphones or hat. You do not need to buy anything new: clean and ironed matters more than brand.',
    'Bring a copy of your resume, and arrive 10 minutes early.',
  ];
}

const COACH_INTENTS: readonly CoachIntent[] = [
  {
    id: 'dress',
    pattern: /\b(wear|wearing|dress|dressed|outfit|clothes|clothing|attire|shoes|uniform)\b/i,
    replaces: ['interview'],
    answer: dressAdvice,
  },
  {
    id: 'first-job',
    pattern:
      /\bfirst (real |part[- ]time |summer )?job\b|\bno (work |job |real )?experience\b|\bwithout (any )?experience\b|\bnever (had a job|worked)\b|\bentry[- ]level\b|\b(little|not much) experience\b/i,
    answer: () => [
      'Everyone starts somewhere, and many employers here hire students with no work experience:',
      '- look for postings that say "no experience needed" or "we train you": stores, food counters, camps, and gigs like yard work or pet care',
      '- on your resume, count what you already did: school projects, clubs and teams, volunteering, babysitting, helping a neighbour',
      '- say what you are good at (reliable, on time, friendly with customers, quick to learn) and give one example of each',
      '- volunteering is also experience, and it counts toward your 40 community involvement hours',
    ],
  },
  {
    id: 'interview',
    pattern: /\binterview/i,
    answer: () => [
      'To prepare for an interview:',
      '- read the posting again and pick two things from it you can do well, with an example of each',
      '- answer "tell me about a time…" questions in three steps: the situation, what you did, and how it turned out',
      '- prepare one or two questions to ask them, such as what a usual shift looks like',
      '- arrive 10 minutes early, with a copy of your resume',
      '- open a posting and choose **Practice Interview for this Position** to practise its questions',
    ],
  },
  {
    id: 'cover-letter',
    pattern: /\bcover letters?\b/i,
    replaces: ['resume'],
    answer: () => [
      'A cover letter for a student job can be short, three paragraphs:',
      '- which posting you apply to, and why this employer',
      '- one or two things you did (at school, in a club, volunteering) that show you can do this job',
      '- when you are available, and a thank-you',
    ],
  },
  {
    id: 'resume',
    pattern: /\b(resume|résumé|cv)\b/i,
    answer: () => [
      'For your resume:',
      '- keep it to one page with Education, Experience and Skills',
      '- start lines with action verbs and add numbers',
      '- open a posting and choose **Review Resume for this Position** for a review against it',
    ],
  },
  {
    id: 'hours',
    pattern: /\b(community (involvement|service)|volunteer(ing)? hours|hours (do i|i) need|my hours|log (my )?hours|40 hours)\b/i,
    answer: () => [
      'An Ontario high school diploma needs 40 hours of community involvement:',
      '- volunteering postings here count; paid work does not',
      '- log each activity under **Hours** in the menu, with your supervisor’s e-mail: they confirm it, then a teacher approves it',
      '- ask a teacher if you are not sure an activity counts',
    ],
  },
];

/** The advice topics a message asks about, in the order the coach answers them. */
export function intentsOf(message: string): CoachIntentId[] {
  const matched = COACH_INTENTS.filter((intent) => intent.pattern.test(message));
  const replaced = new Set(matched.flatMap((intent) => intent.replaces ?? []));
  return matched.filter((intent) => !replaced.has(intent.id)).map((intent) => intent.id);
}

/** The advice of one topic, for this message. */
export function intentAnswer(id: CoachIntentId, message: string): string[] {
  const intent = COACH_INTENTS.find((candidate) => candidate.id === id);
  return intent ? intent.answer(message) : [];
}

/** Fields where a posting asks for what a student with no experience does not have: a profession's schooling. */
const PROFESSION_CLUSTERS: ReadonlySet<Cluster> = new Set([
  'Accounting',
  'Finance',
  'Biology',
  'Chemistry',
  'Computer Science',
  'Mathematics',
  'Physics',
  'Engineering',
  'Healthcare',
  'Law',
] satisfies Cluster[]);

const SAYS_NO_EXPERIENCE = /\b(no (previous |prior |work )?experience (needed|required|necessary)|we (will )?train you|no experience\b)/i;
const ASKS_FOR_EXPERIENCE =
  /\b((previous|prior|related|work) experience|experience (is )?(required|necessary|an asset)|\d+\+? (years?|months?) of|certifi(ed|cation) (is )?required|licen[cs]e required|must (have|hold) |requires? [^.]*(experience|certif|licen))/i;
const PROFESSION_TITLE = /\b(co-op placement|intern(ship)?|bookkeep|software|developer|engineer|nurse|accountant|teller|lifeguard|lab assistant)/i;

/**
 * Whether a posting fits a first job: a Job or a Gig that asks for no profession's schooling (by its
 * field or title) and no experience, certificate or licence (by its description, unless it says "no
 * experience needed" or "we train you").
 */
export function fitsFirstJob(posting: Posting): boolean {
  if (posting.postingType !== 'Job' && posting.postingType !== 'Gig') return false;
  if (PROFESSION_TITLE.test(posting.title) || (posting.cluster && PROFESSION_CLUSTERS.has(posting.cluster as Cluster))) return false;
  return SAYS_NO_EXPERIENCE.test(posting.description) || !ASKS_FOR_EXPERIENCE.test(posting.description);
}

/** The postings that fit a first job: those that say they train you first, then the others in their order. */
export function firstJobPostings<P extends Posting>(postings: readonly P[]): P[] {
  const fitting = postings.filter(fitsFirstJob);
  const trains = (posting: P) => SAYS_NO_EXPERIENCE.test(posting.description);
  return [...fitting.filter(trains), ...fitting.filter((posting) => !trains(posting))];
}
