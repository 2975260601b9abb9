import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Viewer } from '@opportunity-kit/sdk/domain';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { PostOpportunityForm } from './post-opportunity-form.tsx';
import { EMPTY_POSTING, type PostingFormValues, type PostOpportunityFormState } from './post-opportunity-form-model.ts';
import { PostOpportunityFormView } from './post-opportunity-form-view.tsx';
import { NO_RULE_VALUES, type PostingRuleFormValues } from './posting-rule-fields.tsx';

const recruiter: Viewer = { id: 'recruiter1', role: 'recruiter' };

function showForm(rules: Partial<PostingRuleFormValues>, posting: Partial<PostingFormValues> = {}) {
  const state: PostOpportunityFormState = {
    mode: 'create',
    values: { ...EMPTY_POSTING, ...posting, rules: { ...NO_RULE_VALUES, ...rules } },
    errors: {},
    submission: { status: 'idle' },
    imageName: null,
    refusals: 0,
  };
  const actions = { setValue: vi.fn(), setImage: vi.fn(), submit: vi.fn() };
  const view = render(<PostOpportunityFormView state={state} actions={actions} showVisibility={false} today="2026-11-21" />);
  return { ...view, actions, section: within(screen.getByRole('group', { name: 'Who can take it' })) };
}

/** What a screen reader hears with the field: its hint and its error. */
const describedBy = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

const rulingOf = (container: HTMLElement) => container.querySelector('[aria-live="polite"].ok-post-form__ruling')?.textContent ?? '';

describe('"Who can take it" on the posting form (issue 26)', () => {
  it('rules as the form is filled in: a factory job is open from age 15, with the reason, its source, the pay floor and the rules’ version', () => {
    const { container, section } = showForm({ workplace: 'factory', payRate: '17.60' });
    expect((section.getByLabelText('Workplace') as HTMLSelectElement).value).toBe('factory');
    const ruling = rulingOf(container);
    expect(ruling).toContain('Open from age 15.');
    expect(ruling).toContain('Factories, including restaurant kitchens, repair shops, garages and warehouses, employ students from age 15.');
    expect(ruling).toContain('(R.R.O. 1990, Reg. 851 (Industrial Establishments), s. 4)');
    expect(ruling).toMatch(/Pay at least \$\d+\.\d{2} an hour/);
    expect(ruling).toContain('Ontario rules, version');
  });

  it('shows a refusal before submit: pay under the floor, on the pay field, with the rule and its source', () => {
    const { section, actions } = showForm({ workplace: 'store', payRate: '10' });
    const pay = section.getByLabelText(/Pay amount/);
    expect(pay.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(pay)).toMatch(/minimum wage.*\(.*Employment Standards.*\)/i);
    expect(actions.submit).not.toHaveBeenCalled();
  });

  it('refuses asking students of 14 during school hours, on the age field', () => {
    const { section } = showForm({
      workplace: 'office',
      scheduleDays: ['tue'],
      scheduleStart: '10:00',
      scheduleEnd: '12:00',
      declaredMinimumAge: '14',
      payRate: '18',
    });
    const age = section.getByLabelText(/Only students aged/);
    expect(age.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(age)).toMatch(/school hours.*\(.*Education Act.*\)/i);
  });

  it('offers no pay for Volunteering, and says why its hours would not count', () => {
    const { container, section } = showForm({ workplace: 'community', tasks: ['cash'] }, { postingType: 'Volunteering' });
    expect(section.queryByLabelText('Paid work')).toBeNull();
    expect(section.queryByLabelText(/Pay amount/)).toBeNull();
    expect(rulingOf(container)).toContain(
      'These hours would not count toward the diploma’s community involvement hours: Banking or handling valuables does not count.',
    );
  });

  it('a kitchen volunteering posting counts, from age 15; the section has no axe violations', async () => {
    const { container } = showForm({ workplace: 'restaurant-kitchen', tasks: ['cooking'] }, { postingType: 'Volunteering' });
    expect(rulingOf(container)).toContain('Open from age 15.');
    expect(rulingOf(container)).toContain('These volunteering hours count toward the diploma’s community involvement hours.');
    await expectNoAxeViolations(container);
  });

  it('updates the ruling live as the poster picks the workplace and types the pay', async () => {
    const api = fakeJobs([]);
    render(<PostOpportunityForm jobs={api} viewer={recruiter} onCreated={vi.fn()} today="2026-11-21" />);
    const section = within(screen.getByRole('group', { name: 'Who can take it' }));
    await userEvent.selectOptions(section.getByLabelText('Workplace'), 'warehouse');
    await userEvent.type(section.getByLabelText(/Pay amount/), '17.6');
    expect(screen.getByText(/Open from age 15\./)).toBeTruthy();
    await userEvent.clear(section.getByLabelText(/Pay amount/));
    await userEvent.type(section.getByLabelText(/Pay amount/), '9');
    expect(section.getByLabelText(/Pay amount/).getAttribute('aria-invalid')).toBe('true');
  });
});
