import { useId, type ChangeEvent } from 'react';

/** Props of {@link FilePicker}. Spread a {@link FormFieldControl} on it to name it with a field's label. @public */
export interface FilePickerProps {
  /** What the button says ("Choose a PDF", "Add images"); it is also a label of the picker. */
  buttonLabel: string;
  /** The file types the browser offers, as the input's `accept`. */
  accept: string;
  /** Several files at once. */
  multiple?: boolean | undefined;
  /** While the host is busy with the picked file (uploading it). */
  disabled?: boolean | undefined;
  /**
   * The chosen file's name, shown beside the button ("Selected: resume.pdf"); null shows "No file
   * chosen"; left out, no name shows (a host that shows the picked files itself, as previews).
   */
  fileName?: string | null | undefined;
  /** Files were picked (never called with none). */
  onPick(files: File[]): void;
  /** The input's id, for a label of the host's; a generated one by default. */
  id?: string | undefined;
  /** Marks the picker refused. */
  'aria-invalid'?: true | undefined;
  /** The ids of the host's hint and error; the chosen file's name is added to them. */
  'aria-describedby'?: string | undefined;
  /** Marks the picker required. */
  'aria-required'?: true | undefined;
  /** The host's class for the picker's box, next to `ok-file-picker`. */
  className?: string | undefined;
}

/**
 * A file input that looks like a button, with the chosen file's name beside it. The native input
 * stays in the tab order (Enter or Space opens the browser's chooser) and draws its focus ring on the
 * button; only its own box is hidden.
 * @public
 */
export function FilePicker(props: FilePickerProps) {
  const { buttonLabel, accept, multiple, disabled, fileName, onPick, className } = props;
  const generatedId = useId();
  const inputId = props.id ?? generatedId;
  const nameId = `${inputId}-name`;
  const describedBy = [fileName === undefined ? undefined : nameId, props['aria-describedby']].filter(Boolean).join(' ') || undefined;
  const pick = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.currentTarget.files ?? [])];
    // Emptied, so that picking the same file again (after it was refused) is a change too; the host keeps the file.
    event.currentTarget.value = '';
    if (files.length) onPick(files);
  };
  return (
    <div className={className ? `ok-file-picker ${className}` : 'ok-file-picker'} data-state={fileName ? 'chosen' : 'empty'}>
      <input
        className="ok-file-picker__input"
        id={inputId}
        type="file"
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-invalid={props['aria-invalid']}
        aria-required={props['aria-required']}
        aria-describedby={describedBy}
        onChange={pick}
      />
      <label className="ok-file-picker__button" htmlFor={inputId}>
        {buttonLabel}
      </label>
      {fileName === undefined ? null : (
        <span className="ok-file-picker__name" id={nameId}>
          {fileName === null ? (
            'No file chosen'
          ) : (
            <>
              Selected: <span className="ok-file-picker__file">{fileName}</span>
            </>
          )}
        </span>
      )}
    </div>
  );
}
