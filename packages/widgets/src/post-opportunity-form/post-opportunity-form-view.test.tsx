import { act, render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES, type PostingInput, type Viewer } from '@opportunity-kit/sdk/domain';
import { aJob } from '../testing/a-job.ts';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { fakeJobs } from '../testing/fake-jobs.ts';
import { PostOpportunityForm } from './post-opportunity-form.tsx';
import { CHOOSE_A_SCHOOL } from './post-opportunity-form-controller.ts';
import { EMPTY_POSTING, type PostOpportunityFormActions, type PostOpportunityFormState } from './post-opportunity-form-model.ts';
import { PostOpportunityFormView, type PostOpportunityFormViewProps } from './post-opportunity-form-view.tsx';

const recruiter: Viewer = { id: 'recruiter1', role: 'recruiter' };
const teacher: Viewer = { id: 'teacher1', role: 'teacher' };

const ready: PostOpportunityFormState = { mode: 'create', values: EMPTY_POSTING, errors: {}, submission: { status: 'idle' }, imageName: null, refusals: 0 };

function someActions(): PostOpportunityFormActions {
  return { setValue: vi.fn(), setImage: vi.fn(), submit: vi.fn() };
}

function props(state: Partial<PostOpportunityFormState> = {}, overrides: Partial<PostOpportunityFormViewProps> = {}): PostOpportunityFormViewProps {
  return { state: { ...ready, ...state }, actions: someActions(), showVisibility: false, today: '2026-11-21', ...overrides };
}

const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 0)));

describe('PostOpportunityFormView', () => {
  it('starts as a Job: cluster required, salary and website shown, e-mail type for contact, the image hint', () => {
    render(<PostOpportunityFormView {...props()} />);
    expect((screen.getByLabelText(/Posting type/) as HTMLSelectElement).value).toBe('Job');
    expect(screen.getByLabelText(/Cluster/).getAttribute('aria-required')).toBe('true');
    expect(screen.getByLabelText('Salary')).toBeTruthy();
    expect(screen.getByLabelText('External website').getAttribute('type')).toBe('url');
    expect(screen.getByLabelText('Contact e-mail').getAttribute('type')).toBe('email');
    expect(screen.getByText(MESSAGES.imageHint)).toBeTruthy();
    expect(screen.queryByRole('group', { name: /Visibility/ })).toBeNull();
  });

  it('hides the salary for every type but Job, and the website for Gig; cluster becomes optional', () => {
    const { rerender } = render(<PostOpportunityFormView {...props({ values: { ...EMPTY_POSTING, postingType: 'Gig' } })} />);
    expect(screen.queryByLabelText('Salary')).toBeNull();
    expect(screen.queryByLabelText('External website')).toBeNull();
    expect(screen.getByLabelText(/Cluster/).getAttribute('aria-required')).toBe('false');
    rerender(<PostOpportunityFormView {...props({ values: { ...EMPTY_POSTING, postingType: 'Enrichment' } })} />);
    expect(screen.queryByLabelText('Salary')).toBeNull();
    expect(screen.getByLabelText('External website')).toBeTruthy();
  });

  it('bounds the dates from today to 10 years ahead, the end from the start', () => {
    render(<PostOpportunityFormView {...props({ values: { ...EMPTY_POSTING, startDate: '2027-02-01' } })} />);
    for (const label of ['Start date', 'Application deadline']) {
      expect(screen.getByLabelText(label).getAttribute('min')).toBe('2026-11-21');
      expect(screen.getByLabelText(label).getAttribute('max')).toBe('2036-11-21');
    }
    expect(screen.getByLabelText('End date').getAttribute('min')).toBe('2027-02-01');
  });

  it('offers teachers Public or Private', async () => {
    const actions = someActions();
    render(<PostOpportunityFormView {...props({}, { showVisibility: true, actions })} />);
    expect((screen.getByRole('radio', { name: 'Public' }) as HTMLInputElement).checked).toBe(true);
    await userEvent.click(screen.getByRole('radio', { name: 'Private' }));
    expect(actions.setValue).toHaveBeenCalledWith('visible', false);
  });

  it('ties each message to its field and shows the upload progress', () => {
    render(<PostOpportunityFormView {...props({ errors: { title: 'Please enter a title' }, submission: { status: 'uploading', percent: 40 } })} />);
    const title = screen.getByLabelText(/Title/);
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(title.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Please enter a title');
    expect(screen.getByRole('progressbar', { name: 'Image upload' }).getAttribute('value')).toBe('40');
    expect(screen.getByRole('status').textContent).toBe('Uploading image 40%');
    expect(screen.getByRole('button', { name: 'Posting…' }).getAttribute('aria-disabled')).toBe('true');
  });

  it('gives every element its own id, so each label names its own control', () => {
    const { container } = render(
      <PostOpportunityFormView
        {...props({ errors: { title: 'Please enter a title', image: 'Please upload an image file (PNG, JPG, GIF or WebP)' } }, { showVisibility: true })}
      />,
    );
    const ids = [...container.querySelectorAll('[id]')].map((element) => element.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(screen.getByLabelText(/Title/).tagName).toBe('INPUT');
  });

  it('has no axe violations, with errors shown', async () => {
    const { container } = render(
      <PostOpportunityFormView
        {...props(
          {
            errors: {
              form: 'Students cannot post opportunities.',
              title: 'Please enter a title',
              image: 'Please upload an image file (PNG, JPG, GIF or WebP)',
            },
          },
          { showVisibility: true },
        )}
      />,
    );
    await expectNoAxeViolations(container);
  });
});

describe('PostOpportunityForm', () => {
  it('refuses an empty form with field messages and moves focus to the first one', async () => {
    const api = fakeJobs([], recruiter);
    render(<PostOpportunityForm jobs={api} viewer={recruiter} onCreated={vi.fn()} today="2026-11-21" />);
    await userEvent.click(screen.getByRole('button', { name: 'Post Opportunity' }));
    expect(screen.getByText('Please enter a title')).toBeTruthy();
    expect(screen.getByText('Please choose a cluster')).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByLabelText(/Title/));
    expect(api.calls).toEqual([]);
  });

  it('posts a private Enrichment with an image for a teacher and hands over the created posting', async () => {
    const user = userEvent.setup();
    const api = fakeJobs([], teacher);
    const onCreated = vi.fn();
    render(<PostOpportunityForm jobs={api} viewer={teacher} onCreated={onCreated} today="2026-11-21" />);
    await user.selectOptions(screen.getByLabelText(/Posting type/), 'Enrichment');
    await user.type(screen.getByLabelText(/Title/), 'Math tutor');
    await user.type(screen.getByLabelText(/Company/), 'Learning Lab');
    await user.type(screen.getByLabelText(/Description/), 'Tutor grade 9 students.');
    await user.selectOptions(screen.getByLabelText(/Location/), 'Guelph');
    await user.click(screen.getByRole('radio', { name: 'Private' }));
    await user.upload(screen.getByLabelText('Image'), new File(['png'], 'lab.png', { type: 'image/png' }));
    expect(screen.getByText(/lab\.png/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Post Opportunity' }));
    await settle();
    expect(onCreated).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Math tutor', postingType: 'Enrichment', visible: false, imageFileId: expect.any(String) }),
    );
    expect(api.calls[0]?.args[0]).toMatchObject({ cluster: null, hourlyRate: null, image: expect.any(File) });
  });

  it("reads the member's role as it is when the form is sent: a teacher's role that arrives later still posts privately", async () => {
    const user = userEvent.setup();
    const api = fakeJobs([], teacher);
    const onCreated = vi.fn();
    const form = (viewer: Viewer | null) => (
      <PostOpportunityForm jobs={api} viewer={viewer} onCreated={onCreated} today="2026-11-21" initialValues={{ postingType: 'Gig', visible: false }} />
    );
    const { rerender } = render(form(null));
    rerender(form(teacher));
    await user.type(screen.getByLabelText(/Title/), 'Dog walker');
    await user.type(screen.getByLabelText(/Company/), 'Paws');
    await user.type(screen.getByLabelText(/Description/), 'Walk two dogs after school.');
    await user.selectOptions(screen.getByLabelText(/Location/), 'Guelph');
    expect((screen.getByRole('radio', { name: 'Private' }) as HTMLInputElement).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Post Opportunity' }));
    await settle();
    expect(onCreated).toHaveBeenCalledWith(expect.objectContaining({ title: 'Dog walker', visible: false }));
  });

  it('edits a posting: its values filled in, "Save changes", no image, and the saved posting handed over', async () => {
    const user = userEvent.setup();
    const job = aJob({ id: 'j1', title: 'Barista', startDate: '2026-12-01T00:00:00.000+00:00' });
    const edits: unknown[] = [];
    const jobs = {
      async edit(id: string, input: PostingInput) {
        edits.push([id, input]);
        return { ...job, title: input.title };
      },
    };
    const onSaved = vi.fn();
    render(<PostOpportunityForm mode="edit" job={job} jobs={jobs} viewer={recruiter} onSaved={onSaved} today="2026-11-21" />);
    expect(screen.getByRole('heading', { level: 1 }).textContent).toBe('Edit Opportunity');
    expect((screen.getByLabelText(/Title/) as HTMLInputElement).value).toBe('Barista');
    expect((screen.getByLabelText('Start date') as HTMLInputElement).value).toBe('2026-12-01');
    expect(screen.queryByLabelText('Image')).toBeNull();
    await user.type(screen.getByLabelText(/Title/), ' lead');
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await settle();
    expect(edits).toEqual([['j1', expect.objectContaining({ title: 'Barista lead', location: 'Oakville' })]]);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ title: 'Barista lead' }));
  });
});

describe('the schools a recruiter means a posting for (issue 23)', () => {
  const SCHOOLS = [
    { id: 'school-escarpment', name: 'Escarpment Heights' },
    { id: 'school-lakeshore', name: 'Lakeshore Collegiate' },
  ];

  async function fillGig(user: ReturnType<typeof userEvent.setup>): Promise<void> {
    await user.selectOptions(screen.getByLabelText(/Posting type/), 'Gig');
    await user.type(screen.getByLabelText(/Title/), 'Dog walker');
    await user.type(screen.getByLabelText(/Company/), 'Happy Paws');
    await user.type(screen.getByLabelText(/Description/), 'Walk two friendly dogs after school.');
    await user.selectOptions(screen.getByLabelText(/Location/), 'Guelph');
  }

  it('are every school by default; "Only some schools" needs at least one ticked, and sends those', async () => {
    const user = userEvent.setup();
    const api = fakeJobs([], recruiter);
    render(<PostOpportunityForm jobs={api} viewer={recruiter} onCreated={vi.fn()} today="2026-11-21" schools={SCHOOLS} />);
    const choice = screen.getByRole('group', { name: 'Which schools is this for?' });
    expect((screen.getByRole('radio', { name: 'Every school of the board' }) as HTMLInputElement).checked).toBe(true);
    await fillGig(user);
    await user.click(screen.getByRole('radio', { name: 'Only some schools' }));
    await user.click(screen.getByRole('button', { name: 'Post Opportunity' }));
    expect(screen.getByText(CHOOSE_A_SCHOOL)).toBeTruthy();
    expect(choice.getAttribute('aria-describedby')).toBeTruthy();
    expect(api.calls).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: 'Lakeshore Collegiate' }));
    await user.click(screen.getByRole('button', { name: 'Post Opportunity' }));
    await settle();
    expect(api.calls[0]?.args[0]).toMatchObject({ title: 'Dog walker', schoolIds: ['school-lakeshore'] });
  });

  it('send the whole board as no school, and are never asked of a teacher or on a board of one school', async () => {
    const user = userEvent.setup();
    const api = fakeJobs([], recruiter);
    const { unmount } = render(<PostOpportunityForm jobs={api} viewer={recruiter} onCreated={vi.fn()} today="2026-11-21" schools={SCHOOLS} />);
    await fillGig(user);
    await user.click(screen.getByRole('button', { name: 'Post Opportunity' }));
    await settle();
    // An empty list is the whole board.
    expect(api.calls[0]?.args[0]).toMatchObject({ schoolIds: [] });
    unmount();
    const { unmount: again } = render(
      <PostOpportunityForm jobs={fakeJobs([], teacher)} viewer={teacher} onCreated={vi.fn()} today="2026-11-21" schools={SCHOOLS} />,
    );
    expect(screen.queryByRole('group', { name: 'Which schools is this for?' })).toBeNull();
    again();
    render(<PostOpportunityForm jobs={api} viewer={recruiter} onCreated={vi.fn()} today="2026-11-21" schools={SCHOOLS.slice(0, 1)} />);
    expect(screen.queryByRole('group', { name: 'Which schools is this for?' })).toBeNull();
  });

  it('start from the posting being edited', () => {
    const job = aJob({ schoolIds: ['school-escarpment'] });
    render(
      <PostOpportunityForm
        mode="edit"
        job={job}
        jobs={{ edit: vi.fn(async () => job) }}
        viewer={recruiter}
        onSaved={vi.fn()}
        today="2026-11-21"
        schools={SCHOOLS}
      />,
    );
    expect((screen.getByRole('radio', { name: 'Only some schools' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Escarpment Heights' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('checkbox', { name: 'Lakeshore Collegiate' }) as HTMLInputElement).checked).toBe(false);
  });

  it('save an edit back to every school of the board', async () => {
    const user = userEvent.setup();
    const job = aJob({ schoolIds: ['school-escarpment'] });
    const edit = vi.fn(async () => job);
    render(<PostOpportunityForm mode="edit" job={job} jobs={{ edit }} viewer={recruiter} onSaved={vi.fn()} today="2026-11-21" schools={SCHOOLS} />);
    await user.click(screen.getByRole('radio', { name: 'Every school of the board' }));
    await user.click(screen.getByRole('button', { name: 'Save changes' }));
    await settle();
    expect(edit).toHaveBeenCalledWith(job.id, expect.objectContaining({ schoolIds: [] }));
  });
});
