import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * Appwrite's password dictionary (the project setting `passwordDictionary`), always on here: a new
 * password that is one of the 10,000 most common is refused. Appwrite ships its own list of that
 * size; ours is the head of zxcvbn's frequency-ordered list of common passwords (MIT), which
 * comes from the same breach corpora. Like Appwrite's check, the match is exact: the list is lower
 * case, so `Password1` passes where `password1` does not.
 */
const DICTIONARY_SIZE = 10_000;

// Built once, on first import (about 20 ms), and shared by every request.
const COMMON_PASSWORDS: ReadonlySet<string> = new Set(dictionary['passwords-common'].slice(0, DICTIONARY_SIZE));

export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password);
}
