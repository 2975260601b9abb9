import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { AppliedState } from '@opportunity-kit/sdk';
import { MESSAGES, type Job, type Viewer } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import type { JobDetailActions, JobDetailState } from './job-detail-model.ts';
import { jobDetailLinks, JobDetailView, type JobDetailViewProps } from './job-detail-view.tsx';

/** Issue 14: what each role sees of a posting's assignment, state and the student's own application. */

const student: Viewer = { id: 'student1', role: 'student' };
const teacher: Viewer = { id: 'teacher1', role: 'teacher' };
const creator: Viewer = { id: 'recruiter1', role: 'recruiter' };
const DAY = 24 * 60 * 60 * 1000;

function props(job: Job, viewer: Viewer | null, state: Partial<JobDetailState> = {}): JobDetailViewProps {
  const actions: JobDetailActions = {
    assign: vi.fn(),
    resetAssignment: vi.fn(),
    remove: vi.fn(),
    setPostingState: vi.fn(),
    retry: vi.fn(),
    toggleSave: vi.fn(),
  };
  return {
    state: {
      status: 'ready',
      job,
      error: null,
      applied: null,
      assignment: { status: 'idle' },
      removal: { status: 'idle' },
      stateChange: { status: 'idle' },
      saved: null,
      saveError: null,
      ...state,
    },
    actions,
    viewer,
    imageUrl: null,
    links: jobDetailLinks(job),
  };
}

function applied(status: AppliedState['status']): AppliedState {
  return { applicationId: 'a1', jobId: 'j1', status, postingRemoved: false, appliedAt: '2026-11-02T10:00:00.000+00:00' };
}

const names = () => [...screen.queryAllByRole('link'), ...screen.queryAllByRole('button')].map((control) => control.textContent);
const location = () => screen.getByText('Location').nextElementSibling?.textContent;

describe('JobDetailView, issue 14', () => {
  it('names the address and the place once, even when the address already ends with the place', () => {
    const { rerender } = render(<JobDetailView {...props(aJob({ address: '200 Lakeshore Rd E, Oakville, ON', location: 'Oakville' }), student)} />);
    expect(location()).toBe('200 Lakeshore Rd E, Oakville');
    rerender(
      <JobDetailView
        {...props(aJob({ address: null, streetAddress: '50 Main St N', postalCode: 'L6V 1N6', addressRegion: 'ON', location: 'Brampton' }), student)}
      />,
    );
    expect(location()).toBe('50 Main St N, Brampton, ON L6V 1N6');
    rerender(<JobDetailView {...props(aJob({ address: '12 Lakeshore Rd', location: 'Oakville' }), student)} />);
    expect(location()).toBe('12 Lakeshore Rd, Oakville');
    rerender(<JobDetailView {...props(aJob({ address: null, location: 'Milton' }), student)} />);
    expect(location()).toBe('Milton');
  });

  it('tells another student a posting is assigned, without whom, and offers no Apply', () => {
    render(<JobDetailView {...props(aJob({ assigned: true, assignedStudentId: null, assignedStudentEmail: null }), student)} />);
    expect(screen.getByText('This opportunity has been assigned')).toBeTruthy();
    expect(names()).not.toContain('Apply To Opportunity');
    expect(screen.queryByText(/@school\.example/)).toBeNull();
  });

  it('tells the assigned student and the managers who it is assigned to', () => {
    const job = aJob({ assigned: true, assignedStudentId: 'student1', assignedStudentEmail: '1sam@school.example' });
    const { rerender } = render(<JobDetailView {...props(job, student)} />);
    expect(screen.getByText(/^Assigned to/).textContent).toBe('Assigned to 1sam@school.example');
    expect(names()).toContain('Apply To Opportunity');
    rerender(<JobDetailView {...props(job, creator)} />);
    expect(screen.getByText(/^Assigned to/).textContent).toBe('Assigned to 1sam@school.example');
  });

  it('shows a student who applied "Applied" with the status in words and a link to My applications, instead of Apply', () => {
    const { rerender } = render(<JobDetailView {...props(aJob({ id: 'j1' }), student, { applied: applied('pending') })} />);
    expect(names()).not.toContain('Apply To Opportunity');
    const status = screen.getByRole('region', { name: 'Applied' });
    expect(status.textContent).toContain(MESSAGES.applicationPending);
    expect(screen.getByRole('link', { name: 'My applications' }).getAttribute('href')).toBe('/my-applications');
    rerender(<JobDetailView {...props(aJob({ id: 'j1' }), student, { applied: applied('accepted') })} />);
    expect(screen.getByRole('region', { name: 'Applied' }).textContent).toContain(MESSAGES.applicationAccepted);
  });

  it('says a closed or filled posting is no longer open, with no Apply, and lets a manager reopen it', async () => {
    const { rerender } = render(<JobDetailView {...props(aJob({ state: 'closed' }), student)} />);
    expect(screen.getByText('This opportunity is closed')).toBeTruthy();
    expect(names()).not.toContain('Apply To Opportunity');
    rerender(<JobDetailView {...props(aJob({ state: 'filled' }), student)} />);
    expect(screen.getByText('This opportunity has been filled')).toBeTruthy();
    expect(names()).not.toContain('Apply To Opportunity');
    const shown = props(aJob({ state: 'filled' }), creator);
    rerender(<JobDetailView {...shown} />);
    expect(names()).not.toContain('Close Opportunity');
    await userEvent.click(screen.getByRole('button', { name: 'Reopen Opportunity' }));
    expect(shown.actions.setPostingState).toHaveBeenCalledWith('open');
  });

  it('gives the creator Edit, the applications and Close or Mark Filled, and no Practice Interview', async () => {
    const shown = props(aJob({ id: 'j1' }), creator);
    render(<JobDetailView {...shown} />);
    expect(screen.getByRole('link', { name: 'Edit Opportunity' }).getAttribute('href')).toBe('/job/j1/edit');
    expect(screen.getByRole('link', { name: 'Manage applications' }).getAttribute('href')).toBe('/application-manager');
    expect(names()).not.toContain('Practice Interview for this Position');
    expect(names()).not.toContain('Apply To Opportunity');
    await userEvent.click(screen.getByRole('button', { name: 'Close Opportunity' }));
    expect(shown.actions.setPostingState).toHaveBeenCalledWith('closed');
    await userEvent.click(screen.getByRole('button', { name: 'Mark Filled' }));
    expect(shown.actions.setPostingState).toHaveBeenCalledWith('filled');
  });

  it('lets a teacher edit any posting, but not another recruiter', () => {
    const { rerender } = render(<JobDetailView {...props(aJob({ id: 'j1' }), teacher)} />);
    expect(names()).toContain('Edit Opportunity');
    rerender(<JobDetailView {...props(aJob({ id: 'j1' }), { id: 'other', role: 'recruiter' })} />);
    expect(names()).not.toContain('Edit Opportunity');
    expect(names()).not.toContain('Close Opportunity');
    expect(names()).toContain('Practice Interview for this Position');
  });

  it('says how long ago it was posted, and leads back to its listing', () => {
    render(<JobDetailView {...props(aJob({ postingType: 'Gig', createdAt: new Date(Date.now() - 3 * DAY - 60_000).toISOString() }), student)} />);
    expect(screen.getByText('Posted 3 days ago')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Gig listings' }).getAttribute('href')).toBe('/gigs');
  });

  it('has no axe violations as a manager of a closed posting and as a student who applied', async () => {
    const { container, rerender } = render(<JobDetailView {...props(aJob({ state: 'closed' }), creator)} />);
    await expectNoAxeViolations(container);
    rerender(<JobDetailView {...props(aJob(), student, { applied: applied('pending') })} />);
    await expectNoAxeViolations(container);
  });
});
