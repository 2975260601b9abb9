import { SCHOOL_RULES } from '@opportunity-kit/sdk/domain';

/**
 * The board's e-mail domain as the portal was built with it (`VITE_SCHOOL_DOMAIN`, the same value as
 * the functions' `SCHOOL_DOMAIN`); without it the rules name the domain in words.
 */
function boardDomain(): string {
  return import.meta.env.VITE_SCHOOL_DOMAIN?.trim() || 'your school board’s domain';
}

/** Who is a student, who is staff and when each gets in (issue 23), as the sign-up and roster pages say it. */
export function SchoolRules({ className }: { className?: string }) {
  const domain = boardDomain();
  return (
    <section className={className ? `schools__rules ${className}` : 'schools__rules'} aria-label="Who gets which account">
      <ul>
        <li>{SCHOOL_RULES.students(domain)}</li>
        <li>{SCHOOL_RULES.staff(domain)}</li>
        <li>{SCHOOL_RULES.others}</li>
      </ul>
    </section>
  );
}
