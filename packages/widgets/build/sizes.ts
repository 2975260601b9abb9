import { gzipSync } from 'node:zlib';

export interface Size {
  bytes: number;
  gzip: number;
}

/** Raw and gzip (zlib's default level, as web servers typically serve) sizes of a text. */
export function sizeOf(text: string): Size {
  const buffer = Buffer.from(text);
  return { bytes: buffer.length, gzip: gzipSync(buffer).length };
}

export const kb = (bytes: number): string => `${(bytes / 1024).toFixed(2)} KB`;
