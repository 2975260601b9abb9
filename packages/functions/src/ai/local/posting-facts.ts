import { aiJobLink, formatHourlyRate, spokenDate, type Job } from '@opportunity-kit/sdk/domain';
import type { Posting } from '../posting.ts';
import type { PostingAttribute } from './coach-question.ts';

/** A posting as the coach speaks of it: what every student sees on its detail page. */
export type CoachPosting = Posting & Partial<Pick<Job, 'address' | 'contactEmail' | 'companyWebsite'>>;

/** The posting named as the portal shows it: its title in bold, linked to its page. */
export function postingLink(posting: Posting): string {
  return `**${aiJobLink(posting.title, posting.id)}**`;
}

// Gigs and volunteering rarely fill in the salary column; their descriptions often say what they pay.
const MONEY =
  /\$\s?\d+(?:[.,]\d{2})?(?:\s*(?:\/\s*(?:hour|hr|h|day|visit|walk|game)\b|per [a-z-]+|an? (?:hour|day)\b|each (?:time|visit)\b|for (?:the|a|an|each) (?:[a-z-]+ )?(?:day|game|visit|walk|shift|hour)\b))?/i;

/** What the posting pays ("**$17.60/hour**"), or null when neither its salary nor its description says. */
function payOf(posting: CoachPosting): string | null {
  const rate = formatHourlyRate(posting.hourlyRate);
  if (rate) return `**${rate}**`;
  const said = MONEY.exec(posting.description)?.[0];
  return said ? `**${said.replace(/\s+/g, ' ')}** (as its description says)` : null;
}

/** When the posting runs ("from **June 1, 2030** to **…**"), or null without dates. */
function datesOf(posting: CoachPosting): string | null {
  const { startDate: start, endDate: end } = posting;
  if (start && end) return start.slice(0, 10) === end.slice(0, 10) ? `on **${spokenDate(start)}**` : `from **${spokenDate(start)}** to **${spokenDate(end)}**`;
  if (start) return `from **${spokenDate(start)}**`;
  if (end) return `until **${spokenDate(end)}**`;
  return null;
}

/** The ways to apply: always the portal, and the posting's website and contact when it has them. */
function waysToApply(posting: CoachPosting): string {
  const ways = ['open it and choose **Apply To Opportunity**'];
  if (posting.companyWebsite && posting.postingType !== 'Gig') ways.push(`apply on its website, ${posting.companyWebsite}`);
  if (posting.contactEmail) ways.push(`write to ${posting.contactEmail} (**Contact Employer**)`);
  const deadline = posting.applicationDeadline ? `, before **${spokenDate(posting.applicationDeadline)}**` : '';
  return `${ways.join(', or ')}${deadline}`;
}

/** The posting's field, when it names one ("Other" and "N/A" say nothing). */
const clusterOf = (posting: Posting): string | null => (posting.cluster && !['N/A', 'Other'].includes(posting.cluster) ? posting.cluster : null);
const fieldOf = (posting: Posting): string => (clusterOf(posting) ? ` in ${clusterOf(posting)}` : '');
const placeOf = (posting: CoachPosting): string => `**${posting.location}**${posting.address ? ` (${posting.address})` : ''}`;

/** One fact of a posting, as the clause that follows its name ("… takes applications until **June 1, 2030**"). */
export function factOf(posting: CoachPosting, attribute: PostingAttribute): string {
  switch (attribute) {
    case 'deadline':
      return posting.applicationDeadline
        ? `takes applications until **${spokenDate(posting.applicationDeadline)}**`
        : 'has no application deadline posted: apply while it is listed';
    case 'pay': {
      const pay = payOf(posting);
      if (pay) return `pays ${pay}`;
      return posting.postingType === 'Volunteering' ? 'is volunteering: unpaid, and it counts toward your community involvement hours' : 'has no pay posted';
    }
    case 'location':
      return `is in ${placeOf(posting)}`;
    case 'dates': {
      const dates = datesOf(posting);
      return dates ? `runs ${dates}` : 'has no start or end date posted';
    }
    case 'apply':
      return `takes applications in the portal: ${waysToApply(posting)}`;
    case 'type':
      return `is a **${posting.postingType}** posting${fieldOf(posting)}`;
  }
}

/** Everything a student asks about one posting, for a posting named without a question. */
export function factSheet(posting: CoachPosting): string[] {
  const unpaid = posting.postingType === 'Volunteering' ? 'unpaid (volunteering)' : 'none posted';
  return [
    `${postingLink(posting)} at ${posting.company} is a ${posting.postingType}${fieldOf(posting)}:`,
    `- Where: ${placeOf(posting)}`,
    `- Pay: ${payOf(posting) ?? unpaid}`,
    `- Dates: ${datesOf(posting) ?? 'none posted'}`,
    `- Application deadline: ${posting.applicationDeadline ? `**${spokenDate(posting.applicationDeadline)}**` : 'none posted'}`,
    `- How to apply: ${waysToApply(posting)}`,
  ];
}

/** One line per posting: its link, employer, type and place. */
export function postingBullet(posting: Posting): string {
  const field = clusterOf(posting) ? ` (${clusterOf(posting)})` : '';
  return `- ${postingLink(posting)} at ${posting.company}: ${posting.postingType} in ${posting.location}${field}`;
}
