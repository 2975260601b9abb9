import { render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@opportunity-kit/sdk/domain';
import { PortalError } from '@opportunity-kit/sdk';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { fakeAi, SAMPLE_REVIEW } from '../testing/fake-ai.ts';
import { ResumeReview } from './resume-review.tsx';
import { ResumeReviewView, type ResumeReviewViewProps } from './resume-review-view.tsx';
import type { ResumeReviewState } from './resume-review-model.ts';

const pdf = (name = 'resume.pdf') => new File(['%PDF-1.7 resume'], name, { type: 'application/pdf' });

const ready: ResumeReviewState = { fileName: null, fileError: null, status: 'idle', progress: 0, review: null, error: null, provider: null };

function viewProps(state: Partial<ResumeReviewState> = {}, jobTitle?: string): ResumeReviewViewProps {
  return { state: { ...ready, ...state }, actions: { pick: vi.fn(), submit: vi.fn() }, jobTitle };
}

describe('ResumeReviewView', () => {
  it('renders the review as text with strong spans and bullet lists, and names its provider', () => {
    render(
      <ResumeReviewView
        {...viewProps({ status: 'done', review: { provider: 'gemini', jobId: 'j', fileId: 'f', review: `${SAMPLE_REVIEW}\n- <img src=x onerror=alert(1)>` } })}
      />,
    );
    const results = screen.getByRole('region', { name: 'Results' });
    expect(within(results).getByText('Overall:').tagName).toBe('STRONG');
    expect(within(results).getByText('<img src=x onerror=alert(1)>').tagName).toBe('LI');
    expect(results.querySelector('img')).toBeNull();
    expect(within(results).getByText('Reviewed by Gemini')).toBeTruthy();
  });

  it("lists each of the local provider's results once (issue 25)", () => {
    render(
      <ResumeReviewView
        {...viewProps({
          status: 'done',
          review: {
            provider: 'local',
            jobId: 'j',
            fileId: 'f',
            review: ['**Keyword match: 5 of 8 (63%)**', '', 'Sections found:', '- **Education**', '', 'Keywords to add:', '- cash'].join('\n'),
            details: {
              sectionsFound: ['Education'],
              sectionsMissing: ['Skills'],
              keywordCoverage: 0.625,
              matchedKeywords: ['coffee'],
              missingKeywords: ['cash'],
            },
          },
        })}
      />,
    );
    const results = screen.getByRole('region', { name: 'Results' });
    expect(within(results).getAllByText(/Sections found/)).toHaveLength(1);
    expect(within(results).getAllByText(/Keywords to add/)).toHaveLength(1);
    expect(within(results).getAllByText(/63%/)).toHaveLength(1);
    expect(within(results).getAllByText('cash')).toHaveLength(1);
    expect(screen.getByText('Reviewed by our built-in assistant')).toBeTruthy();
  });

  it('shows the upload progress, then "Generating results..."', () => {
    const { rerender } = render(<ResumeReviewView {...viewProps({ status: 'uploading', progress: 30 })} />);
    expect(screen.getByRole('progressbar', { name: 'Uploading your resume' }).getAttribute('value')).toBe('30');
    rerender(<ResumeReviewView {...viewProps({ status: 'reviewing', progress: 100 })} />);
    expect(screen.getByRole('status').textContent).toBe(MESSAGES.generatingResults);
    expect((screen.getByRole('button', { name: 'Review Resume with AI' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('draws the PDF input as a "Choose a PDF" button that names the chosen file, and keeps the input itself in the tab order', async () => {
    const user = userEvent.setup();
    const props = viewProps();
    const { rerender } = render(<ResumeReviewView {...props} />);
    const input = screen.getByLabelText('Resume (PDF)');
    expect(screen.getByText('Choose a PDF').tagName).toBe('LABEL');
    expect(screen.getByLabelText(/Choose a PDF/)).toBe(input);
    expect(screen.getByText('No file chosen')).toBeTruthy();
    await user.tab();
    expect(document.activeElement).toBe(input);
    await user.upload(input, pdf('maya.pdf'));
    expect(props.actions.pick).toHaveBeenCalledWith(expect.objectContaining({ name: 'maya.pdf' }));
    rerender(<ResumeReviewView {...viewProps({ fileName: 'maya.pdf' })} />);
    expect(screen.getByText('maya.pdf').parentElement?.textContent).toBe('Selected: maya.pdf');
    expect(document.getElementById(input.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe('Selected: maya.pdf');
  });

  it('marks the Results heading, which it focuses by script, as a focus target that shows no focus ring', () => {
    render(<ResumeReviewView {...viewProps()} />);
    const results = screen.getByRole('heading', { name: 'Results' });
    expect(results.getAttribute('tabindex')).toBe('-1');
    expect(results.classList.contains('ok-focus-target')).toBe(true);
  });

  it('has no axe violations', async () => {
    const { container } = render(<ResumeReviewView {...viewProps({ fileError: MESSAGES.onlyPdf, provider: 'local' }, 'Barista')} />);
    await expectNoAxeViolations(container);
  });
});

describe('ResumeReview', () => {
  it('says "Please select a file" without a file, and sends nothing', async () => {
    const user = userEvent.setup();
    const ai = fakeAi();
    render(<ResumeReview ai={ai} jobId="job1" />);
    await user.click(screen.getByRole('button', { name: 'Review Resume with AI' }));
    expect(screen.getByText(MESSAGES.selectFile)).toBeTruthy();
    expect(ai.calls.filter(({ call }) => call === 'reviewResume')).toEqual([]);
  });

  it('says "Please upload only PDF files" for another type', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<ResumeReview ai={fakeAi()} jobId="job1" />);
    await user.upload(
      screen.getByLabelText('Resume (PDF)'),
      new File(['hello'], 'resume.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' }),
    );
    expect(screen.getByText(MESSAGES.onlyPdf)).toBeTruthy();
    expect(screen.getByLabelText('Resume (PDF)').getAttribute('aria-invalid')).toBe('true');
  });

  it('reviews a PDF, says who will review and who reviewed, and moves focus to the results', async () => {
    const user = userEvent.setup();
    const ai = fakeAi({ provider: 'local' });
    render(<ResumeReview ai={ai} jobId="job1" jobTitle="Barista" />);
    await screen.findByText('Your resume will be reviewed by our built-in assistant.');
    await user.upload(screen.getByLabelText('Resume (PDF)'), pdf());
    await user.click(screen.getByRole('button', { name: 'Review Resume with AI' }));
    await screen.findByText('Reviewed by our built-in assistant');
    expect(ai.calls.find(({ call }) => call === 'reviewResume')?.args[0]).toMatchObject({ jobId: 'job1' });
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Results' }));
  });

  it("puts the SDK's refusal of the file beside the picker, and other failures in the results", async () => {
    const user = userEvent.setup();
    const ai = fakeAi();
    render(<ResumeReview ai={ai} jobId="job1" />);
    await user.upload(screen.getByLabelText('Resume (PDF)'), pdf('fake.pdf'));
    ai.fail('reviewResume', new PortalError('invalid-input', MESSAGES.onlyPdf, { fields: { resume: MESSAGES.onlyPdf } }));
    await user.click(screen.getByRole('button', { name: 'Review Resume with AI' }));
    await screen.findByText(MESSAGES.onlyPdf);
    ai.fail('reviewResume', new PortalError('ai-unavailable', 'The AI service is unavailable. Please try again later.'));
    await user.click(screen.getByRole('button', { name: 'Review Resume with AI' }));
    await waitFor(() =>
      expect(within(screen.getByRole('region', { name: 'Results' })).getByRole('alert').textContent).toBe(
        'The AI service is unavailable. Please try again later.',
      ),
    );
  });
});
