import { gzipSync } from 'node:zlib';

/** What the size tests read of a built JavaScript file (rollup's and Vite's output chunks both fit). */
export interface LoadableChunk {
  code: string;
  /** The chunks it imports statically: they load with it. */
  imports: readonly string[];
}

/** A chunk and every chunk it imports statically: what loads before its code runs. */
export function staticClosure(chunks: ReadonlyMap<string, LoadableChunk>, fileName: string, seen = new Set<string>()): Set<string> {
  if (seen.has(fileName)) return seen;
  seen.add(fileName);
  for (const imported of chunks.get(fileName)?.imports ?? []) staticClosure(chunks, imported, seen);
  return seen;
}

/** The gzip bytes of `files`, each compressed on its own as a server sends it. */
export function gzipOf(chunks: ReadonlyMap<string, LoadableChunk>, files: Iterable<string>): number {
  return [...files].reduce((sum, file) => sum + gzipSync(chunks.get(file)!.code).length, 0);
}
