import { useId, useState, type FormEvent } from 'react';
import { PortalError, type SchoolStaffMember, type SchoolsModule, type StaffRole } from '@opportunity-kit/sdk';
import { FormError } from '@opportunity-kit/widgets';
import { messageOf } from './use-loaded.ts';
import { StaffRoleChoices } from './staff-role-choices.tsx';

/**
 * Adds a staff address to a school: e-mail, an optional name (for an address that has no account
 * yet; it gets one and a link to choose a password) and the roles. `fixedRoles` skips the choice: the
 * board page adds a school's first administrator.
 */
export function AddStaffForm({
  schools,
  schoolId,
  submitLabel,
  fixedRoles,
  onAdded,
}: {
  schools: SchoolsModule;
  schoolId: string;
  submitLabel: string;
  fixedRoles?: StaffRole[];
  onAdded: (added: SchoolStaffMember) => void;
}) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [name, setName] = useState('');
  const [roles, setRoles] = useState<StaffRole[]>(fixedRoles ?? []);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ message: string | null; fields: Partial<Record<string, string>> }>({ message: null, fields: {} });
  const [added, setAdded] = useState<SchoolStaffMember | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError({ message: null, fields: {} });
    setAdded(null);
    try {
      const member = await schools.addStaff(schoolId, { email, name, roles: fixedRoles ?? roles });
      setAdded(member);
      setEmail('');
      setName('');
      if (!fixedRoles) setRoles([]);
      onAdded(member);
    } catch (thrown) {
      const fields = thrown instanceof PortalError ? thrown.fields : {};
      setError({ message: Object.keys(fields).length > 0 ? null : messageOf(thrown), fields });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className="portal-form schools__form" onSubmit={(event) => void submit(event)} noValidate aria-busy={busy} aria-label={submitLabel}>
      <div className="portal-field">
        <label htmlFor={`${id}-email`}>Email</label>
        <input
          id={`${id}-email`}
          className="portal-field__input"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          disabled={busy}
          aria-invalid={error.fields.email ? true : undefined}
          aria-describedby={error.fields.email ? `${id}-email-error` : undefined}
        />
        {error.fields.email ? (
          <p id={`${id}-email-error`} className="schools__field-error">
            {error.fields.email}
          </p>
        ) : null}
      </div>
      <div className="portal-field">
        <label htmlFor={`${id}-name`}>Name (for a new account)</label>
        <input id={`${id}-name`} className="portal-field__input" value={name} onChange={(event) => setName(event.target.value)} disabled={busy} />
      </div>
      {fixedRoles ? null : <StaffRoleChoices legend="Roles" chosen={roles} onChange={setRoles} disabled={busy} error={error.fields.roles} />}
      <FormError className="portal-alert" message={error.message} />
      {added ? (
        <p className="ok-confirmation" role="status">
          {added.name} ({added.email}) was added and e-mailed.
        </p>
      ) : null}
      <div className="schools__actions">
        <button type="submit" className="portal-button portal-button--primary" disabled={busy}>
          {busy ? 'Adding…' : submitLabel}
        </button>
      </div>
    </form>
  );
}
