/**
 * The address the footer's Contact link and the privacy notice, terms and help name: `VITE_CONTACT_EMAIL`
 * as the portal was built with it; without it, `opportunities@` the board's domain (`VITE_SCHOOL_DOMAIN`).
 */
export function contactAddress(): string {
  const configured = import.meta.env.VITE_CONTACT_EMAIL?.trim();
  if (configured) return configured;
  return `opportunities@${import.meta.env.VITE_SCHOOL_DOMAIN?.trim() || 'school.example'}`;
}
