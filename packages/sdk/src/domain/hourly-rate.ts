/**
 * Shows a salary with a leading $ when it has none. Its own module, apart from the posting form's rules
 * in `validation.ts`: a card that shows pay must not load the youth-work rule packs those check against.
 * @public
 */
export function formatHourlyRate(rate: string | null | undefined): string {
  const text = rate?.trim();
  if (!text) return '';
  return text.startsWith('$') ? text : `$${text}`;
}
