import { STAFF_ROLE_NAMES, STAFF_ROLES, type StaffRole } from '@opportunity-kit/sdk/domain';

/** The staff roles as checkboxes in one labelled group (keyboard: Tab between them, Space to tick). */
export function StaffRoleChoices({
  legend,
  chosen,
  onChange,
  disabled,
  error,
}: {
  legend: string;
  chosen: readonly StaffRole[];
  onChange: (roles: StaffRole[]) => void;
  disabled?: boolean;
  error?: string | undefined;
}) {
  const toggle = (role: StaffRole, on: boolean) => onChange(STAFF_ROLES.filter((each) => (each === role ? on : chosen.includes(each))));
  return (
    <fieldset className="schools__roles" disabled={disabled} aria-invalid={error ? true : undefined}>
      <legend>{legend}</legend>
      {STAFF_ROLES.map((role) => (
        <label key={role} className="schools__role">
          <input type="checkbox" checked={chosen.includes(role)} onChange={(event) => toggle(role, event.target.checked)} />
          {STAFF_ROLE_NAMES[role]}
        </label>
      ))}
      {error ? <p className="schools__field-error">{error}</p> : null}
    </fieldset>
  );
}

/** A staff member's roles in words: "Teacher, Guidance counsellor". */
export function staffRoleWords(roles: readonly StaffRole[]): string {
  return roles.map((role) => STAFF_ROLE_NAMES[role]).join(', ') || 'No role';
}
