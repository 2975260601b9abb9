import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

/** The fields a dialog may ask for besides its buttons: focus starts on the first, and Tab cycles through them. */
const FIELDS = 'textarea:not(:disabled), input:not(:disabled), select:not(:disabled)';

/** Props of {@link ConfirmDialog}. @public */
export interface ConfirmDialogProps {
  /** The dialog's heading. */
  title: string;
  /** The question, in the spec's words ("Are you sure you want to delete this post?"). */
  message: string;
  /** The confirm button's text, naming the action ("Delete"). */
  confirmLabel: string;
  /** The cancel button's text; "Cancel" by default. */
  cancelLabel?: string;
  /** While the confirmed action runs: both buttons are disabled and the confirm button says so. */
  busy?: boolean;
  /** The confirm button's text while `busy` ("Deleting…"); the confirm label when not given. */
  busyLabel?: string;
  /** The confirm button was pressed. */
  onConfirm(): void;
  /** Cancel was pressed or Escape typed (never while `busy`). */
  onCancel(): void;
  /** Where focus goes on close when the element that opened the dialog is gone (it was deleted). */
  onFocusLost?(): void;
  /** What the action needs besides a yes, shown under the message (a required reason's field). */
  children?: ReactNode;
}

/**
 * A modal confirmation (`alertdialog`). Focus starts on its first field when it asks for something
 * (`children`), else on Cancel, the safe choice; Tab stays inside;
 * Escape cancels; on close, focus returns to the element that had it before, or `onFocusLost` runs
 * when that element left the page.
 * @public
 */
export function ConfirmDialog({
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  busy = false,
  busyLabel,
  onConfirm,
  onCancel,
  onFocusLost,
  children,
}: ConfirmDialogProps) {
  const id = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const focusLost = useRef(onFocusLost);
  focusLost.current = onFocusLost;

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const field = dialog.current?.querySelector<HTMLElement>(FIELDS);
    (field ?? cancel.current)?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
      else focusLost.current?.();
    };
  }, []);

  useEffect(() => {
    // Disabled buttons cannot hold focus: the dialog keeps it, so it does not fall back to the page.
    if (busy) dialog.current?.focus();
  }, [busy]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      if (!busy) onCancel();
      return;
    }
    if (event.key !== 'Tab') return;
    const buttons = [...(dialog.current?.querySelectorAll<HTMLElement>(`${FIELDS}, button:not(:disabled)`) ?? [])];
    const first = buttons[0];
    const last = buttons[buttons.length - 1];
    if (!first || !last) {
      event.preventDefault();
    } else if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div className="ok-confirm-dialog__backdrop">
      <div
        className="ok-confirm-dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        aria-describedby={`${id}-message`}
        aria-busy={busy}
        data-state={busy ? 'busy' : 'open'}
        ref={dialog}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <h2 className="ok-confirm-dialog__title" id={`${id}-title`}>
          {title}
        </h2>
        <p className="ok-confirm-dialog__message" id={`${id}-message`}>
          {message}
        </p>
        {children}
        <div className="ok-confirm-dialog__actions">
          <button className="ok-confirm-dialog__cancel" type="button" ref={cancel} onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </button>
          <button className="ok-confirm-dialog__confirm" type="button" onClick={onConfirm} disabled={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </button>
        </div>
      </div>
    </div>
  );
}
