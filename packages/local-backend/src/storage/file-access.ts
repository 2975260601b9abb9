import type { Caller } from '../auth/identity.ts';
import { errors } from '../http/errors.ts';
import { allows, rolesOf, type Action } from '../permissions/permissions.ts';
import type { BucketRecord } from './buckets.ts';
import type { FileRecord } from './files.ts';
import type { StorageContext } from './storage-context.ts';

/**
 * Who may do what with files: the bucket's permissions grant an action on every
 * file; with `fileSecurity` on, a file's own permissions grant it on that file too. API keys bypass.
 */

/** A missing bucket, or a disabled one asked for by anyone but an API key, is "not found". */
export function bucketFor(storage: StorageContext, caller: Caller, bucketId: string): BucketRecord {
  const bucket = storage.buckets.find(bucketId);
  if (!bucket || (!bucket.enabled && caller.kind !== 'key')) throw errors.storageBucketNotFound();
  return bucket;
}

export function bucketAllows(bucket: BucketRecord, caller: Caller, action: Action): boolean {
  return caller.kind === 'key' || allows(bucket.permissions, action, caller.roles);
}

/**
 * The file if the caller may read it. Without bucket read and without file security the answer is
 * 401; with file security a file the caller cannot read is answered as missing (404).
 */
export function readableFile(storage: StorageContext, caller: Caller, bucketId: string, fileId: string): { bucket: BucketRecord; file: FileRecord } {
  const bucket = bucketFor(storage, caller, bucketId);
  const bucketGrants = bucketAllows(bucket, caller, 'read');
  if (!bucket.fileSecurity && !bucketGrants) throw errors.userUnauthorized();
  const file = storage.files.find(bucket.id, fileId);
  if (!file || (!bucketGrants && !allows(file.permissions, 'read', caller.roles))) throw errors.storageFileNotFound();
  return { bucket, file };
}

/** The file if the caller may update or delete it; read permission is not needed for either. */
export function changeableFile(
  storage: StorageContext,
  caller: Caller,
  bucketId: string,
  fileId: string,
  action: 'update' | 'delete',
): { bucket: BucketRecord; file: FileRecord } {
  const bucket = bucketFor(storage, caller, bucketId);
  const bucketGrants = bucketAllows(bucket, caller, action);
  if (!bucket.fileSecurity && !bucketGrants) throw errors.userUnauthorized();
  const file = storage.files.find(bucket.id, fileId);
  if (!file) throw errors.storageFileNotFound();
  if (!bucketGrants && !allows(file.permissions, action, caller.roles)) throw errors.userUnauthorized();
  return { bucket, file };
}

/** Who may receive a file's events over realtime: whoever may read it (the bucket's readers, and with `fileSecurity` the file's). */
export function fileReadRoles(bucket: BucketRecord, file: FileRecord): string[] {
  const roles = rolesOf(bucket.permissions, 'read');
  if (bucket.fileSecurity) {
    for (const role of rolesOf(file.permissions, 'read')) if (!roles.includes(role)) roles.push(role);
  }
  return roles;
}
