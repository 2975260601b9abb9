import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

describe('ConfirmDialog', () => {
  it('keeps Tab inside the dialog and starts on Cancel', async () => {
    const user = userEvent.setup();
    render(<ConfirmDialog title="Delete post" message="Are you sure?" confirmLabel="Delete" onConfirm={vi.fn()} onCancel={vi.fn()} />);
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    const confirm = screen.getByRole('button', { name: 'Delete' });
    expect(document.activeElement).toBe(cancel);
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(cancel);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('cannot be cancelled while the confirmed action runs', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    const props = { title: 'Delete post', message: 'Are you sure?', confirmLabel: 'Delete', busyLabel: 'Deleting...', onConfirm: vi.fn(), onCancel };
    const { rerender } = render(<ConfirmDialog {...props} />);
    rerender(<ConfirmDialog {...props} busy />);
    const dialog = screen.getByRole('alertdialog');
    expect(dialog.getAttribute('aria-busy')).toBe('true');
    expect(document.activeElement).toBe(dialog);
    expect((screen.getByRole('button', { name: 'Deleting...' }) as HTMLButtonElement).disabled).toBe(true);
    await user.keyboard('{Escape}');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('has no axe violations', async () => {
    const { container } = render(<ConfirmDialog title="Delete post" message="Are you sure?" confirmLabel="Delete" onConfirm={vi.fn()} onCancel={vi.fn()} />);
    await expectNoAxeViolations(container);
  });
});
