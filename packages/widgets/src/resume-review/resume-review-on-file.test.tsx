import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeAi } from '../testing/fake-ai.ts';
import { ResumeReview } from './resume-review.tsx';

/** A resume the student already sent with an application is offered for review, without uploading it again (issue 25, item 19). */

const sent = { fileId: 'resume-sent', fileName: 'ana-lima-resume.pdf', sentWith: ['Barista (part-time)'], sentAt: '2030-05-02T00:00:00.000+00:00' };

describe('ResumeReview with resumes on file', () => {
  it('offers the resume sent with an application, chosen, and reviews it without an upload', async () => {
    const user = userEvent.setup();
    const ai = fakeAi({ provider: 'local', resumesOnFile: [sent] });
    render(<ResumeReview ai={ai} jobId="job1" jobTitle="Cashier" />);
    const onFile = await screen.findByRole('radio', { name: 'ana-lima-resume.pdf (sent with Barista (part-time))' });
    expect((onFile as HTMLInputElement).checked).toBe(true);
    // No picker asks for the same file again while a resume on file is chosen.
    expect(screen.queryByLabelText('Resume (PDF)')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Review Resume with AI' }));
    await screen.findByText('Reviewed by our built-in assistant');
    expect(ai.calls.filter(({ call }) => call === 'reviewResume').map(({ args }) => args[0])).toEqual([{ jobId: 'job1', resumeFileId: 'resume-sent' }]);
  });

  it('still takes a new PDF when the student chooses to upload another', async () => {
    const user = userEvent.setup();
    const ai = fakeAi({ provider: 'local', resumesOnFile: [sent] });
    render(<ResumeReview ai={ai} jobId="job1" />);
    await user.click(await screen.findByRole('radio', { name: 'Upload another PDF' }));
    await user.upload(screen.getByLabelText('Resume (PDF)'), new File(['%PDF-1.7 resume'], 'new.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Review Resume with AI' }));
    await screen.findByText('Reviewed by our built-in assistant');
    expect(ai.calls.find(({ call }) => call === 'reviewResume')?.args[0]).toMatchObject({ jobId: 'job1', resume: expect.any(File) });
  });
});
