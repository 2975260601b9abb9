import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { PortalError, type Report, type ReportKind } from '@opportunity-kit/sdk';
import type { Viewer } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { JobDetail } from './job-detail.tsx';

const student: Viewer = { id: 'student1', role: 'student' };
const creator: Viewer = { id: 'recruiter1', role: 'recruiter' };

function fakeReports() {
  return {
    report: vi.fn(async (kind: ReportKind, id: string, reason: string): Promise<Report> => {
      if (reason.trim() === '') throw new PortalError('invalid-input', 'Please say why you report this.');
      return { id: 'report1', reporterId: student.id, kind, targetId: id, reason, status: 'open', createdAt: '' };
    }),
  };
}

describe('JobDetail reports', () => {
  it('lets a student report the posting with a reason, refusing a blank one, and thanks them', async () => {
    const user = userEvent.setup();
    const reports = fakeReports();
    const { container } = render(<JobDetail jobs={fakeJobs([aJob({ id: 'j1', creatorId: creator.id })])} jobId="j1" viewer={student} reports={reports} />);
    await user.click(await screen.findByRole('button', { name: 'Report' }));
    const dialog = screen.getByRole('dialog', { name: 'Report this opportunity' });
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    expect(await within(dialog).findByText('Please say why you report this.')).toBeTruthy();
    await expectNoAxeViolations(container);
    await user.type(within(dialog).getByLabelText('Why should a teacher look at it?'), 'Asks for a deposit');
    await user.click(within(dialog).getByRole('button', { name: 'Send report' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(reports.report).toHaveBeenLastCalledWith('job', 'j1', 'Asks for a deposit');
    expect(screen.getByRole('status').textContent).toBe('Thank you. A teacher will look at your report.');
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });

  it("offers no Report to the posting's creator, nor without the moderation module", async () => {
    const job = aJob({ id: 'j1', creatorId: creator.id, title: 'Barista' });
    const { unmount } = render(<JobDetail jobs={fakeJobs([job], creator)} jobId="j1" viewer={creator} reports={fakeReports()} />);
    await screen.findByRole('heading', { name: 'Barista' });
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
    unmount();
    render(<JobDetail jobs={fakeJobs([job])} jobId="j1" viewer={student} />);
    await screen.findByRole('heading', { name: 'Barista' });
    expect(screen.queryByRole('button', { name: 'Report' })).toBeNull();
  });
});
