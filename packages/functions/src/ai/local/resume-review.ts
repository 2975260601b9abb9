import type { ResumeReviewDetails } from '@opportunity-kit/sdk/domain';
import type { Posting } from '../posting.ts';
import { coverage, keywordsOf, terms, words } from './keywords.ts';

interface Section {
  name: string;
  required: boolean;
  headings: readonly string[];
  advice: string;
}

const SECTIONS: readonly Section[] = [
  {
    name: 'Education',
    required: true,
    headings: ['education', 'academic', 'academics', 'schooling'],
    advice: 'your school, grade and expected graduation year, plus an average, honours or relevant courses if they help',
  },
  {
    name: 'Experience',
    required: true,
    headings: ['experience', 'work experience', 'employment', 'work history', 'volunteer experience', 'volunteering', 'volunteer work', 'projects'],
    advice: 'jobs, volunteering, clubs or projects, each with what you did and what came of it',
  },
  {
    name: 'Skills',
    required: true,
    headings: ['skills', 'abilities', 'competencies', 'strengths', 'languages'],
    advice: 'a short list of skills the posting asks for that you can show',
  },
  {
    name: 'Summary',
    required: false,
    headings: ['summary', 'objective', 'profile', 'about me', 'career objective'],
    advice: 'two lines at the top saying what you are looking for and what you bring',
  },
  {
    name: 'Activities',
    required: false,
    headings: ['activities', 'extracurricular', 'extracurriculars', 'clubs', 'leadership', 'sports', 'interests'],
    advice: 'clubs, teams and responsibilities outside class',
  },
  {
    name: 'Awards',
    required: false,
    headings: ['awards', 'achievements', 'honours', 'honors', 'certifications', 'certificates'],
    advice: 'awards and certificates (First Aid, Food Handler, Smart Serve…)',
  },
];

/** The label of a line such as "Education: Oakville SS" or "Skills – teamwork": what stands before the first colon or spaced dash. */
const LABEL = /^([^:]{1,40}?)\s*(?::|\s[–—|-]\s)/;
/** The line that introduces the keywords to add, in the review's text. */
export const KEYWORDS_TO_ADD_LEAD = 'Posting keywords to work in, where they are true for you:';
const EMAIL = /[^\s@]+@[^\s@]+\.[^\s@]+/;
const PHONE = /(?:\+?\d[\s.-]?)?\(?\d{3}\)?[\s.-]?\d{3}[\s.-]?\d{4}/;
const ACTION_VERBS = new Set(
  `achieved assisted built coached collaborated completed coordinated created delivered designed developed earned established
  handled helped improved increased led launched maintained managed mentored organized organised planned prepared presented
  raised reduced resolved served solved supervised supported taught trained tutored volunteered won wrote`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * A resume review without a model: which sections the resume has, how much of the posting's wording
 * it covers, and concrete suggestions. The resume's own text is only measured, never quoted, so
 * nothing written in it (instructions to a model included) can reach the review.
 */
export function reviewResume(resumeText: string, posting: Posting): { review: string; details: ResumeReviewDetails } {
  const keywords = keywordsOf(
    [
      { text: posting.title, weight: 3 },
      { text: posting.cluster ?? '', weight: 2 },
      { text: posting.description, weight: 1 },
    ],
    12,
  );
  const { matched, missing } = coverage(keywords, resumeText);
  const found = SECTIONS.filter((section) => hasHeading(resumeText, section.headings));
  const hasContact = EMAIL.test(resumeText) || PHONE.test(resumeText);
  const details: ResumeReviewDetails = {
    sectionsFound: [...(hasContact ? ['Contact'] : []), ...found.map((section) => section.name)],
    sectionsMissing: [
      ...(hasContact ? [] : ['Contact']),
      ...SECTIONS.filter((section) => section.required && !found.includes(section)).map((section) => section.name),
    ],
    keywordCoverage: keywords.length ? Math.round((matched.length / keywords.length) * 100) / 100 : 0,
    matchedKeywords: matched.map((keyword) => keyword.word),
    missingKeywords: missing.map((keyword) => keyword.word),
  };
  const heading = `**Resume review for ${posting.title} at ${posting.company}**`;
  if (words(resumeText).length < 5) {
    return {
      review: [
        heading,
        "**No text was found in this PDF.** It may be a scanned image or a photo of a page, which employers' systems cannot read either.",
        'Export your resume from your editor (Word, Google Docs, Pages) with File → Download → PDF, then review it again.',
      ].join('\n'),
      details: {
        ...details,
        sectionsFound: [],
        sectionsMissing: ['Contact', ...SECTIONS.filter((section) => section.required).map((section) => section.name)],
      },
    };
  }

  const percent = Math.round(details.keywordCoverage * 100);
  const lines = [
    heading,
    `**Keyword match: ${matched.length} of ${keywords.length} (${percent}%)** of the posting's keywords appear in your resume. ${verdict(percent)}`,
  ];
  lines.push(
    '',
    'Sections found:',
    ...(details.sectionsFound.length ? details.sectionsFound.map((name) => `- **${name}**`) : ['- none that we could recognise']),
  );
  const toAdd = SECTIONS.filter((section) => !found.includes(section));
  if (!hasContact || toAdd.some((section) => section.required)) {
    lines.push('', 'Sections to add:');
    if (!hasContact) lines.push('- **Contact**: your e-mail address and phone number under your name');
    for (const section of toAdd.filter((candidate) => candidate.required)) lines.push(`- **${section.name}**: ${section.advice}`);
  }
  if (matched.length) lines.push('', 'Posting keywords already in your resume:', `- ${matched.map((keyword) => keyword.word).join(', ')}`);
  // One list of keywords to add: the review names exactly the words `details.missingKeywords` holds.
  if (details.missingKeywords.length) lines.push('', KEYWORDS_TO_ADD_LEAD, `- ${details.missingKeywords.join(', ')}`);
  lines.push('', 'Suggestions:', ...suggestions(resumeText, posting, toAdd, details.missingKeywords.length > 0).map((text) => `- ${text}`));
  return { review: lines.join('\n'), details };
}

function verdict(percent: number): string {
  if (percent >= 60) return 'Your resume already speaks to this posting.';
  if (percent >= 30) return 'Your resume partly speaks to this posting; tailor it a little more.';
  return 'Tailor your resume to this posting before you apply.';
}

/**
 * A section heading, in any case: a short line that is (or starts or ends with) one of the section's
 * names, or a line whose label before a colon or a dash is one, with or without the section's first
 * entry after it on the same line ("Skills: customer service, teamwork").
 */
function hasHeading(text: string, headings: readonly string[]): boolean {
  const isHeading = (label: string): boolean =>
    label !== '' && label.split(/\s+/).length <= 4 && headings.some((name) => label === name || label.startsWith(`${name} `) || label.endsWith(` ${name}`));
  return text.split('\n').some((line) => {
    const plain = line
      .trim()
      .toLowerCase()
      .replace(/^[•*#|\s-]+/, '');
    const labelled = LABEL.exec(plain);
    if (labelled && isHeading((labelled[1] as string).trim())) return true;
    return isHeading(plain.replace(/[:•\-–—|]+$/, '').trim());
  });
}

function suggestions(text: string, posting: Posting, toAdd: readonly Section[], keywordsToAdd: boolean): string[] {
  const all = words(text);
  const tips: string[] = [];
  if (keywordsToAdd)
    tips.push("Work the posting's keywords listed above into your lines where they describe you: reviewers and screening tools look for them.");
  const verbs = new Set(terms(text).filter((term) => ACTION_VERBS.has(term) || ACTION_VERBS.has(`${term}ed`) || ACTION_VERBS.has(`${term}d`)));
  if (verbs.size < 3) tips.push('Start each experience line with an action verb (**organized**, **served**, **led**, **built**) instead of "responsible for".');
  const quantities = (text.match(/\b\d+(?:[.,]\d+)?\s*(?:%|\+|k\b)?/g) ?? []).filter((number) => !/^(19|20)\d\d$/.test(number.trim()));
  if (quantities.length < 2) tips.push('Add numbers that show scale: customers served per shift, money raised, hours volunteered, team size.');
  if (all.length < 120) tips.push(`At ${all.length} words your resume is short: describe two or three experiences in one or two lines each.`);
  if (all.length > 900)
    tips.push(`At ${all.length} words your resume is long for a student: keep it to one page and cut what does not relate to this posting.`);
  const firstPerson = all.filter((word) => word === 'i' || word === 'my' || word === 'me').length;
  if (firstPerson > 4) tips.push('Drop "I" and "my" from the lines: "Served customers", not "I served customers".');
  const optional = toAdd.find((section) => !section.required);
  if (optional) tips.push(`Consider a **${optional.name}** section: ${optional.advice}.`);
  tips.push(
    `Name the ${posting.postingType.toLowerCase()} in a one-line summary at the top: "Student seeking the ${posting.title} position at ${posting.company}".`,
  );
  return tips.slice(0, 6);
}
