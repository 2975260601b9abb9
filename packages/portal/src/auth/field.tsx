import { useEffect, useId, type InputHTMLAttributes, type RefObject } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** The message for this field, shown under it and announced with it. */
  error?: string | undefined;
  /** What the field expects, shown under it before anything goes wrong (the error takes its place). */
  hint?: string | undefined;
}

/** A labelled input with its hint or error message tied to it for screen readers. */
export function Field({ label, error, hint, ...input }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = error ? errorId : hint ? hintId : undefined;
  return (
    <div className="portal-field" data-state={error ? 'invalid' : undefined}>
      <label className="portal-field__label" htmlFor={id}>
        {label}
      </label>
      <input className="portal-field__input" id={id} aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
      {error ? (
        <p className="portal-field__error" id={errorId}>
          {error}
        </p>
      ) : (
        hint && (
          <p className="portal-field__hint" id={hintId}>
            {hint}
          </p>
        )
      )}
    </div>
  );
}

/** After a refused submit, moves focus to the first refused field, which then announces its message. */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, failure: object): void {
  useEffect(() => {
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, failure]);
}
