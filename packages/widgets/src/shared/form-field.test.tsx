import { render, screen } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { useRef, useState, type FormEvent } from 'react';
import { describe, expect, it } from 'vitest';
import { expectNoAxeViolations } from '../testing/axe.ts';
import { FormError, FormField, useFocusFirstInvalid } from './form-field.tsx';

const describedBy = (control: HTMLElement) =>
  (control.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent)
    .join(' | ');

describe('FormField', () => {
  it('names its control with the label and describes it with the hint while nothing is refused', async () => {
    const { container } = render(
      <FormField label="Password" hint="At least 8 characters." error={null} required>
        {(control) => <input {...control} type="password" />}
      </FormField>,
    );
    const password = screen.getByLabelText(/Password/);
    expect(password.tagName).toBe('INPUT');
    expect(password.getAttribute('aria-invalid')).toBeNull();
    expect(password.getAttribute('aria-required')).toBe('true');
    expect(describedBy(password)).toBe('At least 8 characters.');
    expect(screen.queryByRole('alert')).toBeNull();
    await expectNoAxeViolations(container);
  });

  it('marks a refused control invalid and ties the error to it, after the hint', async () => {
    const { container } = render(
      <FormField label="Bio" hint="A few sentences." error="Please write at most 500 characters">
        {(control) => <textarea {...control} />}
      </FormField>,
    );
    const bio = screen.getByRole('textbox', { name: 'Bio' });
    expect(bio.getAttribute('aria-invalid')).toBe('true');
    expect(describedBy(bio)).toBe('A few sentences. | Please write at most 500 characters');
    expect(screen.getByRole('textbox', { name: 'Bio' })).toHaveProperty('id', container.querySelector('label')?.htmlFor);
    await expectNoAxeViolations(container);
  });

  it('announces the error as an alert when asked, for a refusal that comes without a submit', () => {
    render(
      <FormField label="Location" error="Please choose a location" announceError>
        {(control) => (
          <select {...control}>
            <option value="">Choose a location</option>
          </select>
        )}
      </FormField>,
    );
    expect(screen.getByRole('alert').textContent).toBe('Please choose a location');
    expect(screen.getByRole('combobox', { name: 'Location' }).getAttribute('aria-describedby')).toBe(screen.getByRole('alert').id);
  });

  it('gives two fields of one form their own ids', () => {
    render(
      <>
        <FormField label="Email" error="Please enter your email">
          {(control) => <input {...control} />}
        </FormField>
        <FormField label="Name" error="Please enter your name">
          {(control) => <input {...control} />}
        </FormField>
      </>,
    );
    expect(describedBy(screen.getByLabelText('Email'))).toBe('Please enter your email');
    expect(describedBy(screen.getByLabelText('Name'))).toBe('Please enter your name');
  });
});

describe('FormError', () => {
  it('shows the form’s failure as an alert, and nothing without one', () => {
    const { rerender } = render(<FormError message={null} />);
    expect(screen.queryByRole('alert')).toBeNull();
    rerender(<FormError message="An error occurred" />);
    expect(screen.getByRole('alert').textContent).toBe('An error occurred');
  });
});

/** A form that refuses an empty name and an empty e-mail, as the widgets' and the portal's forms do. */
function RefusingForm() {
  const form = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState({ name: '', email: '' });
  const [refusal, setRefusal] = useState<{ name?: string; email?: string } | null>(null);
  useFocusFirstInvalid(form, refusal);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setRefusal({ ...(values.name ? {} : { name: 'Please enter your name' }), ...(values.email ? {} : { email: 'Please enter your email' }) });
  };
  return (
    <form ref={form} onSubmit={submit} noValidate aria-label="Sign up">
      <FormField label="Name" error={refusal?.name ?? null}>
        {(control) => <input {...control} value={values.name} onChange={(event) => setValues({ ...values, name: event.target.value })} />}
      </FormField>
      <FormField label="Email" error={refusal?.email ?? null}>
        {(control) => <input {...control} value={values.email} onChange={(event) => setValues({ ...values, email: event.target.value })} />}
      </FormField>
      <button type="submit">Send</button>
    </form>
  );
}

describe('useFocusFirstInvalid', () => {
  it('moves the focus to the first refused field after each refused submit, and not before one', async () => {
    const user = userEvent.setup();
    render(<RefusingForm />);
    expect(document.activeElement).toBe(document.body);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Ana');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(document.activeElement).toBe(screen.getByLabelText('Email'));
  });
});
