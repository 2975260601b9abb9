/** One person's page: the spec names it by the profile's e-mail (`/network/{id}`). */
export function personPath(email: string): string {
  return `/network/${encodeURIComponent(email)}`;
}
