import { act, render, renderHook, screen, within } from '@testing-library/react';
import axe from 'axe-core';
import { describe, expect, it } from 'vitest';
import { PortalError, type PortalClient, type RosterImportOptions, type RosterResult } from '@opportunity-kit/sdk';
import { RosterProgress } from './roster-progress.tsx';
import { useRosterImport, type RosterImportState } from './use-roster-import.ts';

/** A row of a class file as the SDK answers it: a new student on line `index + 2` (after the header). */
function aRosterResult(index: number, overrides: Partial<RosterResult> = {}): RosterResult {
  return { line: index + 2, email: `1s${index}@school.example`, name: `Student ${index}`, outcome: 'created', ...overrides };
}

const resultsOf = (count: number): RosterResult[] => Array.from({ length: count }, (_, index) => aRosterResult(index));

const importing = (done: number, total = 2000, mode: 'import' | 'preview' = 'import'): RosterImportState => ({
  phase: 'importing',
  mode,
  total,
  results: resultsOf(done),
});

/** axe over the rendered view; happy-dom has no layout, so contrast is left to the e2e suite. */
async function expectNoAxeViolations(container: Element): Promise<void> {
  const results = await axe.run(container, { rules: { 'color-contrast': { enabled: false } } });
  expect(results.violations.map(({ id, help }) => ({ id, help }))).toEqual([]);
}

describe('the roster progress', () => {
  it('says "Importing 600 of 2,000 students…" beside a progress bar, with the rows answered so far', async () => {
    const { container } = render(<RosterProgress state={importing(600)} onConfirm={() => {}} />);

    const bar = screen.getByRole('progressbar', { name: 'Rows imported' });
    expect({ value: bar.getAttribute('value'), max: bar.getAttribute('max'), text: bar.getAttribute('aria-valuetext') }).toEqual({
      value: '600',
      max: '2000',
      text: '600 of 2,000 rows',
    });
    expect(screen.getByText('Importing 600 of 2,000 students…')).toBeTruthy();
    expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(601);
    expect((screen.getByRole('button', { name: 'Download results (CSV)' }) as HTMLButtonElement).disabled).toBe(true);
    await expectNoAxeViolations(container);
  });

  it('tells a screen reader each tenth of the file, not each part', () => {
    const { rerender } = render(<RosterProgress state={importing(0)} onConfirm={() => {}} />);
    const status = () => screen.getByRole('status').textContent;
    expect(status()).toBe('Importing 2,000 students…');
    rerender(<RosterProgress state={importing(150)} onConfirm={() => {}} />);
    expect(status()).toBe('Importing 2,000 students…');
    rerender(<RosterProgress state={importing(600)} onConfirm={() => {}} />);
    expect(status()).toBe('Importing: 30% done');
    rerender(<RosterProgress state={importing(650)} onConfirm={() => {}} />);
    expect(status()).toBe('Importing: 30% done');
  });

  it('says "Checking" during a preview, and at the end the summary and the button that confirms', () => {
    const { rerender } = render(<RosterProgress state={importing(50, 120, 'preview')} onConfirm={() => {}} />);
    expect(screen.getByRole('progressbar', { name: 'Rows checked' })).toBeTruthy();
    expect(screen.getByText('Checking 50 of 120 students…')).toBeTruthy();

    const results = [...resultsOf(119), aRosterResult(119, { email: 'not-an-address', outcome: 'invalid-address' })];
    rerender(<RosterProgress state={{ phase: 'done', mode: 'preview', total: 120, results }} onConfirm={() => {}} />);

    expect(screen.getByText('120 of 120 rows')).toBeTruthy();
    const statuses = screen.getAllByRole('status').map((region) => region.textContent);
    expect(statuses).toEqual(['', 'Preview: 119 new · 1 invalid. Nothing is created until you confirm.']);
    expect(screen.getByRole('button', { name: 'Confirm import' })).toBeTruthy();
  });
});

/** A roster module that answers a file of `total` rows in parts of `part`, and fails the part `failAt` when given. */
function aRosterModule(total: number, part: number, failAt?: number): PortalClient['roster'] {
  return {
    async import(_csv: string, options: RosterImportOptions = {}) {
      const all = resultsOf(total);
      options.onProgress?.({ done: 0, total, results: [] });
      for (let from = 0; from < total; from += part) {
        await Promise.resolve();
        if (from / part === failAt) throw new PortalError('network');
        const answered = all.slice(0, from + part);
        options.onProgress?.({ done: answered.length, total, results: answered });
      }
      return { results: all, created: total };
    },
    resend: () => Promise.reject(new Error('not used')),
  };
}

describe('useRosterImport', () => {
  it('keeps the rows answered before a part failed, with the reason', async () => {
    const { result } = renderHook(() => useRosterImport(aRosterModule(120, 50, 2)));
    await act(() => result.current.start('the file', 'import'));
    expect(result.current.state).toMatchObject({ phase: 'failed', mode: 'import', total: 120, results: resultsOf(100) });
    expect(result.current.state.phase === 'failed' && result.current.state.message).toBe(new PortalError('network').message);
  });

  it('ends with every row once the last part is answered', async () => {
    const { result } = renderHook(() => useRosterImport(aRosterModule(120, 50)));
    await act(() => result.current.start('the file', 'preview'));
    expect(result.current.state).toEqual({ phase: 'done', mode: 'preview', total: 120, results: resultsOf(120) });
  });

  it('shows the refusal of a file the SDK could not read, with no progress', async () => {
    const refusing: PortalClient['roster'] = {
      import: () => Promise.reject(new PortalError('invalid-input', 'Line 2: a quoted value is never closed.')),
      resend: () => Promise.reject(new Error('not used')),
    };
    const { result } = renderHook(() => useRosterImport(refusing));
    await act(() => result.current.start('"open', 'preview'));
    expect(result.current.state).toEqual({ phase: 'refused', message: 'Line 2: a quoted value is never closed.' });
  });
});
