import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

export interface FiltersSheetProps {
  /** How many filters are set: the button says "Filters (2)". */
  count: number;
  /** The filter controls the sheet holds. */
  children: ReactNode;
  /** Offered in the sheet's footer while something is set. */
  onClear?: (() => void) | undefined;
}

/** "Filters", or "Filters (2)" with two set: what the button shows on a phone. */
export const filtersLabel = (count: number) => (count ? `Filters (${count})` : 'Filters');

/**
 * The filter panel on a phone: a "Filters (n)" button that opens the controls in a modal sheet (a
 * native `<dialog>`, so the page behind is inert and Escape closes it), leaving the list on the first
 * screen. Closing, by Escape or a button, gives the focus back to the Filters button.
 */
export function FiltersSheet({ count, children, onClear }: FiltersSheetProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);

  useEffect(() => {
    const sheet = dialog.current;
    if (!sheet || !open || sheet.open) return;
    // Some test DOMs have no showModal; the sheet then opens as a plain dialog.
    if (typeof sheet.showModal === 'function') sheet.showModal();
    else sheet.setAttribute('open', '');
  }, [open]);

  const close = () => {
    const sheet = dialog.current;
    if (sheet?.open && typeof sheet.close === 'function') sheet.close();
    else sheet?.removeAttribute('open');
    setOpen(false);
    opener.current?.focus();
  };

  return (
    <>
      <button
        ref={opener}
        className="ok-job-filters__open ok-job-board__button"
        type="button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        {filtersLabel(count)}
      </button>
      <dialog
        ref={dialog}
        className="ok-job-filters__sheet"
        aria-labelledby={titleId}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          // Closed here rather than by the browser, so the focus goes back to the button as with Close.
          event.preventDefault();
          event.stopPropagation();
          close();
        }}
        onCancel={(event) => {
          // A close request the keyboard did not make (a phone's Back gesture) ends the same way.
          event.preventDefault();
          close();
        }}
      >
        {open ? (
          <>
            <div className="ok-job-filters__sheet-header">
              <h2 className="ok-job-filters__sheet-title" id={titleId}>
                {filtersLabel(count)}
              </h2>
              <button className="ok-job-filters__sheet-close ok-job-board__button" type="button" onClick={close}>
                Close
              </button>
            </div>
            <div className="ok-job-filters__sheet-body">{children}</div>
            <div className="ok-job-filters__sheet-footer">
              {onClear && count ? (
                <button className="ok-job-filters__reset" type="button" onClick={onClear}>
                  Clear filters
                </button>
              ) : null}
              <button className="ok-job-board__button ok-primary-button ok-job-filters__done" type="button" onClick={close}>
                Show results
              </button>
            </div>
          </>
        ) : null}
      </dialog>
    </>
  );
}
