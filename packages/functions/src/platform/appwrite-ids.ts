/** Appwrite's id rule: up to 36 of a-z, A-Z, 0-9, period, hyphen, underscore, not starting with a special character. */
const ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,35}$/;

/** True for a string Appwrite would accept as an id; anything else cannot name an existing row or file. */
export function isAppwriteId(value: string): boolean {
  return ID.test(value);
}
