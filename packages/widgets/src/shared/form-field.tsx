import { useEffect, useId, type ReactNode, type RefObject } from 'react';

/**
 * What {@link FormField} gives its control to spread: the id its label points at, and the refusal and
 * hint tied to it, so a screen reader says both when the control takes focus.
 * @public
 */
export interface FormFieldControl {
  /** The control's id, which the label names. */
  id: string;
  /** Set while the field shows an error. */
  'aria-invalid': true | undefined;
  /** The ids of the hint and the error shown, so a screen reader reads them with the control. */
  'aria-describedby': string | undefined;
  /** Only when the field is marked required; a control that is required only sometimes sets its own. */
  'aria-required': true | undefined;
}

/** Props of {@link FormField}. @public */
export interface FormFieldProps {
  /** What the label says. */
  label: ReactNode;
  /** What the field expects, under it; it stays when an error shows, since it says how to fix it. */
  hint?: ReactNode;
  /** Why the value was refused, under the field; null when it was not. */
  error: string | null;
  /** Shows the required marker (` *`, hidden from screen readers, which hear `aria-required` instead). */
  required?: boolean | undefined;
  /**
   * Makes the error an alert, spoken as it appears. For a refusal that comes without a submit (a file
   * refused as it is picked), where no focus move announces it; a refused submit announces its errors by
   * moving the focus (see {@link useFocusFirstInvalid}), and one alert per field would talk over each other.
   */
  announceError?: boolean | undefined;
  /** The control's id, when the caller needs it before rendering (a second label); a generated one by default. */
  id?: string | undefined;
  /** The host's class for the field's box, next to `ok-form-field`. */
  className?: string | undefined;
  /** Renders the control (an input, a textarea, a select, or a box holding one) with the given attributes spread on it. */
  children(control: FormFieldControl): ReactNode;
}

/**
 * A labelled form control with its hint and its error tied to it: the label names the control, the
 * hint and the error describe it, and a refused value marks it `aria-invalid`, which is what
 * {@link useFocusFirstInvalid} looks for.
 * @public
 */
export function FormField({ label, hint, error, required = false, announceError = false, id, className, children }: FormFieldProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `ok-form-field ${className}` : 'ok-form-field'}>
      <label className="ok-form-field__label" htmlFor={controlId}>
        {label}
        {required ? (
          <span className="ok-form-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy, 'aria-required': required ? true : undefined })}
      {hint ? (
        <p className="ok-form-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="ok-form-field__error" id={errorId} role={announceError ? 'alert' : undefined}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** Props of {@link FormError}. @public */
export interface FormErrorProps {
  /** Why the form failed as a whole; null or empty shows nothing. */
  message: string | null;
  /** For a control that names the message as its description. */
  id?: string | undefined;
  /** The host's own look for the message, instead of the widgets' boxed alert (`ok-form-error`). */
  className?: string | undefined;
}

/**
 * The message of a form that failed as a whole (the server refused, the network failed), spoken as it
 * appears. Field refusals belong beside their fields ({@link FormField}).
 * @public
 */
export function FormError({ message, id, className = 'ok-form-error' }: FormErrorProps) {
  if (!message) return null;
  return (
    <p className={className} id={id} role="alert">
      {message}
    </p>
  );
}

/**
 * After a refused submit, moves the focus to the form's first control marked `aria-invalid`, so the
 * person lands on the first thing to fix and hears its error. `failureKey` changes with each refusal
 * (a count of refused submits, or the failure itself); while it is 0 or null nothing was refused yet.
 * @public
 */
export function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, failureKey: number | object | null): void {
  useEffect(() => {
    if (failureKey === 0 || failureKey === null) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, failureKey]);
}
