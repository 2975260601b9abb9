import type { Services } from '../services.ts';
import type { BlobStore } from './blob-store.ts';
import type { Buckets } from './buckets.ts';
import type { Files } from './files.ts';
import type { PreviewCache } from './preview-cache.ts';
import type { KeyedLock } from '../store/keyed-lock.ts';

/** What the storage routes share: metadata in SQLite, bytes on disk, and the per-file upload lock. */
export interface StorageContext {
  readonly services: Services;
  readonly buckets: Buckets;
  readonly files: Files;
  readonly blobs: BlobStore;
  readonly uploads: KeyedLock;
  /** Rendered previews, answered again without rendering. */
  readonly previews: PreviewCache;
}
