const DEFAULT_REMINDER_DAYS = 7;

/**
 * `APPLICATION_REMINDER_DAYS`: how long an application may wait for an answer before its employer is
 * reminded (7 by default). The `alerts` function sends the reminder; the `commands` function tells the
 * employer on their home page, so both read the same setting.
 */
export function reminderDays(env: NodeJS.ProcessEnv = process.env): number {
  const configured = Number.parseInt(env.APPLICATION_REMINDER_DAYS ?? '', 10);
  return Number.isInteger(configured) && configured > 0 ? configured : DEFAULT_REMINDER_DAYS;
}
