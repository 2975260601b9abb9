import { fireEvent, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { aJob } from '../testing/a-job.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { formatDay } from '../embed/format.ts';
import { JobCard } from './job-card.tsx';

describe('JobCard', () => {
  it('is one link named by the title and described by the posting facts, with the salary led by $', () => {
    const { container } = render(<JobCard job={aJob({ id: 'j1', viewCount: 3 })} href="/job/j1" showViews />);
    const link = screen.getByRole('link');
    expect(link.textContent).toBe('Barista (part-time)');
    expect(link.getAttribute('href')).toBe('/job/j1');
    const description = document.getElementById(link.getAttribute('aria-describedby') ?? '');
    expect(description?.textContent).toContain('Bean There Cafe');
    expect(description?.textContent).toContain('$17.50/h');
    expect(description?.textContent).toContain('3 views');
    expect(container.querySelector('.ok-job-card')?.getAttribute('data-state')).toBe('open');
  });

  it('shows the number of views only when the host says the reader posted or looks after the posting (issue 25)', () => {
    const { rerender } = render(<JobCard job={aJob({ id: 'j1', viewCount: 3 })} href="/job/j1" />);
    expect(screen.queryByText(/views?$/)).toBeNull();
    rerender(<JobCard job={aJob({ id: 'j1', viewCount: 3 })} href="/job/j1" showViews />);
    expect(screen.getByText('3 views')).toBeTruthy();
  });

  it('shows an assigned posting as a gray card with the "Student Assigned to" line', () => {
    const { container } = render(<JobCard job={aJob({ assignedStudentId: 's1', assignedStudentEmail: '1ana@school.example' })} href="/job/x" />);
    expect(container.querySelector('.ok-job-card')?.getAttribute('data-state')).toBe('assigned');
    expect(screen.getByText(/Student Assigned to/).textContent).toBe('Student Assigned to 1ana@school.example');
  });

  it('shows no placeholder for a posting without a picture, only its own image when it has one, and the bottom line last (issue 25)', () => {
    const job = aJob({ company: 'Bean There Cafe', assignedStudentId: 's1', assignedStudentEmail: '1ana@school.example' });
    const { container, rerender } = render(<JobCard job={job} href="/job/x" showViews />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('[aria-hidden="true"]')).toBeNull();
    const lastFact = container.querySelector('.ok-job-card__facts')?.lastElementChild;
    expect(lastFact?.classList.contains('ok-job-card__footer')).toBe(true);
    expect(lastFact?.textContent).toContain('views');
    rerender(<JobCard job={job} href="/job/x" imageUrl="data:image/gif;base64,R0lGODlhAQABAAAAACw=" />);
    expect(container.querySelector('.ok-job-card')?.firstElementChild?.tagName).toBe('IMG');
  });

  it("shows the posting's type and its dates, the period the date filter reads (issue 25)", () => {
    const job = aJob({ postingType: 'Gig', startDate: '2026-12-01T00:00:00.000+00:00', endDate: '2027-01-31T00:00:00.000+00:00' });
    const { container, rerender } = render(<JobCard job={job} href="/job/x" />);
    const facts = container.querySelector('.ok-job-card__facts')?.textContent ?? '';
    expect(facts).toContain('Gig');
    const period = container.querySelector('.ok-job-card__period')?.textContent ?? '';
    expect(period).toMatch(/Dec 1, 2026\s–\sJan 31, 2027/);
    rerender(<JobCard job={{ ...job, endDate: null }} href="/job/x" />);
    expect(container.querySelector('.ok-job-card__period')?.textContent).toBe(`Starts ${formatDay(job.startDate!)}`);
  });

  it('never names the student to a reader who may not know who holds an assigned posting', () => {
    const { container } = render(<JobCard job={aJob({ assigned: true, assignedStudentId: null, assignedStudentEmail: null })} href="/job/x" />);
    expect(container.querySelector('.ok-job-card')?.getAttribute('data-state')).toBe('assigned');
    expect(screen.getByText('This opportunity has been assigned')).toBeTruthy();
    expect(screen.queryByText(/Student Assigned to/)).toBeNull();
  });

  it('says Applied on a posting the student applied to, and nothing on the others', () => {
    const { rerender } = render(<JobCard job={aJob()} href="/job/x" applied />);
    expect(screen.getByText('Applied')).toBeTruthy();
    rerender(<JobCard job={aJob()} href="/job/x" />);
    expect(screen.queryByText('Applied')).toBeNull();
  });

  it("marks a recruiter's posting that waits for the school's approval, and no other", () => {
    const { rerender } = render(<JobCard job={aJob({ waitingForApproval: true })} href="/job/x" />);
    expect(screen.getByText("Waiting for the school's approval")).toBeTruthy();
    rerender(<JobCard job={aJob()} href="/job/x" />);
    expect(screen.queryByText("Waiting for the school's approval")).toBeNull();
  });

  it('marks a private posting', () => {
    const { container } = render(<JobCard job={aJob({ visible: false })} href="/job/x" />);
    expect(container.querySelector('.ok-job-card')?.getAttribute('data-state')).toBe('private');
    expect(screen.getByText('Private')).toBeTruthy();
  });

  it('reports every opening, and hands plain clicks and Enter to the router but not a new-tab click', async () => {
    const user = userEvent.setup();
    const onOpen = vi.fn();
    const onNavigate = vi.fn();
    const job = aJob({ id: 'j1' });
    render(<JobCard job={job} href="/job/j1" onOpen={onOpen} onNavigate={onNavigate} />);
    await user.click(screen.getByRole('link'));
    await user.keyboard('{Enter}');
    expect(onNavigate).toHaveBeenCalledTimes(2);
    const newTab = fireEvent.click(screen.getByRole('link'), { ctrlKey: true });
    expect(newTab).toBe(true);
    expect(onOpen).toHaveBeenCalledTimes(3);
    expect(onNavigate).toHaveBeenCalledTimes(2);
    expect(onOpen).toHaveBeenCalledWith(job);
  });

  it('has no axe violations', async () => {
    const { container } = render(
      <JobCard
        job={aJob({ assignedStudentEmail: '1ana@school.example', visible: false })}
        href="/job/x"
        imageUrl="data:image/gif;base64,R0lGODlhAQABAAAAACw="
      />,
    );
    await expectNoAxeViolations(container);
  });

  it("has a Save toggle named for the posting only when the host offers saving, apart from the card's link", async () => {
    const user = userEvent.setup();
    const onToggleSave = vi.fn();
    const onOpen = vi.fn();
    const job = aJob({ id: 'j1', title: 'Barista' });
    const { rerender, container } = render(<JobCard job={job} href="/job/j1" onOpen={onOpen} />);
    expect(screen.queryByRole('button')).toBeNull();
    rerender(<JobCard job={job} href="/job/j1" onOpen={onOpen} onToggleSave={onToggleSave} />);
    const save = screen.getByRole('button', { name: 'Save Barista' });
    expect(save.getAttribute('aria-pressed')).toBe('false');
    expect(save.textContent).toContain('Save');
    await user.click(save);
    expect(onToggleSave).toHaveBeenCalledWith(job);
    expect(onOpen).not.toHaveBeenCalled();
    rerender(<JobCard job={job} href="/job/j1" onOpen={onOpen} saved onToggleSave={onToggleSave} />);
    expect(screen.getByRole('button', { name: 'Save Barista' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByRole('button', { name: 'Save Barista' }).textContent).toContain('\u2605');
    await expectNoAxeViolations(container);
  });
});
