import {
  DEFAULT_BOARD_RULES,
  ruleFactsOf,
  ruleOnPosting,
  rulesVersionLabel,
  todayDateString,
  type BoardRules,
  type DateString,
  type Job,
  type PostingSchedule,
  type RuleFinding,
  type Weekday,
} from '@opportunity-kit/sdk/domain';

const DAY_NAMES: Readonly<Record<Weekday, string>> = { mon: 'Mon', tue: 'Tue', wed: 'Wed', thu: 'Thu', fri: 'Fri', sat: 'Sat', sun: 'Sun' };

/** "Sat, 09:00–15:00, 6 h a week": what the posting says of when the work happens, or null when it says nothing. */
export function scheduleLabel(schedule: PostingSchedule): string | null {
  const parts = [
    schedule.days.map((day) => DAY_NAMES[day]).join(' '),
    schedule.start && schedule.end ? `${schedule.start}–${schedule.end}` : '',
    schedule.hoursPerWeek === null ? '' : `${schedule.hoursPerWeek} h a week`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(', ') : null;
}

function Findings({ findings }: { findings: readonly RuleFinding[] }) {
  if (findings.length === 0) return null;
  return (
    <ul className="ok-job-detail__rule-reasons">
      {findings.map((finding) => (
        <li key={finding.ruleId}>
          {finding.text} <span className="ok-job-detail__rule-source">({finding.source})</span>
        </li>
      ))}
    </ul>
  );
}

/**
 * The posting's own youth-work facts (issue 26), for whoever reads it: from what age the rules open it
 * and why (each reason with its source), its schedule, and for Volunteering whether its hours count
 * toward the diploma. The ruling is `ruleOnPosting`'s, under the board's rules, so the page says what
 * the form and the server said; what it means for one student is the primary action's business.
 */
export function PostingRuleFacts({
  job,
  rules = DEFAULT_BOARD_RULES,
  today = todayDateString(),
}: {
  job: Job;
  rules?: BoardRules | undefined;
  today?: DateString;
}) {
  if (!job.ruleDetails) return null;
  const ruling = ruleOnPosting(ruleFactsOf(job), rules, today);
  const schedule = scheduleLabel(job.ruleDetails.schedule);
  const hours = ruling.communityHours;
  return (
    <>
      <div className="ok-job-detail__fact ok-job-detail__fact--wide">
        <dt>Who can take it</dt>
        <dd>
          Open from age {ruling.minimumAge}
          <Findings findings={ruling.ageReasons} />
          <span className="ok-job-detail__rule-version">{rulesVersionLabel(ruling.rules)}</span>
        </dd>
      </div>
      {schedule ? (
        <div className="ok-job-detail__fact">
          <dt>Schedule</dt>
          <dd>{schedule}</dd>
        </div>
      ) : null}
      {hours ? (
        <div className="ok-job-detail__fact ok-job-detail__fact--wide">
          <dt>Community involvement hours</dt>
          <dd>
            {hours.counts ? `These hours count toward the diploma (from age ${hours.fromAge})` : 'These hours do not count toward the diploma'}
            <Findings findings={hours.reasons} />
          </dd>
        </div>
      ) : null}
    </>
  );
}
