import type { Client } from 'node-appwrite';

/**
 * The first `length` bytes of a stored file, fetched with a `Range` request so a signature check
 * never downloads a whole 10 MB upload. The SDK has no ranged download, so this goes through its
 * client (same endpoint and key; the project header is per call, as the SDK's own services add it). A file shorter than `length` answers what it has.
 */
export async function readFileStart(client: Client, file: { bucketId: string; $id: string; sizeOriginal: number }, length: number): Promise<Uint8Array> {
  const size = Math.min(length, file.sizeOriginal);
  // Appwrite's download refuses one-byte ranges, and a file this short is nothing we would accept.
  if (size < 2) return new Uint8Array(0);
  const path = `/storage/buckets/${encodeURIComponent(file.bucketId)}/files/${encodeURIComponent(file.$id)}/download`;
  const headers = { 'X-Appwrite-Project': client.config.project, range: `bytes=0-${size - 1}` };
  const data: unknown = await client.call('get', new URL(client.config.endpoint + path), headers, {}, 'arrayBuffer');
  // A file whose content type says JSON comes back parsed: it is certainly not the bytes we look for.
  return data instanceof ArrayBuffer ? new Uint8Array(data) : new Uint8Array(0);
}
