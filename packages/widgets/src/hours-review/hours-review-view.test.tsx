import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { HoursDownload, ServiceHoursEntry } from '@opportunity-kit/sdk';
import { HOURS_MESSAGES } from '@opportunity-kit/sdk/domain';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { aServiceHoursEntry } from '../testing/a-service-hours-entry.ts';
import { HoursReview } from './hours-review.tsx';
import type { HoursReviewApi } from './hours-review-controller.ts';
import type { HoursReviewActions, HoursReviewState } from './hours-review-model.ts';
import { EMPTY_QUEUE_TEXT, HoursReviewView } from './hours-review-view.tsx';

const ready: HoursReviewState = { status: 'ready', error: null, entries: [], review: { state: 'idle' }, exportProgress: { state: 'idle' } };

function someActions(): HoursReviewActions {
  return { review: vi.fn(), exportTotals: vi.fn(), retry: vi.fn() };
}

/** The SDK's hours module over `queue`: a decision takes the entry off the queue, as on the server. */
function fakeHours(queue: ServiceHoursEntry[]): HoursReviewApi {
  return {
    queue: async () => [...queue],
    review: async (id, review) => {
      const entry = queue.find((candidate) => candidate.id === id) as ServiceHoursEntry;
      queue.splice(queue.indexOf(entry), 1);
      return { ...entry, status: review.decision, approvedHours: review.decision === 'partial' ? (review.hours ?? 0) : 0 };
    },
    exportCsv: async () => ({ fileName: 'community-involvement-hours.csv', blob: new Blob(['Student,Email,Approved hours,Pending hours']) }),
  };
}

describe('HoursReviewView', () => {
  it("shows each entry's facts, flags a disputed one, and has no axe violations", async () => {
    const confirmed = aServiceHoursEntry({ studentName: 'Maya Patel', organisation: 'Riverside Food Bank', hours: 2.5, date: '2026-11-14' });
    const disputed = aServiceHoursEntry({ studentName: 'Leo Chen', organisation: 'Hamilton Public Library', status: 'disputed', reflection: null });
    const pending = aServiceHoursEntry({ studentName: 'Ana Silva', status: 'pending', supervisorAnsweredAt: null });
    const { container } = render(<HoursReviewView state={{ ...ready, entries: [confirmed, disputed, pending] }} actions={someActions()} />);

    const [first, second, third] = screen.getAllByRole('article');
    expect(within(first as HTMLElement).getByRole('heading', { name: 'Maya Patel · Riverside Food Bank' })).toBeTruthy();
    expect(within(first as HTMLElement).getByText('November 14, 2026')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('2.5 h')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Dana Lee (dana.lee@foodbank.example)')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Confirmed on November 15, 2026')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('I learned how a food bank plans its week.')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Disputed by the supervisor')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('No reflection')).toBeTruthy();
    expect(within(third as HTMLElement).getByText('No answer yet')).toBeTruthy();
    await expectNoAxeViolations(container);
  });

  it('sends what the teacher chose, with the hours field only for a partial approval', async () => {
    const user = userEvent.setup();
    const actions = someActions();
    const entry = aServiceHoursEntry({ hours: 3 });
    render(<HoursReviewView state={{ ...ready, entries: [entry] }} actions={actions} />);
    expect(screen.queryByLabelText(/Hours that count/)).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Partially approve' }));
    await user.type(screen.getByRole('spinbutton', { name: /Hours that count/ }), '2.5');
    await user.type(screen.getByRole('textbox', { name: /Comment for the student/ }), 'Half an hour was lunch.');
    await user.click(screen.getByRole('button', { name: 'Save decision' }));
    expect(actions.review).toHaveBeenCalledWith(entry.id, { decision: 'partial', hours: '2.5', comment: 'Half an hour was lunch.' });
  });

  it('shows a refusal beside its field and moves the focus there', async () => {
    const entry = aServiceHoursEntry();
    render(
      <HoursReviewView
        state={{
          ...ready,
          entries: [entry],
          review: { state: 'refused', entryId: entry.id, errors: { comment: HOURS_MESSAGES.commentRequired }, message: null },
        }}
        actions={someActions()}
      />,
    );
    const comment = screen.getByRole('textbox', { name: /Comment for the student/ });
    expect(comment.getAttribute('aria-invalid')).toBe('true');
    expect(comment.getAttribute('aria-describedby')).toContain(screen.getByText(HOURS_MESSAGES.commentRequired).id);
    expect(document.activeElement).toBe(comment);
  });

  it('says when the queue is empty, and offers Try again when it could not load', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<HoursReviewView state={ready} actions={someActions()} />);
    expect(screen.getByText(EMPTY_QUEUE_TEXT)).toBeTruthy();
    const actions = someActions();
    rerender(<HoursReviewView state={{ ...ready, status: 'error', error: 'You are offline.' }} actions={actions} />);
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
    render(<HoursReview hours={fakeHours([entry])} save={(file) => saved.push(file)} />);
    const article = await screen.findByRole('article');
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
});
