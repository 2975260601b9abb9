import { AppwriteError } from '../http/errors.ts';
import { isCustomId, ParamReader } from '../http/params.ts';
import { loadProjectConfig, type BucketConfig } from '../provisioning/config.ts';
import { readNewBucketSettings } from './bucket-settings.ts';
import type { BucketSettings } from './buckets.ts';
import type { StorageContext } from './storage-context.ts';

/** The CLI also writes `transformations`, which the shared config type does not list. */
type BucketEntry = BucketConfig & { transformations?: boolean };

/**
 * Reads one bucket of `appwrite.config.json` through the same rules as `POST /v1/storage/buckets`,
 * so a value `appwrite push` would be refused for is refused here too, with the bucket named.
 */
function settingsOf(entry: BucketEntry): BucketSettings {
  try {
    return readNewBucketSettings(
      new ParamReader({
        name: entry.name,
        permissions: entry.$permissions,
        fileSecurity: entry.fileSecurity,
        enabled: entry.enabled,
        maximumFileSize: entry.maximumFileSize,
        allowedFileExtensions: entry.allowedFileExtensions,
        compression: entry.compression,
        encryption: entry.encryption,
        antivirus: entry.antivirus,
        transformations: entry.transformations,
      }),
    );
  } catch (error) {
    const detail = error instanceof AppwriteError ? error.message : String(error);
    throw new Error(`appwrite.config.json: bucket "${entry.$id}": ${detail}`, { cause: error });
  }
}

/**
 * Brings the buckets in line with the project's config, like `appwrite push`: creates missing
 * buckets and applies the declared settings to existing ones. Buckets absent from the config and
 * the files inside any bucket are left alone. Runs on every start; running it twice changes nothing.
 */
export function provisionBuckets(storage: StorageContext): void {
  const entries = (loadProjectConfig(storage.services.projectRoot).buckets ?? []) as BucketEntry[];
  for (const entry of entries) {
    if (typeof entry.$id !== 'string' || entry.$id === 'unique()' || !isCustomId(entry.$id)) {
      throw new Error(`appwrite.config.json: bucket id ${JSON.stringify(entry.$id)} is not a valid id`);
    }
    const settings = settingsOf(entry);
    if (storage.buckets.find(entry.$id)) storage.buckets.update(entry.$id, settings);
    else storage.buckets.create(entry.$id, settings);
  }
}
