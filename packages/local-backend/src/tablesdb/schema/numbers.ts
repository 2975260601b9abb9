/** Limits and number formatting shared by column definitions and value validation (utopia-php semantics). */

export const INT64_MIN = -9223372036854775808n;
export const INT64_MAX = 9223372036854775807n;
export const INT32_MAX = 2147483647n;
export const FLOAT_MAX = Number.MAX_VALUE;

/** PHP's `number_format($n)`: rounded to an integer, thousands separated by commas. */
export function numberFormat(value: number | bigint): string {
  let integer: bigint;
  if (typeof value === 'bigint') integer = value;
  else if (!Number.isFinite(value)) return String(value);
  else integer = BigInt(Math.sign(value) * Math.round(Math.abs(value)));
  const negative = integer < 0n;
  const digits = (negative ? -integer : integer).toString();
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return negative ? `-${grouped}` : grouped;
}

/** True for a JS number or bigint holding an integer (JSON numbers arrive as JS numbers). */
export function isInteger(value: unknown): value is number | bigint {
  return typeof value === 'bigint' || (typeof value === 'number' && Number.isInteger(value));
}

export function toBigInt(value: number | bigint): bigint {
  return typeof value === 'bigint' ? value : BigInt(value);
}
