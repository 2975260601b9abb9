import { chmodSync, closeSync, lstatSync, mkdirSync, openSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The data folder holds password hashes, session secrets, the API key and people's files, so only
 * its owner may read it: folders 0700, files 0600, whatever the process umask says.
 */
export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `path` (and missing parents) as a private folder; an existing one keeps its mode. */
export function makePrivateFolder(path: string): void {
  mkdirSync(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
}

/**
 * Makes everything under `root` private: a data folder an older version wrote with the umask's
 * modes (0755 and 0644) is closed on start. Symbolic links are left alone: their targets are not
 * ours to change, and a link's own mode means nothing.
 */
export function makeTreePrivate(root: string): void {
  const visit = (path: string): void => {
    const info = lstatSync(path);
    if (info.isSymbolicLink()) return;
    if (info.isDirectory()) {
      if ((info.mode & 0o777) !== PRIVATE_FOLDER_MODE) chmodSync(path, PRIVATE_FOLDER_MODE);
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if ((info.mode & 0o777) !== PRIVATE_FILE_MODE) {
      chmodSync(path, PRIVATE_FILE_MODE);
    }
  };
  visit(root);
}

/**
 * Creates an empty private file if there is none. SQLite creates its `-wal` and `-shm` files with
 * the mode of the database file, so a database file made here keeps all three private.
 */
export function touchPrivateFile(path: string): void {
  closeSync(openSync(path, 'a', PRIVATE_FILE_MODE));
}
