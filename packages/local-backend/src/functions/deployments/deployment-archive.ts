import { createReadStream } from 'node:fs';
import { posix } from 'node:path';
import { extract, Parser, type ReadEntry } from 'tar';

/** What a build may unpack: far above a bundled function (the product's are well under 5 MB). */
export interface ArchiveLimits {
  maxBytes: number;
  maxEntries: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = { maxBytes: 100 * 1024 * 1024, maxEntries: 10_000 };

/** An archive refused before anything of it was written; the message goes to the build logs. */
export class UnsafeArchive extends Error {}

export interface ArchiveSummary {
  /** Bytes of the regular files it holds. */
  bytes: number;
  entries: number;
}

/** Entry kinds a function's code needs; devices, FIFOs and the like are refused. */
const ALLOWED_TYPES = new Set(['File', 'OldFile', 'ContiguousFile', 'Directory', 'SymbolicLink', 'Link']);

/** A path inside the archive that stays inside it: relative, `/`-separated, and without `..`. */
function escapes(path: string): boolean {
  if (path.startsWith('/') || path.includes('\\') || /^[A-Za-z]:/.test(path)) return true;
  return path.split('/').includes('..');
}

/** Why an entry may not be unpacked, or undefined when it may. */
function refusalOf(entry: ReadEntry): string | undefined {
  const path = entry.path;
  if (!ALLOWED_TYPES.has(entry.type)) return `"${path}" is a ${entry.type} entry; only files, folders and links are allowed.`;
  if (escapes(path)) return `"${path}" points outside the deployment folder (an absolute path or a ".." segment).`;
  const target = entry.linkpath ?? '';
  if (entry.type === 'Link' && escapes(target)) return `The hard link "${path}" points outside the deployment folder.`;
  if (entry.type === 'SymbolicLink') {
    const resolved = posix.normalize(posix.join(posix.dirname(path), target));
    if (target.startsWith('/') || target.includes('\\') || resolved === '..' || resolved.startsWith('../')) {
      return `The symbolic link "${path}" points outside the deployment folder.`;
    }
  }
  return undefined;
}

/**
 * Reads a `tar.gz` to its end without writing anything, and refuses it (UnsafeArchive) when an
 * entry could land outside the folder it is unpacked into, or when it holds more than the limits.
 * The first refusal stops the reading, so a compression bomb is never inflated in full.
 */
export function inspectArchive(file: string, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<ArchiveSummary> {
  return new Promise((resolve, reject) => {
    const summary: ArchiveSummary = { bytes: 0, entries: 0 };
    let settled = false;
    const input = createReadStream(file);
    const parser = new Parser({ strict: true });
    const refuse = (message: string): void => {
      if (settled) return;
      settled = true;
      input.destroy();
      reject(new UnsafeArchive(message));
    };
    parser.on('entry', (entry: ReadEntry) => {
      summary.entries += 1;
      if (entry.type === 'File' || entry.type === 'OldFile' || entry.type === 'ContiguousFile') summary.bytes += entry.size;
      const refusal =
        refusalOf(entry) ??
        (summary.entries > limits.maxEntries ? `The archive holds more than ${limits.maxEntries} entries.` : undefined) ??
        (summary.bytes > limits.maxBytes ? `The archive unpacks to more than ${limits.maxBytes} bytes.` : undefined);
      if (refusal) refuse(refusal);
      entry.resume();
    });
    parser.on('error', (error: Error) => refuse(`The archive is not a readable tar.gz: ${error.message}`));
    parser.on('end', () => {
      if (settled) return;
      settled = true;
      if (summary.entries === 0) reject(new UnsafeArchive('The archive is empty or not a tar.gz.'));
      else resolve(summary);
    });
    input.on('error', (error) => refuse(`The archive could not be read: ${error.message}`));
    input.pipe(parser);
  });
}

/**
 * Unpacks an archive that inspectArchive accepted into `folder` (empty, private). The tar library's
 * own guards stay on as a second line: paths are kept relative, and any warning (a `..` entry, a
 * link it will not follow) fails the unpacking instead of being skipped.
 */
export async function unpackArchive(file: string, folder: string): Promise<void> {
  try {
    await extract({
      file,
      cwd: folder,
      strict: true,
      preservePaths: false,
      preserveOwner: false,
      filter: (_path, entry) => !('type' in entry) || refusalOf(entry as ReadEntry) === undefined,
    });
  } catch (error) {
    throw new UnsafeArchive(`The archive could not be unpacked: ${error instanceof Error ? error.message : String(error)}`);
  }
}
