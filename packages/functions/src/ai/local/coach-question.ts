import { LOCATIONS, type PostingType } from '@opportunity-kit/sdk/domain';
import type { Posting } from '../posting.ts';
import { stem, terms, words } from './keywords.ts';

/** What a student can ask about a posting, each answered from its data. */
export type PostingAttribute = 'deadline' | 'pay' | 'location' | 'dates' | 'apply' | 'type';

/** A message as the coach reads it: what it asks, about which postings, narrowed how. */
export interface CoachQuestion {
  /** The facts asked for, in the order the coach answers them. */
  attributes: PostingAttribute[];
  /** Posting types the message names ("gigs", "volunteering"): a filter. */
  types: PostingType[];
  /** Locations of the spec the message names: a filter. */
  places: string[];
  /** The words the message is about, once intents, attributes, types and places are left out. */
  topic: Array<{ word: string; stem: string }>;
}

const ATTRIBUTE_PATTERNS: ReadonlyArray<[PostingAttribute, RegExp]> = [
  ['deadline', /\b(deadlines?|due|closes?|closing|apply by|last day)\b/i],
  ['pay', /\b(pay|pays|paid|salary|wages?|hourly|rate|how much|earn|money)\b/i],
  ['location', /\b(where|location|located|address|place)\b/i],
  ['dates', /\b(starts?|starting|begins?|ends?|ending|finish(es)?|dates?|how long|schedule)\b/i],
  ['apply', /\bhow\b.*\bapply\b|\bsign (me )?up\b|\bcontact\b|\bapplication process\b|\bwhere\b.*\bapply\b/i],
  ['type', /\b(what|which) (kind|type)\b|\btype of (posting|opportunity)\b|\bis (it|this) (a|an) (job|gig|enrichment|volunteer)/i],
];

/** How a message names each posting type. "Tutoring" or "learning" name no type: a tutor may be a Gig. */
const TYPE_PATTERNS: ReadonlyArray<[PostingType, RegExp]> = [
  ['Job', /\b(jobs?|employment)\b/i],
  ['Gig', /\bgigs?\b/i],
  ['Enrichment', /\b(enrichment|workshops?)\b/i],
  ['Volunteering', /\b(volunteer|volunteering|volunteers)\b/i],
];

/** Words that say what the student wants done, not what about: never a topic. */
const NOT_TOPIC = new Set(
  terms(
    `find show list search recommend suggest looking any available open near around interested there what which want get tell know
    information info details detail more anything something everything thing things posted posting postings listing listings offer offers
    deadline deadlines due close closes closing last pay pays paid salary wage wages hourly rate much earn money where location located
    address place when start starts starting begin begins end ends ending finish date dates long schedule apply application applications
    sign contact process kind type types job gig gigs enrichment volunteer volunteering volunteers employment workshop workshops
    please thanks hello coach`,
  ),
);

const LOCATION_STEMS = new Set(LOCATIONS.map((place) => stem(place.toLowerCase())));

/** Reads a message: the attributes it asks for, its filters and its topic words. */
export function readQuestion(message: string): CoachQuestion {
  const asked = ATTRIBUTE_PATTERNS.filter(([, pattern]) => pattern.test(message)).map(([attribute]) => attribute);
  // "When is the deadline?" asks for the deadline alone; "when does it start?" for the dates.
  const attributes = asked.length === 0 && /\bwhen\b/i.test(message) ? ['dates' as const] : asked;
  const lowered = ` ${message.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, ' ')} `;
  return {
    attributes,
    types: TYPE_PATTERNS.filter(([, pattern]) => pattern.test(message)).map(([type]) => type),
    places: LOCATIONS.filter((place) => lowered.includes(` ${place.toLowerCase()} `)),
    topic: topicOf(message),
  };
}

function topicOf(message: string): Array<{ word: string; stem: string }> {
  const seen = new Set<string>();
  const topic: Array<{ word: string; stem: string }> = [];
  for (const word of words(message)) {
    const [term] = terms(word);
    if (!term || NOT_TOPIC.has(term) || LOCATION_STEMS.has(term) || seen.has(term)) continue;
    seen.add(term);
    topic.push({ word: word.replace(/'s$/, ''), stem: term });
  }
  return topic;
}

/** Two stems name the same thing: equal, or one a longer form of the other ("robot", "robotic"). */
export function sameTerm(a: string, b: string): boolean {
  if (a === b) return true;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return short.length >= 5 && long.startsWith(short);
}

const mentions = (present: readonly string[], term: string): boolean => present.some((candidate) => sameTerm(candidate, term));

/**
 * The postings the message names by title: all of a title's words (at least two thirds of them, and
 * two or more) appear in the message, best coverage first. "The Tax Clinic Assistant job" names
 * "Tax Clinic Assistant"; "tutoring" alone names no posting, it is a topic.
 */
export function namedPostings<P extends Posting>(message: string, postings: readonly P[]): P[] {
  const said = terms(message);
  const flat = ` ${words(message).join(' ')} `;
  const scored = postings.flatMap((posting) => {
    const titleTerms = [...new Set(terms(posting.title))];
    if (titleTerms.length === 0) return [];
    const whole = flat.includes(` ${words(posting.title).join(' ')} `);
    const found = titleTerms.filter((term) => mentions(said, term)).length;
    const share = whole ? 1 : found / titleTerms.length;
    return share >= 2 / 3 && (whole || found >= Math.min(2, titleTerms.length)) ? [{ posting, share, found }] : [];
  });
  const best = Math.max(0, ...scored.map((entry) => entry.share));
  return scored
    .filter((entry) => entry.share === best)
    .sort((a, b) => b.found - a.found)
    .map((entry) => entry.posting);
}

/**
 * The postings that match a question, best first: its types and places filter; its topic words
 * (stemmed, so "tutoring" meets "Tutor") score against the title (most), the type, field and place,
 * then company and description. With a topic, a posting must match at least one of its words.
 */
export function matchingPostings<P extends Posting>(question: CoachQuestion, postings: readonly P[]): P[] {
  const filtered = postings.filter(
    (posting) =>
      (question.types.length === 0 || question.types.includes(posting.postingType)) &&
      (question.places.length === 0 || question.places.some((place) => posting.location.toLowerCase() === place.toLowerCase())),
  );
  if (question.topic.length === 0) return question.types.length > 0 || question.places.length > 0 ? filtered : [];
  return filtered
    .map((posting, order) => {
      const fields: Array<[string[], number]> = [
        [terms(posting.title), 3],
        [terms(`${posting.postingType} ${posting.cluster ?? ''} ${posting.location}`), 2],
        [terms(`${posting.company} ${posting.description}`), 1],
      ];
      const score = question.topic.reduce(
        (sum, { stem: term }) => sum + Math.max(0, ...fields.filter(([present]) => mentions(present, term)).map(([, weight]) => weight)),
        0,
      );
      return { posting, score, order };
    })
    .filter((entry) => entry.score > 0)
    .sort((a, b) => b.score - a.score || a.order - b.order)
    .map((entry) => entry.posting);
}
