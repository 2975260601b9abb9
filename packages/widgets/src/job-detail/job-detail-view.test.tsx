import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type Job, type Viewer } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { fakeSavedPostings } from '../testing/fake-saved-postings.ts';
import { JobDetail } from './job-detail.tsx';
import type { JobActionState, JobDetailActions, JobDetailState } from './job-detail-model.ts';
import { jobDetailLinks, JobDetailView, SAVED_NOTE, type JobDetailViewProps } from './job-detail-view.tsx';

const student: Viewer = { id: 'student1', role: 'student' };
const teacher: Viewer = { id: 'teacher1', role: 'teacher' };
const creator: Viewer = { id: 'recruiter1', role: 'recruiter' };

function ready(job: Job): JobDetailState {
  return {
    status: 'ready',
    job,
    error: null,
    applied: null,
    assignment: { status: 'idle' },
    removal: { status: 'idle' },
    stateChange: { status: 'idle' },
    saved: null,
    saveError: null,
  };
}

function someActions(): JobDetailActions {
  return { assign: vi.fn(), resetAssignment: vi.fn(), remove: vi.fn(), setPostingState: vi.fn(), retry: vi.fn(), toggleSave: vi.fn() };
}

function props(job: Job, viewer: Viewer | null, state: Partial<JobDetailState> = {}, overrides: Partial<JobDetailViewProps> = {}): JobDetailViewProps {
  return {
    state: { ...ready(job), ...state },
    actions: someActions(),
    viewer,
    imageUrl: null,
    links: jobDetailLinks(job),
    ...overrides,
  };
}

const assigned = (assignment: JobActionState): Partial<JobDetailState> => ({ assignment });

const names = () => [...screen.queryAllByRole('link'), ...screen.queryAllByRole('button')].map((control) => control.textContent);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('JobDetailView', () => {
  it('gives a student one way to apply, then the contact, website, interview and resume links, and nothing to manage', () => {
    render(<JobDetailView {...props(aJob({ id: 'j1' }), student)} />);
    expect(names()).toEqual([
      'Back to Job listings',
      'Apply To Opportunity',
      'Contact Employer',
      "Employer's website (opens in a new tab)",
      'Practice Interview for this Position',
      'Review Resume for this Position',
    ]);
    // Issue 25: applying here is the student's one way to apply; the website is then only the employer's site.
    expect(screen.getByRole('link', { name: 'Contact Employer' }).getAttribute('href')).toBe('mailto:jobs@beanthere.example');
    const website = screen.getByRole('link', { name: /Employer's website/ });
    expect(website.getAttribute('href')).toBe('https://beanthere.example');
    expect(website.getAttribute('target')).toBe('_blank');
    expect(website.getAttribute('rel')).toContain('noopener');
    expect(screen.getByRole('link', { name: 'Apply To Opportunity' }).getAttribute('href')).toBe('/job/j1/application');
    expect(screen.getByRole('link', { name: 'Practice Interview for this Position' }).getAttribute('href')).toBe('/interview/j1');
    expect(screen.getByRole('link', { name: 'Review Resume for this Position' }).getAttribute('href')).toBe('/resume/j1');
    expect(screen.getByText('$17.50/h')).toBeTruthy();
  });

  it("keeps the spec's Apply on Website for a viewer who cannot apply here (issue 25)", () => {
    render(<JobDetailView {...props(aJob({ id: 'j1' }), null)} />);
    expect(screen.getByRole('link', { name: /Apply on Website/ }).getAttribute('href')).toBe('https://beanthere.example');
    expect(screen.queryByRole('link', { name: 'Apply To Opportunity' })).toBeNull();
  });

  it('gives a teacher the assignment and removal, and no Apply; an assigned posting says so', () => {
    const { rerender } = render(<JobDetailView {...props(aJob(), teacher)} />);
    expect(names()).toContain('Assign Job to Student');
    expect(names()).toContain('Remove Opportunity');
    expect(names()).not.toContain('Apply To Opportunity');
    rerender(<JobDetailView {...props(aJob({ assignedStudentId: 's1', assignedStudentEmail: '1ana@school.example' }), teacher)} />);
    expect(names()).toContain('Change Student Assignment for Job');
    expect(screen.getByText(/^Assigned to/).textContent).toBe('Assigned to 1ana@school.example');
  });

  it('lets the creator remove, but not another recruiter; never shows an unsafe or Gig website', () => {
    const { rerender } = render(<JobDetailView {...props(aJob(), creator)} />);
    expect(names()).toContain('Remove Opportunity');
    expect(names()).not.toContain('Assign Job to Student');
    rerender(<JobDetailView {...props(aJob(), { id: 'other', role: 'recruiter' })} />);
    expect(names()).not.toContain('Remove Opportunity');
    rerender(<JobDetailView {...props(aJob({ companyWebsite: 'javascript:alert(1)' }), student)} />);
    expect(screen.queryByRole('link', { name: /Apply on Website/ })).toBeNull();
    rerender(<JobDetailView {...props(aJob({ postingType: 'Gig', companyWebsite: 'https://gig.example' }), student)} />);
    expect(screen.queryByRole('link', { name: /Apply on Website/ })).toBeNull();
  });

  it("tells the recruiter their posting waits for the school's approval, and says nothing once it is public", () => {
    const { rerender } = render(<JobDetailView {...props(aJob({ waitingForApproval: true }), creator)} />);
    expect(screen.getByText("Waiting for the school's approval")).toBeTruthy();
    rerender(<JobDetailView {...props(aJob(), creator)} />);
    expect(screen.queryByText("Waiting for the school's approval")).toBeNull();
  });

  it('tells the creator why a teacher hid their posting, and says nothing while it is not hidden', () => {
    const { rerender } = render(<JobDetailView {...props(aJob({ hiddenReason: 'Asks students for money' }), creator)} />);
    expect(screen.getByText('Hidden by a teacher: Asks students for money')).toBeTruthy();
    rerender(<JobDetailView {...props(aJob(), creator)} />);
    expect(screen.queryByText(/Hidden by a teacher/)).toBeNull();
  });

  it('hands the buttons to the router with the posting', async () => {
    const onNavigate = vi.fn();
    const job = aJob({ id: 'j1' });
    render(<JobDetailView {...props(job, student, {}, { onNavigate })} />);
    await userEvent.click(screen.getByRole('link', { name: 'Apply To Opportunity' }));
    expect(onNavigate).toHaveBeenCalledWith('/job/j1/application', job);
  });

  it('opens the assignment field with focus in it, sends the e-mail, and returns focus on Escape', async () => {
    const user = userEvent.setup();
    const shown = props(aJob(), teacher);
    render(<JobDetailView {...shown} />);
    const toggle = screen.getByRole('button', { name: 'Assign Job to Student' });
    await user.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const field = screen.getByLabelText('Student e-mail');
    expect(document.activeElement).toBe(field);
    expect(field.getAttribute('type')).toBe('email');
    await user.type(field, '1ana@school.example');
    await user.click(screen.getByRole('button', { name: 'Save assignment' }));
    expect(shown.actions.assign).toHaveBeenCalledWith('1ana@school.example');
    await user.keyboard('{Escape}');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes the assignment field when an assignment is done, and lets it open again while that result stands', async () => {
    const user = userEvent.setup();
    const job = aJob();
    const { rerender } = render(<JobDetailView {...props(job, teacher)} />);
    const toggle = screen.getByRole('button', { name: 'Assign Job to Student' });
    await user.click(toggle);
    rerender(<JobDetailView {...props(job, teacher, assigned({ status: 'pending' }))} />);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    const done = { status: 'done', message: 'Successfully assigned to 1ana@school.example' } as const;
    rerender(<JobDetailView {...props(job, teacher, assigned(done))} />);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
    // The parent has not cleared the result yet: opening the field again must not close it at once.
    await user.click(toggle);
    rerender(<JobDetailView {...props(job, teacher, assigned(done))} />);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Student e-mail'));
  });

  it("announces the assignment's outcome in the spec's words", () => {
    const { rerender } = render(
      <JobDetailView {...props(aJob(), teacher, assigned({ status: 'done', message: 'Successfully assigned to 1ana@school.example' }))} />,
    );
    expect(screen.getByRole('status').textContent).toBe('Successfully assigned to 1ana@school.example');
    rerender(<JobDetailView {...props(aJob(), teacher, assigned({ status: 'failed', message: MESSAGES.assignFailed, fieldError: null }))} />);
    expect(screen.getByRole('alert').textContent).toBe('An error occurred on assigning');
  });

  it('asks "Are you sure you want to remove this job?" in a modal dialog that starts on Cancel', async () => {
    const user = userEvent.setup();
    const shown = props(aJob(), creator);
    render(<JobDetailView {...shown} />);
    const remove = screen.getByRole('button', { name: 'Remove Opportunity' });
    await user.click(remove);
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Opportunity' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.textContent).toContain(MESSAGES.confirmRemoveJob);
    expect(document.activeElement?.textContent).toBe('Cancel');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    await user.click(remove);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(shown.actions.remove).toHaveBeenCalledTimes(1);
  });

  it('asks to remove "this opportunity", not "this job", on a posting that is not a Job (issue 25)', async () => {
    const user = userEvent.setup();
    render(<JobDetailView {...props(aJob({ postingType: 'Volunteering' }), creator)} />);
    await user.click(screen.getByRole('button', { name: 'Remove Opportunity' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Opportunity' });
    expect(dialog.textContent).toContain('Are you sure you want to remove this opportunity?');
    expect(dialog.textContent).not.toContain('this job');
  });

  it('shows Contact Employer to others but not to the employer on their own posting (issue 25)', () => {
    const { rerender } = render(<JobDetailView {...props(aJob(), creator)} />);
    expect(names()).not.toContain('Contact Employer');
    rerender(<JobDetailView {...props(aJob(), teacher)} />);
    expect(names()).toContain('Contact Employer');
  });

  it('says "Loading..." while waiting and "Job not found" when missing', () => {
    const { rerender } = render(<JobDetailView {...props(aJob(), student, { status: 'loading', job: null })} />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    rerender(<JobDetailView {...props(aJob(), student, { status: 'missing', job: null })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Job not found');
  });

  it('shows what it knows of the posting while the rest loads, and no action until the posting is there', async () => {
    const preview = {
      title: 'Barista',
      company: 'Bean There',
      description: 'Pull shots.',
      postingType: 'Gig' as const,
      imageUrl: 'https://cdn.example/job.png',
    };
    const { container, rerender } = render(<JobDetailView {...props(aJob(), student, { status: 'loading', job: null }, { preview })} />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Barista');
    expect(screen.getByText('Bean There')).toBeTruthy();
    expect(screen.getByText('Pull shots.')).toBeTruthy();
    expect(screen.getByText('Back to Gig listings')).toBeTruthy();
    expect(screen.getByRole('img', { name: 'Image of the posting Barista' }).getAttribute('src')).toBe('https://cdn.example/job.png');
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    expect(names()).toEqual([]);
    await expectNoAxeViolations(container);
    // The posting arrives: its own page, with the way to apply.
    rerender(<JobDetailView {...props(aJob({ title: 'Barista' }), student, {}, { preview })} />);
    expect(names()).toContain('Apply To Opportunity');
    expect(container.querySelector('[aria-busy]')).toBeNull();
  });

  it('shows the posting image', () => {
    render(<JobDetailView {...props(aJob({ title: 'Barista' }), student, {}, { imageUrl: 'https://cdn.example/job.png' })} />);
    expect(screen.getByRole('img', { name: 'Image of the posting Barista' }).getAttribute('src')).toBe('https://cdn.example/job.png');
  });

  it('has no axe violations, with the assignment open', async () => {
    const { container } = render(<JobDetailView {...props(aJob(), teacher, {}, { imageUrl: 'https://cdn.example/job.png' })} />);
    await userEvent.click(screen.getByRole('button', { name: 'Assign Job to Student' }));
    await expectNoAxeViolations(container);
  });
});

describe('JobDetail', () => {
  it('loads the posting, assigns a student and removes it through the SDK', async () => {
    const user = userEvent.setup();
    const api = fakeJobs([aJob({ id: 'j1', title: 'Barista' })], teacher);
    const onRemoved = vi.fn();
    render(<JobDetail jobs={api} jobId="j1" viewer={teacher} onRemoved={onRemoved} />);
    expect(screen.getByRole('status').textContent).toBe('Loading...');
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Barista');
    // Focused by script for screen readers when the posting opens, so it shows no focus ring.
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 }));
    expect(screen.getByRole('heading', { level: 1 }).classList.contains('ok-focus-target')).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Assign Job to Student' }));
    await user.type(screen.getByLabelText('Student e-mail'), '1ana@school.example');
    await user.click(screen.getByRole('button', { name: 'Save assignment' }));
    await settle();
    expect(screen.getByRole('status').textContent).toBe('Successfully assigned to 1ana@school.example');
    expect(document.activeElement?.textContent).toBe('Change Student Assignment for Job');

    await user.click(screen.getByRole('button', { name: 'Remove Opportunity' }));
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await settle();
    expect(onRemoved).toHaveBeenCalledWith(expect.objectContaining({ id: 'j1' }));
    expect(await api.get('j1')).toBeNull();
    expect(screen.getByRole('status').textContent).toBe('The opportunity was removed.');
  });

  it('updates the page with the posting\'s live changes, says "Job not found" once it is removed, and stops following on unmount', async () => {
    const api = fakeJobs([aJob({ id: 'j1', title: 'Barista', viewCount: 12 })]);
    const { unmount } = render(<JobDetail jobs={api} jobId="j1" viewer={student} />);
    await settle();
    const views = () => screen.getByText('Views').nextElementSibling?.textContent;
    expect(views()).toBe('12');
    act(() => api.emit('update', aJob({ id: 'j1', title: 'Barista', viewCount: 13 })));
    expect(views()).toBe('13');
    act(() => api.emit('delete', aJob({ id: 'j1' })));
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(MESSAGES.jobNotFound);
    unmount();
    expect(api.subscribers()).toBe(0);
  });

  it('says "Job not found" for a posting that is not there', async () => {
    render(<JobDetail jobs={fakeJobs([])} jobId="gone" viewer={student} />);
    await settle();
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe(MESSAGES.jobNotFound);
  });

  it("shows a student's Save toggle under the title, and the reason when a save failed", async () => {
    const user = userEvent.setup();
    const job = aJob({ id: 'j1', title: 'Barista' });
    const view = props(job, student, { saved: false });
    const { rerender } = render(<JobDetailView {...view} />);
    const save = screen.getByRole('button', { name: 'Save Barista' });
    expect(save.getAttribute('aria-pressed')).toBe('false');
    expect(screen.queryByText(SAVED_NOTE)).toBeNull();
    await user.click(save);
    expect(view.actions.toggleSave).toHaveBeenCalled();
    // Saved: the toggle is pressed, keeps its name, and a status line says it worked (issue 25).
    rerender(<JobDetailView {...view} state={{ ...view.state, saved: true }} />);
    expect(screen.getByRole('button', { name: 'Save Barista' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText(SAVED_NOTE).getAttribute('role')).toBe('status');
    rerender(<JobDetailView {...view} state={{ ...view.state, saveError: 'No connection.' }} />);
    expect(screen.getByRole('alert').textContent).toBe('No connection.');
  });

  it('offers saving to students only', async () => {
    const saving = fakeSavedPostings();
    const jobs = [aJob({ id: 'j1', title: 'Barista' })];
    const { unmount } = render(<JobDetail jobs={fakeJobs(jobs, teacher)} jobId="j1" viewer={teacher} saved={saving.saved} />);
    await settle();
    expect(screen.queryByRole('button', { name: 'Save Barista' })).toBeNull();
    unmount();
    render(<JobDetail jobs={fakeJobs(jobs)} jobId="j1" viewer={student} saved={saving.saved} />);
    await settle();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Save Barista' }));
    await settle();
    expect(saving.savedIds()).toEqual(['j1']);
    expect(screen.getByRole('button', { name: 'Save Barista' }).getAttribute('aria-pressed')).toBe('true');
  });
});
