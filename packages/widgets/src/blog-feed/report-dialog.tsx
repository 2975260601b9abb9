import { useEffect, useId, useRef, type FormEvent, type KeyboardEvent } from 'react';
/** What the dialog shows: what is reported ("post", "comment", "opportunity") and the report as typed. */
export interface ReportDialogProps {
  what: string;
  report: { reason: string; sending: boolean; error: string | null };
  onReasonChange(reason: string): void;
  onSubmit(): void;
  onCancel(): void;
}

/**
 * A modal form asking why a post, a comment or a posting is reported. Focus starts in the reason; Escape
 * cancels; on close, focus returns to the Report button that opened it.
 */
export function ReportDialog({ what, report, onReasonChange, onSubmit, onCancel }: ReportDialogProps) {
  const id = useId();
  const reason = useRef<HTMLTextAreaElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    reason.current?.focus();
    return () => {
      if (previous?.isConnected) previous.focus();
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    if (!report.sending) onCancel();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <div className="ok-confirm-dialog__backdrop">
      <div className="ok-confirm-dialog" role="dialog" aria-modal="true" aria-labelledby={`${id}-title`} onKeyDown={onKeyDown}>
        <h2 className="ok-confirm-dialog__title" id={`${id}-title`}>
          Report this {what}
        </h2>
        <form onSubmit={submit} noValidate>
          <label className="ok-confirm-dialog__message" htmlFor={`${id}-reason`}>
            Why should a teacher look at it?
          </label>
          <textarea
            className="ok-blog-report__reason"
            id={`${id}-reason`}
            ref={reason}
            rows={3}
            value={report.reason}
            onChange={(event) => onReasonChange(event.currentTarget.value)}
            disabled={report.sending}
            aria-invalid={report.error ? true : undefined}
            aria-describedby={report.error ? `${id}-error` : undefined}
          />
          <p className="ok-blog-report__error" id={`${id}-error`} role="alert">
            {report.error}
          </p>
          <div className="ok-confirm-dialog__actions">
            <button className="ok-confirm-dialog__cancel" type="button" onClick={onCancel} disabled={report.sending}>
              Cancel
            </button>
            <button className="ok-confirm-dialog__confirm" type="submit" disabled={report.sending}>
              {report.sending ? 'Sending...' : 'Send report'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
