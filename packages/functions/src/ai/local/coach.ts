import type { PostingType } from '@opportunity-kit/sdk/domain';
import { matchingPostings, namedPostings, readQuestion, type CoachQuestion, type PostingAttribute } from './coach-question.ts';
import { factOf, factSheet, postingBullet, postingLink, type CoachPosting } from './posting-facts.ts';
import { words } from './keywords.ts';
import { firstJobPostings, intentAnswer, intentsOf } from './coach-intents.ts';

/** An application of the caller, as the coach mentions it. */
export interface ApplicationFacts {
  jobTitle: string;
  status: string;
  createdAt: string;
}

export interface CoachContext {
  /** The school's public postings, newest first. */
  postings: readonly CoachPosting[];
  applications: readonly ApplicationFacts[];
}

/** How many postings one answer lists. */
const LISTED = 5;

const WHAT_I_CAN_ANSWER = [
  'I can answer from the portal:',
  '- which opportunities are posted, by type (Job, Gig, Enrichment, Volunteering), by place (for example Oakville) or by field',
  "- a posting's deadline, pay, place, dates or how to apply, when you name it by its title",
  '- your applications, your resume and interview practice',
];

/** How a listing of each type is called: "Jobs in Oakville", "Volunteering in Milton". */
const TYPE_LISTINGS: Readonly<Record<PostingType, string>> = { Job: 'Jobs', Gig: 'Gigs', Enrichment: 'Enrichment', Volunteering: 'Volunteering' };

/** What "I will tell you …" promises for each attribute. */
const ATTRIBUTE_PROMISES: Readonly<Record<PostingAttribute, string>> = {
  deadline: 'its deadline',
  pay: 'what it pays',
  location: 'where it is',
  dates: 'its dates',
  apply: 'how to apply',
  type: 'its type',
};

/**
 * The postings a message is about, best first: those it names by title, else those that match its
 * topic and filters. The model's context and the local coach both start from this.
 */
export function postingsFor<P extends CoachPosting>(message: string, postings: readonly P[]): P[] {
  const question = readQuestion(message);
  if (intentsOf(message).includes('first-job')) return firstJobsFor(question, postings);
  const named = postingsNamed(message, question, postings);
  return named.length > 0 ? named : matchingPostings(question, postings);
}

/** The postings the message names by title, within the types and places it names ("barista gigs" names no barista job). */
function postingsNamed<P extends CoachPosting>(message: string, question: CoachQuestion, postings: readonly P[]): P[] {
  const filtered = question.types.length > 0 || question.places.length > 0;
  return namedPostings(message, filtered ? matchingPostings({ ...question, topic: [] }, postings) : postings);
}

/**
 * The local coach, answering from the data alone: a posting's facts when the message names it, the
 * postings that match a topic, type or place, the caller's applications, and resume and interview
 * tips. Every posting it names links to its page; when the data has no answer it says so.
 */
export function localCoachReply(message: string, context: CoachContext): string {
  const lowered = message.toLowerCase();
  if (words(message).every((word) => ['hi', 'hello', 'hey', 'thanks', 'thank', 'you', 'coach', 'there'].includes(word))) {
    return [
      "Hi! I'm the portal's career coach. Ask me about:",
      '- opportunities, for example "gigs in Oakville" or "volunteering with animals"',
      `- a posting's deadline, pay, place, dates or how to apply, for example "When is the deadline for the …?" with its title`,
      '- your applications, your resume and interview practice',
    ].join('\n');
  }
  const question = readQuestion(message);
  const intents = intentsOf(message);
  const named = postingsNamed(message, question, context.postings).slice(0, 3);
  const parts: string[] = [];
  const add = (lines: readonly string[]) => parts.push(...(parts.length > 0 && lines.length > 0 ? [''] : []), ...lines);
  if (/\b(my applications?|applied|status of my|accepted|rejected|pending)\b|\bdid i apply\b/.test(lowered)) add(applicationsAnswer(context));
  for (const intent of intents) add(intentAnswer(intent, message));
  if (intents.includes('first-job')) {
    add(firstJobAnswer(question, context.postings));
    return parts.join('\n');
  }
  const asksForPostings =
    question.attributes.length > 0 ||
    question.types.length > 0 ||
    question.places.length > 0 ||
    /\b(find|show|recommend|suggest|looking|any|opportunit)/.test(lowered);
  // Advice about a named posting ("how do I prepare for the Tax Clinic Assistant interview?") needs no fact sheet.
  if (named.length > 0 && (intents.length === 0 || question.attributes.length > 0)) add(namedAnswer(named, question));
  else if (parts.length === 0 || asksForPostings) add(postingsAnswer(question, context.postings));
  return parts.join('\n');
}

/** The postings that fit a first job, in the places the question names; any type it names besides "job" narrows them. */
function firstJobsFor<P extends CoachPosting>(question: CoachQuestion, postings: readonly P[]): P[] {
  const types: readonly PostingType[] = question.types.filter((type) => type !== 'Job');
  return firstJobPostings(postings).filter(
    (posting) =>
      (types.length === 0 || types.includes(posting.postingType)) &&
      (question.places.length === 0 || question.places.some((place) => posting.location.toLowerCase() === place.toLowerCase())),
  );
}

function firstJobAnswer(question: CoachQuestion, postings: readonly CoachPosting[]): string[] {
  const fitting = firstJobsFor(question, postings);
  if (fitting.length === 0) {
    return ['No posting right now fits a first job with no experience. Volunteering is a good first step: ask "volunteering" to see those.'];
  }
  return [
    'These postings ask for no experience:',
    ...fitting.slice(0, LISTED).map(postingBullet),
    ...(fitting.length > LISTED ? [`…and ${fitting.length - LISTED} more: narrow it down with a place, for example "first job in Milton".`] : []),
    'Open one to read more and apply, or ask me about its deadline, pay, place or dates.',
  ];
}

function applicationsAnswer(context: CoachContext): string[] {
  if (context.applications.length === 0) return ['You have not applied to any opportunity yet. Open a posting and choose **Apply To Opportunity**.'];
  return [
    `You have ${context.applications.length} application${context.applications.length === 1 ? '' : 's'}:`,
    ...context.applications.slice(0, 10).map((application) => `- **${application.jobTitle}**: ${application.status}`),
    ...(context.applications.some((application) => application.status === 'accepted')
      ? ['Congratulations! For an accepted application, the employer contacts you by e-mail.']
      : []),
  ];
}

/** The asked facts of the postings the message names; all of them when it asks for none. */
function namedAnswer(named: readonly CoachPosting[], question: CoachQuestion): string[] {
  if (question.attributes.length === 0) return named.flatMap((posting, index) => [...(index > 0 ? [''] : []), ...factSheet(posting)]);
  const sentence = (posting: CoachPosting) =>
    `${postingLink(posting)} at ${posting.company} ${question.attributes.map((attribute) => factOf(posting, attribute)).join(', and ')}.`;
  if (named.length === 1) return [sentence(named[0] as CoachPosting)];
  return ['More than one posting has that title:', ...named.map((posting) => `- ${sentence(posting)}`)];
}

function postingsAnswer(question: CoachQuestion, postings: readonly CoachPosting[]): string[] {
  if (postings.length === 0) return ['No opportunities are posted yet. Check back soon, or ask a teacher which employers the school works with.'];
  const matches = matchingPostings(question, postings);
  const more = matches.length > LISTED ? [`…and ${matches.length - LISTED} more: narrow it down with a type, a place or a field.`] : [];
  if (matches.length > 0 && question.attributes.length > 0) {
    return [
      'From the postings that match:',
      ...matches
        .slice(0, LISTED)
        .map(
          (posting) => `- ${postingLink(posting)} at ${posting.company} ${question.attributes.map((attribute) => factOf(posting, attribute)).join(', and ')}`,
        ),
      ...more,
    ];
  }
  if (matches.length > 0) {
    return [
      'These opportunities match what you asked:',
      ...matches.slice(0, LISTED).map(postingBullet),
      ...more,
      'Open one to read more and apply, or ask me about its deadline, pay, place or dates.',
    ];
  }
  if (question.topic.length === 0 && question.types.length === 0 && question.places.length === 0) {
    const asked = question.attributes.map((attribute) => ATTRIBUTE_PROMISES[attribute]).join(' and ');
    const intro = asked ? `Which posting do you mean? Name it by its title and I will tell you ${asked}.` : "I can't answer that from the school's postings.";
    return [
      intro,
      ...(question.attributes.includes('apply') ? ['To apply to any posting, open it and choose **Apply To Opportunity**.'] : []),
      ...WHAT_I_CAN_ANSWER,
    ];
  }
  return [noMatchSentence(question), ...othersThere(question, postings), ...WHAT_I_CAN_ANSWER];
}

/** "I can't answer that from the school's postings: none of the Job postings in Oakville mentions “barista”." */
function noMatchSentence(question: CoachQuestion): string {
  const types = question.types.length > 0 ? ` ${question.types.join(' or ')}` : '';
  const places = question.places.length > 0 ? ` in ${question.places.join(' or ')}` : '';
  const about = question.topic.map(({ word }) => `“${word}”`).join(', ');
  if (!about) return `I can't answer that from the school's postings: there are no${types} postings${places} right now.`;
  return `I can't answer that from the school's postings: none of the${types} postings${places} mentions ${about}.`;
}

/** How many postings the filters alone would show, so the student can widen the search. */
function othersThere(question: CoachQuestion, postings: readonly CoachPosting[]): string[] {
  if (question.topic.length === 0 || (question.types.length === 0 && question.places.length === 0)) return [];
  const filtersOnly = matchingPostings({ ...question, topic: [], attributes: [] }, postings).length;
  if (filtersOnly === 0) return [];
  const what = `${question.types.length > 0 ? question.types.join(' or ') : 'opportunity'} posting${filtersOnly === 1 ? '' : 's'}`;
  const example = `${question.types.length > 0 ? question.types.map((type) => TYPE_LISTINGS[type]).join(' or ') : 'Opportunities'}${question.places.length > 0 ? ` in ${question.places.join(' or ')}` : ''}`;
  return [
    `There ${filtersOnly === 1 ? 'is' : 'are'} ${filtersOnly} other ${what}${question.places.length > 0 ? ` in ${question.places.join(' or ')}` : ''}: ask "${example}" to see ${filtersOnly === 1 ? 'it' : 'them'}.`,
  ];
}
