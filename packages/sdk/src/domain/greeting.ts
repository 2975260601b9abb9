/**
 * The home screen's greeting by the hour of the given time: before 12:00 morning, before 18:00
 * afternoon, otherwise evening.
 * @public
 */
export function greetingFor(time: Date): 'Good morning' | 'Good afternoon' | 'Good evening' {
  const hour = time.getHours();
  if (hour < 12) return 'Good morning';
  if (hour < 18) return 'Good afternoon';
  return 'Good evening';
}
