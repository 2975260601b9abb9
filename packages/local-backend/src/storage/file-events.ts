import type { BucketRecord } from './buckets.ts';
import { fileReadRoles } from './file-access.ts';
import { fileModel, type FileRecord } from './files.ts';
import type { StorageContext } from './storage-context.ts';

/** Publishes `buckets.B.files.F.<action>` with the File model, for realtime and event-triggered functions. */
export function publishFileEvent(storage: StorageContext, bucket: BucketRecord, file: FileRecord, action: 'create' | 'update' | 'delete'): void {
  storage.services.bus.publish({
    resource: 'file',
    name: `buckets.${bucket.id}.files.${file.id}.${action}`,
    action,
    payload: fileModel(file),
    readRoles: fileReadRoles(bucket, file),
    ids: { bucketId: bucket.id, fileId: file.id },
  });
}
