import { render, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { Job, PostingRuleDetails, Viewer } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { JobDetailView, jobDetailLinks } from './job-detail-view.tsx';
import type { JobDetailState } from './job-detail-model.ts';

const student: Viewer = { id: 'student1', role: 'student' };

const NO_RULES: PostingRuleDetails = {
  workplace: null,
  tasks: [],
  schedule: { days: [], start: null, end: null, hoursPerWeek: null },
  paid: true,
  payRate: null,
  payUnit: null,
  forProfit: null,
  declaredMinimumAge: null,
};

function ready(job: Job): JobDetailState {
  const idle = { status: 'idle' } as const;
  return { status: 'ready', job, error: null, applied: null, assignment: idle, removal: idle, stateChange: idle, saved: null, saveError: null };
}

function showDetail(job: Job) {
  const actions = { assign: vi.fn(), resetAssignment: vi.fn(), remove: vi.fn(), setPostingState: vi.fn(), retry: vi.fn(), toggleSave: vi.fn() };
  render(<JobDetailView state={ready(job)} actions={actions} viewer={student} imageUrl={null} links={jobDetailLinks(job)} />);
  return within(document.querySelector('.ok-job-detail__facts') as HTMLElement);
}

const factOf = (facts: ReturnType<typeof showDetail>, label: string) => facts.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent ?? '';

describe('the posting’s youth-work facts (issue 26)', () => {
  it('a factory job is open from age 15, says why with its source and the rules’ version, and shows its schedule', () => {
    const facts = showDetail(
      aJob({
        title: 'Production Helper',
        ruleDetails: {
          ...NO_RULES,
          workplace: 'factory',
          schedule: { days: ['sat'], start: '09:00', end: '15:00', hoursPerWeek: 6 },
          payRate: 17.6,
          forProfit: true,
        },
      }),
    );
    const who = factOf(facts, 'Who can take it');
    expect(who).toContain('Open from age 15');
    expect(who).toContain('Factories, including restaurant kitchens, repair shops, garages and warehouses, employ students from age 15.');
    expect(who).toMatch(/\(.*Industrial Establishments.*\)/);
    expect(who).toContain('Ontario rules, version');
    expect(factOf(facts, 'Schedule')).toBe('Sat, 09:00–15:00, 6 h a week');
    expect(facts.queryByText('Community involvement hours')).toBeNull();
  });

  it('a volunteering posting says whether its hours count toward the diploma, and why not', () => {
    const counts = showDetail(
      aJob({ postingType: 'Volunteering', hourlyRate: null, ruleDetails: { ...NO_RULES, workplace: 'restaurant-kitchen', tasks: ['cooking'], paid: false } }),
    );
    expect(factOf(counts, 'Community involvement hours')).toContain('These hours count toward the diploma (from age 15)');
    document.body.innerHTML = '';
    const excluded = showDetail(
      aJob({ postingType: 'Volunteering', hourlyRate: null, ruleDetails: { ...NO_RULES, workplace: 'community', tasks: ['cash'], paid: false } }),
    );
    const hours = factOf(excluded, 'Community involvement hours');
    expect(hours).toContain('These hours do not count toward the diploma');
    expect(hours).toContain('Banking or handling valuables does not count.');
  });

  it('a posting from before the rules shows none of these facts', () => {
    const facts = showDetail(aJob({ title: 'Barista' }));
    expect(facts.queryByText('Who can take it')).toBeNull();
    expect(facts.queryByText('Schedule')).toBeNull();
  });
});
