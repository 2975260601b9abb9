import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { AiText } from './ai-text.tsx';

describe('AiText', () => {
  it('links the postings an answer names to their pages, in bold text and bullet lines alike', async () => {
    const { container } = render(
      <AiText
        text={'The deadline of [Tax Clinic Assistant](/job/job_tax) is June 1.\n- **[Reading Tutor for a Grade 5 Student](/job/job_read)** at a family'}
      />,
    );
    const tax = screen.getByRole('link', { name: 'Tax Clinic Assistant' });
    expect(tax.getAttribute('href')).toBe('/job/job_tax');
    const tutor = screen.getByRole('link', { name: 'Reading Tutor for a Grade 5 Student' });
    expect(tutor.getAttribute('href')).toBe('/job/job_read');
    expect(tutor.closest('strong')).not.toBeNull();
    expect(screen.getByRole('listitem').textContent).toBe('Reading Tutor for a Grade 5 Student at a family');
    await expectNoAxeViolations(container);
  });

  it('shows any other link as the text it is', () => {
    render(<AiText text={'Open [this](javascript:alert(1)) or [that](https://evil.example/job/1).'} />);
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByText('Open [this](javascript:alert(1)) or [that](https://evil.example/job/1).')).toBeTruthy();
  });
});
