import { LOCATIONS, POSTING_TYPES } from '@opportunity-kit/sdk/domain';
import type { Posting } from '../posting.ts';
import { terms, words } from './keywords.ts';

/** An application of the caller, as the coach mentions it. */
export interface ApplicationFacts {
  jobTitle: string;
  status: string;
  createdAt: string;
}

export interface CoachContext {
  /** The school's public postings, newest first. */
  postings: readonly Posting[];
  applications: readonly ApplicationFacts[];
}

/** How a message names each posting type ("gigs", "volunteering", …). */
const TYPE_WORDS: ReadonlyArray<[string, RegExp]> = [
  ['Job', /\b(jobs?|employment|part[- ]time|full[- ]time)\b/i],
  ['Gig', /\bgigs?\b/i],
  ['Enrichment', /\b(enrichment|workshops?|tutoring|learning)\b/i],
  ['Volunteering', /\b(volunteer|volunteering|volunteers)\b/i],
];
const INTENT_TERMS = new Set(terms('find show list search recommend suggest looking any available open near around interested there what which want get'));

/**
 * The postings that best match a message: its terms against title (most), type, cluster and location,
 * company and description (least). A type or a location named in the message narrows the list.
 */
export function rankPostings(message: string, postings: readonly Posting[], limit: number): Posting[] {
  const types = TYPE_WORDS.filter(([, pattern]) => pattern.test(message)).map(([type]) => type);
  const lowered = message.toLowerCase();
  const places = [...new Set([...LOCATIONS, ...postings.map((posting) => posting.location)])].filter((place) => place && lowered.includes(place.toLowerCase()));
  const query = terms(message).filter((term) => !INTENT_TERMS.has(term));
  const scored = postings
    .filter(
      (posting) =>
        (types.length === 0 || types.includes(posting.postingType)) &&
        (places.length === 0 || places.some((place) => posting.location.toLowerCase() === place.toLowerCase())),
    )
    .map((posting, order) => {
      const fields: Array<[string, number]> = [
        [posting.title, 3],
        [`${posting.postingType} ${posting.cluster ?? ''} ${posting.location}`, 2],
        [`${posting.company} ${posting.description}`, 1],
      ];
      const score = fields.reduce((sum, [text, weight]) => {
        const present = new Set(terms(text));
        return sum + weight * query.filter((term) => present.has(term)).length;
      }, 0);
      return { posting, score, order };
    });
  const narrowed = types.length > 0 || places.length > 0;
  return scored
    .filter((entry) => entry.score > 0 || (narrowed && query.length === 0))
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .slice(0, limit)
    .map((entry) => entry.posting);
}

const bullet = (posting: Posting): string =>
  `- **${posting.title}** at ${posting.company}: ${posting.postingType} in ${posting.location}${posting.cluster && posting.cluster !== 'N/A' ? ` (${posting.cluster})` : ''}`;

/**
 * The local coach: answers about the caller's applications, resume and interview practice, and
 * otherwise recommends the school's own postings that match the message.
 */
export function localCoachReply(message: string, context: CoachContext): string {
  const lowered = message.toLowerCase();
  const parts: string[] = [];
  const asksApplications = /\b(applications?|applied|apply|status|accepted|rejected|pending)\b/.test(lowered);
  const asksResume = /\b(resume|résumé|cv|cover letter)\b/.test(lowered);
  const asksInterview = /\binterview/.test(lowered);
  const greetingOnly = words(message).every((word) => ['hi', 'hello', 'hey', 'thanks', 'thank', 'you', 'coach', 'there'].includes(word));

  if (greetingOnly) {
    return [
      "Hi! I'm the portal's career coach. Ask me about:",
      '- opportunities, for example "gigs in Oakville" or "volunteering with animals"',
      '- your applications and their status',
      '- resumes and interview practice',
    ].join('\n');
  }
  if (asksApplications && !/\bhow (do|can|to) (i )?apply\b/.test(lowered)) {
    if (context.applications.length === 0) parts.push('You have not applied to any opportunity yet. Open a posting and choose **Apply To Opportunity**.');
    else {
      parts.push(`You have ${context.applications.length} application${context.applications.length === 1 ? '' : 's'}:`);
      parts.push(...context.applications.slice(0, 10).map((application) => `- **${application.jobTitle}**: ${application.status}`));
      if (context.applications.some((application) => application.status === 'accepted'))
        parts.push('Congratulations! For an accepted application, the employer contacts you by e-mail.');
    }
  }
  if (asksResume) {
    parts.push(
      'For your resume:',
      '- keep it to one page with Education, Experience and Skills',
      '- start lines with action verbs and add numbers',
      '- open a posting and choose **Review Resume for this Position** for a review against it',
    );
  }
  if (asksInterview) {
    parts.push(
      'To prepare for an interview:',
      '- answer behavioural questions with a situation, what you did, and the result',
      '- open a posting and choose **Practice Interview for this Position**',
    );
  }
  if (parts.length === 0 || /\b(find|show|recommend|suggest|looking|any|opportunit|jobs?|gigs?|volunteer)/.test(lowered)) {
    parts.push(...recommend(message, context.postings));
  }
  return parts.join('\n');
}

function recommend(message: string, postings: readonly Posting[]): string[] {
  if (postings.length === 0) return ['No opportunities are posted yet. Check back soon, or ask a teacher which employers the school works with.'];
  const matches = rankPostings(message, postings, 3);
  if (matches.length) return ['These opportunities match what you asked:', ...matches.map(bullet), 'Open one from its listing to read more and apply.'];
  const types = POSTING_TYPES.join(', ');
  return [
    `I did not find a posting that matches that. The newest opportunities are:`,
    ...postings.slice(0, 3).map(bullet),
    `Try a type (${types}), a place or a field.`,
  ];
}
