/** Appwrite's datetime format: ISO-8601 with milliseconds and a numeric offset (`2026-01-15T09:30:00.000+00:00`). */
export function formatDate(date: Date | number | string): string {
  const value = date instanceof Date ? date : new Date(date);
  return value.toISOString().replace('Z', '+00:00');
}

export function nowIso(): string {
  return formatDate(Date.now());
}
