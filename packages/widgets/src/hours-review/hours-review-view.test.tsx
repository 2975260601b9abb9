import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HoursDownload } from '@opportunity-kit/sdk';
import { HOURS_MESSAGES } from '@opportunity-kit/sdk/domain';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { aServiceHoursEntry } from '../testing/a-service-hours-entry.ts';
import { fakeHoursReview } from '../testing/fake-hours.ts';
import { anHoursReviewState, hoursReviewActions } from '../testing/hours-review-state.ts';
import { HoursReview } from './hours-review.tsx';
import { PARTIAL_QUEUE_NOTE } from './hours-review-progress.tsx';
import { EMPTY_QUEUE_TEXT, HoursReviewView, NO_MATCH_TEXT } from './hours-review-view.tsx';

const someActions = () => hoursReviewActions(() => vi.fn());
const table = () => screen.getByRole('table', { name: /Entries awaiting a decision/ });
const rowOf = (text: string) => within(table()).getByRole('row', { name: new RegExp(text) });

describe('HoursReviewView', () => {
  it('shows one compact row per entry, with sortable header cells, labelled checkboxes for confirmed entries only, and no axe violations', async () => {
    const confirmed = aServiceHoursEntry({ studentName: 'Maya Patel', organisation: 'Riverside Food Bank', hours: 2.5, date: '2026-11-14' });
    const disputed = aServiceHoursEntry({ studentName: 'Leo Chen', organisation: 'Hamilton Public Library', status: 'disputed' });
    const pending = aServiceHoursEntry({ studentName: 'Ana Silva', status: 'pending', supervisorAnsweredAt: null });
    const { container } = render(<HoursReviewView state={anHoursReviewState([confirmed, disputed, pending])} actions={someActions()} />);

    const headers = within(table()).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual(['', 'Student', 'Organisation', 'Date', 'Hours', 'Status▲', 'Details']);
    expect(headers[5]?.getAttribute('aria-sort')).toBe('ascending');
    const maya = rowOf('Maya Patel');
    expect(within(maya).getByText('Riverside Food Bank')).toBeTruthy();
    expect(within(maya).getByText('November 14, 2026')).toBeTruthy();
    expect(within(maya).getByText('2.5 h')).toBeTruthy();
    expect(within(maya).getByRole('checkbox', { name: 'Select Maya Patel, November 14, 2026' })).toBeTruthy();
    expect(within(rowOf('Leo Chen')).getByText('Disputed by the supervisor')).toBeTruthy();
    expect(within(rowOf('Leo Chen')).queryByRole('checkbox')).toBeNull();
    expect(within(rowOf('Ana Silva')).getByText('Waiting for the supervisor')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Approve selected (0)' }).hasAttribute('disabled')).toBe(true);
    await expectNoAxeViolations(container);
  });

  it("opens an entry's facts and decision form from its Details button, by keyboard too, and sends what the teacher chose", async () => {
    const user = userEvent.setup();
    const actions = someActions();
    const entry = aServiceHoursEntry({ studentName: 'Maya Patel', hours: 3, reflection: null });
    const { container } = render(<HoursReviewView state={anHoursReviewState([entry])} actions={actions} />);
    const details = within(rowOf('Maya Patel')).getByRole('button', { name: /^Details: Maya Patel/ });
    expect(details.getAttribute('aria-expanded')).toBe('false');
    details.focus();
    await user.keyboard('{Enter}');
    expect(details.getAttribute('aria-expanded')).toBe('true');
    const article = screen.getByRole('article', { name: 'Maya Patel · Riverside Food Bank' });
    expect(details.getAttribute('aria-controls')).toBe(article.closest('tr')?.id);
    expect(within(article).getByText('Dana Lee (dana.lee@foodbank.example)')).toBeTruthy();
    expect(within(article).getByText('No reflection')).toBeTruthy();
    await expectNoAxeViolations(container);

    await user.click(within(article).getByRole('radio', { name: 'Partially approve' }));
    await user.type(within(article).getByRole('spinbutton', { name: /Hours that count/ }), '2.5');
    await user.type(within(article).getByRole('textbox', { name: /Comment for the student/ }), 'Half an hour was lunch.');
    await user.click(within(article).getByRole('button', { name: 'Save decision' }));
    expect(actions.review).toHaveBeenCalledWith(entry.id, { decision: 'partial', hours: '2.5', comment: 'Half an hour was lunch.' });

    details.focus();
    await user.keyboard(' ');
    expect(screen.queryByRole('article')).toBeNull();
  });

  it('opens the detail on a click anywhere on the row but its checkbox', async () => {
    const user = userEvent.setup();
    const actions = someActions();
    const entry = aServiceHoursEntry({ studentName: 'Leo Chen' });
    render(<HoursReviewView state={anHoursReviewState([entry])} actions={actions} />);
    await user.click(within(rowOf('Leo Chen')).getByRole('checkbox'));
    expect(actions.toggleSelected).toHaveBeenCalledWith(entry.id);
    expect(screen.queryByRole('article')).toBeNull();
    await user.click(within(rowOf('Leo Chen')).getByText('Riverside Food Bank'));
    expect(screen.getByRole('article')).toBeTruthy();
  });

  it('sends each filter, sort and "Select all confirmed" to its action', async () => {
    const user = userEvent.setup();
    const actions = someActions();
    const entries = [aServiceHoursEntry({ studentId: 'leo', studentName: 'Leo Chen' }), aServiceHoursEntry({ organisation: 'Bayfront Park' })];
    render(<HoursReviewView state={anHoursReviewState(entries)} actions={actions} />);
    const filters = screen.getByRole('group', { name: 'Filter entries' });
    await user.type(within(filters).getByRole('searchbox', { name: 'Search' }), 'x');
    expect(actions.filter).toHaveBeenCalledWith({ search: 'x' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Status' }), 'Disputed');
    expect(actions.filter).toHaveBeenCalledWith({ status: 'disputed' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Student' }), 'Leo Chen');
    expect(actions.filter).toHaveBeenCalledWith({ studentId: 'leo' });
    await user.selectOptions(within(filters).getByRole('combobox', { name: 'Organisation' }), 'Bayfront Park');
    expect(actions.filter).toHaveBeenCalledWith({ organisation: 'Bayfront Park' });
    await user.type(within(filters).getByLabelText('From'), '2026-01-02');
    expect(actions.filter).toHaveBeenCalledWith({ from: '2026-01-02' });
    await user.click(within(table()).getByRole('button', { name: 'Date' }));
    expect(actions.sortBy).toHaveBeenCalledWith('date');
    await user.click(within(table()).getByRole('checkbox', { name: 'Select all confirmed' }));
    expect(actions.toggleAllConfirmed).toHaveBeenCalled();
  });

  it('renders the first rows of a long queue with "Show more", and says when the filters keep none', async () => {
    const user = userEvent.setup();
    const actions = someActions();
    const entries = Array.from({ length: 250 }, () => aServiceHoursEntry());
    const { rerender } = render(<HoursReviewView state={anHoursReviewState(entries)} actions={actions} />);
    expect(within(table()).getAllByRole('row')).toHaveLength(101);
    expect(screen.getByText('(showing 100 of 250)')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show more (150 not shown)' }));
    expect(actions.showMore).toHaveBeenCalled();
    rerender(
      <HoursReviewView
        state={anHoursReviewState(entries, { filters: { status: 'pending', studentId: '', organisation: '', from: '', to: '', search: '' } })}
        actions={actions}
      />,
    );
    expect(screen.getByText(NO_MATCH_TEXT)).toBeTruthy();
  });

  it('asks to confirm before approving the chosen entries, and announces the outcome', async () => {
    const user = userEvent.setup();
    const actions = someActions();
    const entries = [aServiceHoursEntry(), aServiceHoursEntry()];
    const chosen = new Set(entries.map((entry) => entry.id));
    const { rerender } = render(<HoursReviewView state={anHoursReviewState(entries, { selectedIds: chosen })} actions={actions} />);
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    expect(actions.requestApproval).toHaveBeenCalled();
    rerender(<HoursReviewView state={anHoursReviewState(entries, { selectedIds: chosen, bulk: { state: 'confirming', count: 2 } })} actions={actions} />);
    const confirm = screen.getByRole('group', { name: 'Confirm the approval' });
    expect(confirm.textContent).toContain('Approve 2 entries at their full hours? A decision is final.');
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Approve 2 entries' }));
    await user.click(within(confirm).getByRole('button', { name: 'Approve 2 entries' }));
    expect(actions.confirmApproval).toHaveBeenCalled();
    rerender(
      <HoursReviewView state={anHoursReviewState([], { bulk: { state: 'done', message: '1 approved, 1 skipped: already reviewed' } })} actions={actions} />,
    );
    expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain('1 approved, 1 skipped: already reviewed');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Hours review' }));
  });

  it('shows a refusal beside its field and moves the focus there', async () => {
    const user = userEvent.setup();
    const entry = aServiceHoursEntry({ studentName: 'Maya Patel' });
    const refused = { state: 'refused', entryId: entry.id, errors: { comment: HOURS_MESSAGES.commentRequired }, message: null } as const;
    const { rerender } = render(<HoursReviewView state={anHoursReviewState([entry])} actions={someActions()} />);
    await user.click(within(rowOf('Maya Patel')).getByRole('button', { name: /^Details/ }));
    rerender(<HoursReviewView state={anHoursReviewState([entry], { review: refused })} actions={someActions()} />);
    const comment = screen.getByRole('textbox', { name: /Comment for the student/ });
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(comment.getAttribute('aria-describedby')).toContain(screen.getByText(HOURS_MESSAGES.commentRequired).id);
    expect(document.activeElement).toBe(comment);
  });

  it('shows the entries loaded while the rest of the queue loads, says how many in a polite live region and what filters reach, with no axe violations', async () => {
    const entries = Array.from({ length: 300 }, () => aServiceHoursEntry());
    const loading = { state: 'loading', total: 2040 } as const;
    const { container, rerender } = render(<HoursReviewView state={anHoursReviewState(entries, { rest: loading })} actions={someActions()} />);
    expect(within(table()).getAllByRole('row')).toHaveLength(101);
    const progress = screen.getByText('Loading 300 of 2,040 entries…');
    expect(progress.getAttribute('role')).toBe('status');
    expect(screen.getByText(PARTIAL_QUEUE_NOTE)).toBeTruthy();
    await expectNoAxeViolations(container);

    rerender(<HoursReviewView state={anHoursReviewState(entries, { rest: { state: 'loaded', total: 300 } })} actions={someActions()} />);
    expect(screen.getByText('All 300 entries loaded.')).toBe(progress);
    expect(screen.queryByText(PARTIAL_QUEUE_NOTE)).toBeNull();
  });

  it('keeps the entries loaded when a later page failed, says why, and loads the rest on request', async () => {
    const user = userEvent.setup();
    const actions = someActions();
    const entries = Array.from({ length: 200 }, () => aServiceHoursEntry());
    const failed = { state: 'failed', total: 2040, message: 'You are offline.' } as const;
    render(<HoursReviewView state={anHoursReviewState(entries, { rest: failed })} actions={actions} />);
    expect(within(table()).getAllByRole('row')).toHaveLength(101);
    expect(screen.getByRole('alert').textContent).toContain('Only 200 of 2,040 entries could be loaded: You are offline.');
    await user.click(screen.getByRole('button', { name: 'Load the rest' }));
    expect(actions.retryRest).toHaveBeenCalled();
  });

  it('says when the queue is empty, and offers Try again when it could not load', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<HoursReviewView state={anHoursReviewState([])} actions={someActions()} />);
    expect(screen.getByText(EMPTY_QUEUE_TEXT)).toBeTruthy();
    const actions = someActions();
    rerender(<HoursReviewView state={anHoursReviewState([], { status: 'error', error: 'You are offline.' })} actions={actions} />);
    expect(screen.getByRole('alert').textContent).toContain('You are offline.');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(actions.retry).toHaveBeenCalled();
  });
});

describe('HoursReview (connected)', () => {
  it('declines an entry with a comment: it leaves the queue, the outcome is announced and the focus returns to the heading', async () => {
    const user = userEvent.setup();
    const entry = aServiceHoursEntry({ studentName: 'Leo Chen', organisation: 'Hamilton Public Library', hours: 2, status: 'disputed' });
    const saved: HoursDownload[] = [];
    render(<HoursReview hours={fakeHoursReview([entry]).api} save={(file) => saved.push(file)} />);
    await user.click(await screen.findByRole('button', { name: /^Details: Leo Chen/ }));
    const article = screen.getByRole('article');
    await user.click(within(article).getByRole('radio', { name: 'Decline' }));
    await user.click(within(article).getByRole('button', { name: 'Save decision' }));
    expect(within(article).getByText(HOURS_MESSAGES.commentRequired)).toBeTruthy();

    await user.type(within(article).getByRole('textbox', { name: /Comment for the student/ }), 'The supervisor disputed these hours.');
    await user.click(within(article).getByRole('button', { name: 'Save decision' }));
    expect(await screen.findByText('Declined: 2 h of Leo Chen at Hamilton Public Library do not count.')).toBeTruthy();
    expect(screen.queryByRole('article')).toBeNull();
    expect(screen.getByText(EMPTY_QUEUE_TEXT)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Hours review' }));

    await user.click(screen.getByRole('button', { name: 'Export totals (CSV)' }));
    await vi.waitFor(() => expect(saved.map((file) => file.fileName)).toEqual(['community-involvement-hours.csv']));
  });

  it('shows the first page of a long queue at once, then every entry once its pages are in', async () => {
    const entries = Array.from({ length: 250 }, () => aServiceHoursEntry());
    render(<HoursReview hours={fakeHoursReview(entries).api} />);
    expect(await screen.findByText('All 250 entries loaded.')).toBeTruthy();
    expect(screen.getByText('(showing 100 of 250)')).toBeTruthy();
  });

  it('approves every confirmed entry a search shows, by keyboard, and leaves the others', async () => {
    const user = userEvent.setup();
    const food = [aServiceHoursEntry({ organisation: 'Riverside Food Bank' }), aServiceHoursEntry({ organisation: 'Riverside Food Bank' })];
    const library = aServiceHoursEntry({ studentName: 'Leo Chen', organisation: 'Hamilton Public Library' });
    const { api, approveCalls } = fakeHoursReview([...food, library]);
    render(<HoursReview hours={api} />);
    await user.type(await screen.findByRole('searchbox', { name: 'Search' }), 'food bank');
    await user.click(screen.getByRole('checkbox', { name: 'Select all confirmed' }));
    await user.click(screen.getByRole('button', { name: 'Approve selected (2)' }));
    await user.keyboard('{Enter}');
    expect(await screen.findByText('2 approved')).toBeTruthy();
    expect(approveCalls).toEqual([food.map((entry) => entry.id)]);
    await user.clear(screen.getByRole('searchbox', { name: 'Search' }));
    expect(within(table()).getAllByRole('row')).toHaveLength(2);
    expect(rowOf('Leo Chen')).toBeTruthy();
  });
});
