import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { FilePicker } from './file-picker.tsx';
import { FormField } from './form-field.tsx';

const pdf = (name: string) => new File(['%PDF-1.7'], name, { type: 'application/pdf' });

describe('FilePicker', () => {
  it('is named by its button and a field label, says which file is chosen, and hands over each pick, the same file again too', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const { rerender } = render(
      <FormField label="Resume (PDF)" error={null}>
        {(control) => <FilePicker {...control} buttonLabel="Choose a PDF" accept="application/pdf" fileName={null} onPick={onPick} />}
      </FormField>,
    );
    const input = screen.getByLabelText('Resume (PDF)');
    expect(screen.getByLabelText(/Choose a PDF/)).toBe(input);
    expect(screen.getByText('No file chosen').id).toBe(input.getAttribute('aria-describedby'));
    await user.tab();
    expect(document.activeElement).toBe(input);
    await user.upload(input, pdf('cv.pdf'));
    await user.upload(input, pdf('cv.pdf'));
    expect(onPick).toHaveBeenCalledTimes(2);
    expect(onPick).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'cv.pdf' })]);
    rerender(
      <FormField label="Resume (PDF)" error="Please upload only PDF files">
        {(control) => <FilePicker {...control} buttonLabel="Choose a PDF" accept="application/pdf" fileName="cv.pdf" onPick={onPick} />}
      </FormField>,
    );
    expect(screen.getByText('cv.pdf').parentElement?.textContent).toBe('Selected: cv.pdf');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const description = (input.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent);
    expect(description).toEqual(['Selected: cv.pdf', 'Please upload only PDF files']);
  });

  it('names no file when the host shows the picked files itself, and takes several', async () => {
    const user = userEvent.setup();
    const onPick = vi.fn();
    const { container } = render(<FilePicker buttonLabel="Add images" accept="image/*" multiple onPick={onPick} />);
    await user.upload(screen.getByLabelText('Add images'), [new File(['x'], 'a.png', { type: 'image/png' }), new File(['y'], 'b.png', { type: 'image/png' })]);
    expect(onPick.mock.calls[0]?.[0].map((file: File) => file.name)).toEqual(['a.png', 'b.png']);
    expect(container.querySelector('.ok-file-picker__name')).toBeNull();
    await expectNoAxeViolations(container);
  });
});
