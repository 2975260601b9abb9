/** Props of {@link SaveToggle}. @public */
export interface SaveToggleProps {
  /** The posting's title: the button is named "Save" and the title, so each card's button says which posting it keeps. */
  title: string;
  /** Whether the posting is saved: the button is pressed, its star filled. */
  saved: boolean;
  /** Saves or unsaves the posting. */
  onToggle(): void;
  /** A class of the host's, to place the button in its layout. */
  className?: string | undefined;
}

/**
 * The saved mark of a posting: one toggle button (`aria-pressed`) named "Save" and the title. Its label
 * stays "Save" in both states, as a toggle's label should (a label that changed to "Saved" would
 * no longer be the name voice control users say); the pressed state shows as a filled star on the
 * accent colour, and screen readers announce it as pressed.
 * @public
 */
export function SaveToggle({ title, saved, onToggle, className }: SaveToggleProps) {
  return (
    <button
      className={className ? `ok-save-toggle ${className}` : 'ok-save-toggle'}
      type="button"
      aria-pressed={saved}
      aria-label={`Save ${title}`}
      data-state={saved ? 'saved' : 'unsaved'}
      onClick={onToggle}
    >
      <span className="ok-save-toggle__icon" aria-hidden="true">
        {saved ? '\u2605' : '\u2606'}
      </span>
      <span className="ok-save-toggle__label">Save</span>
    </button>
  );
}
