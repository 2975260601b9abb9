import { spokenDate } from '@opportunity-kit/sdk/domain';
import type { Posting } from '../posting.ts';
import { coverage, keywordsOf, terms, words, type Keyword } from './keywords.ts';

/** The number of questions of a typed interview. */
export const QUESTION_COUNT = 5;

/** The interviewer's opening line, for the voice agent's first message and the typed interview alike. */
export function openingLine(posting: Posting): string {
  return `Hi, thanks for coming in! This is a practice interview for the ${posting.title} position at ${posting.company}. Take your time with each answer.`;
}

function postingKeywords(posting: Posting): Keyword[] {
  return keywordsOf(
    [
      { text: posting.title, weight: 3 },
      { text: posting.cluster ?? '', weight: 2 },
      { text: posting.description, weight: 1 },
    ],
    10,
  );
}

/**
 * Five questions drawn from the posting: motivation for this role, a skill the description asks for,
 * the field, a behavioural question to answer with a situation, action and result, and fitting the
 * dates and place around school.
 */
export function interviewQuestions(posting: Posting): string[] {
  const titleTerms = new Set(terms(posting.title));
  const fieldTerms = new Set(terms(posting.cluster ?? ''));
  const skills = postingKeywords(posting)
    .filter((keyword) => !titleTerms.has(keyword.stem) && !fieldTerms.has(keyword.stem))
    .map((keyword) => keyword.word);
  const [first, second] = skills;
  const type = posting.postingType.toLowerCase();
  // "Service (Retail, Food, etc)" reads as "Service" in a question.
  const field = posting.cluster && !['Other', 'N/A'].includes(posting.cluster) ? posting.cluster.replace(/\s*\(.*\)\s*$/, '') : undefined;
  const start = spokenDate(posting.startDate);
  return [
    `Tell me about yourself, and why you are interested in the ${posting.title} ${type} at ${posting.company}.`,
    first
      ? `The posting mentions "${first}"${second ? ` and "${second}"` : ''}. Tell me about a time you showed or learned something like ${second ? 'that' : 'it'}.`
      : `Which of your skills would help you most in this ${type}, and where did you show it?`,
    field
      ? `What draws you to ${field}, and what have you done to learn more about it?`
      : `What do you hope to learn from this ${type}, and how will it help your plans after school?`,
    'Describe a situation where something went wrong while you were working with others. What did you do, and what was the result?',
    `This ${type} is in ${posting.location}${start ? ` and starts on ${start}` : ''}. How will you fit it around school and your other commitments?`,
  ];
}

/** One question and its answer (a typed answer, or what the student said in a voice session). */
export interface InterviewTurn {
  question: string;
  answer: string;
}

const BEHAVIOURAL = /\b(a time|situation|describe|for example|when you)\b/i;
const SITUATION = /\b(when|while|during|last (year|summer|month|week)|at my|at the|in grade|once)\b/i;
const ACTION = /\b(i|we) (\w+ed|led|made|built|ran|took|spoke|set|wrote|taught|gave|did|found|kept|got|went|chose|decided|asked|talked)\b/i;
const RESULT = /\b(result|outcome|so that|which meant|in the end|learned|learnt|increased|improved|reduced|saved|finished|won|thanked|because of this)\b|\d/i;
const FILLERS = new Set(['um', 'uh', 'basically', 'literally', 'like']);

/**
 * The student's answer on one line, in quotes, for the feedback to show under its question. Its
 * words stay, but it can form no bullet, bold text or posting link of the markdown the results are
 * rendered from: an answer can only ever read as the student's own words, never as feedback.
 */
function quotedAnswer(answer: string): string {
  const oneLine = answer
    .replace(/\s+/g, ' ')
    .replace(/\*{2,}/g, '*')
    .replace(/\[/g, '(')
    .replace(/\]/g, ')')
    .trim();
  return oneLine === '' ? 'Your answer: none.' : `Your answer: "${oneLine}"`;
}

/**
 * Feedback on an interview without a model: each question with the student's answer, then the
 * answer's length, whether it uses the posting's words and (for behavioural questions) a situation,
 * action and result; then an overall summary. The answers are measured and quoted, never followed,
 * so nothing said in them can steer the feedback.
 */
export function analyseInterview(posting: Posting, turns: readonly InterviewTurn[]): string {
  const keywords = postingKeywords(posting);
  const answered = turns.filter((turn) => words(turn.answer).length > 0);
  const lines = [`**Interview feedback for ${posting.title} at ${posting.company}**`, `You answered ${answered.length} of ${turns.length} questions.`];
  let strong = 0;
  let usedKeywords = new Set<string>();
  turns.forEach((turn, index) => {
    lines.push('', `**Question ${index + 1}:** ${turn.question}`, quotedAnswer(turn.answer));
    const count = words(turn.answer).length;
    if (count === 0) {
      lines.push('- Not answered yet: every question is a chance to show something new about you.');
      return;
    }
    const { matched } = coverage(keywords, turn.answer);
    usedKeywords = new Set([...usedKeywords, ...matched.map((keyword) => keyword.word)]);
    const questionTerms = new Set(terms(turn.question));
    const behavioural = BEHAVIOURAL.test(turn.question);
    const star = { situation: SITUATION.test(turn.answer), action: ACTION.test(turn.answer), result: RESULT.test(turn.answer) };
    // A story with a situation, an action and a result answers a behavioural question whatever its words.
    const onTopic =
      terms(turn.answer).some((term) => questionTerms.has(term)) || matched.length > 0 || (behavioural && star.situation && star.action && star.result);
    lines.push(`- Length: ${lengthAdvice(count)}`);
    lines.push(
      matched.length
        ? `- Relevance: you connected your answer to the posting (${matched.map((keyword) => `**${keyword.word}**`).join(', ')}).`
        : onTopic
          ? '- Relevance: on topic; tie it to the posting by naming what this role needs.'
          : "- Relevance: the answer drifts from the question; repeat the question's key words in your first sentence.",
    );
    if (behavioural) {
      const missing = [star.situation ? '' : 'the situation', star.action ? '' : 'what you did', star.result ? '' : 'the result'].filter(Boolean);
      lines.push(missing.length ? `- Structure: use the STAR method; add ${missing.join(', ')}.` : '- Structure: a clear situation, action and result.');
    }
    const fillers = words(turn.answer).filter((word) => FILLERS.has(word)).length;
    if (fillers >= 3) lines.push(`- Delivery: ${fillers} filler words ("um", "like"); pause instead.`);
    if (count >= 25 && count <= 250 && (matched.length > 0 || onTopic)) strong++;
  });
  lines.push('', 'Overall:');
  lines.push(`- ${strong} of ${turns.length} answers were well developed and on topic.`);
  const unused = keywords
    .map((keyword) => keyword.word)
    .filter((word) => !usedKeywords.has(word))
    .slice(0, 4);
  if (unused.length) lines.push(`- Words from the posting you could use: ${unused.map((word) => `**${word}**`).join(', ')}.`);
  lines.push(`- Before the real interview, read the posting again and prepare one story that shows you can do the ${posting.title} work.`);
  return lines.join('\n');
}

function lengthAdvice(count: number): string {
  if (count < 25) return `${count} words is brief; aim for four to six sentences with an example.`;
  if (count > 250) return `${count} words is long; keep each answer to about two minutes.`;
  return `${count} words, a good length.`;
}

/** The questions and answers of a voice transcript: each user turn answers the agent turn before it. */
export function turnsOfTranscript(transcript: ReadonlyArray<{ role: 'user' | 'agent'; message: string }>): InterviewTurn[] {
  const turns: InterviewTurn[] = [];
  for (const entry of transcript) {
    if (entry.role === 'agent') turns.push({ question: entry.message, answer: '' });
    else if (turns.length) (turns[turns.length - 1] as InterviewTurn).answer += `${entry.message} `;
  }
  // The agent's closing words are no question.
  return turns.filter((turn, index) => turn.answer.trim() !== '' || index < turns.length - 1).map((turn) => ({ ...turn, answer: turn.answer.trim() }));
}
