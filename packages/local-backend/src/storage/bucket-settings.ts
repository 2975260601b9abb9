import type { ParamReader } from '../http/params.ts';
import { errors } from '../http/errors.ts';
import { normalizePermissions } from '../permissions/permissions.ts';
import { COMPRESSIONS, STORAGE_LIMIT, type BucketRecord, type BucketSettings, type Compression } from './buckets.ts';

const MAX_EXTENSIONS = 100;
const MAX_EXTENSION_LENGTH = 64;

function readPermissions(params: ParamReader): string[] | undefined {
  const permissions = params.stringArray('permissions', { max: 100 });
  return permissions && normalizePermissions(permissions, 'container');
}

function readMaximumFileSize(params: ParamReader): number | undefined {
  if (!params.has('maximumFileSize')) return undefined;
  return params.integer('maximumFileSize', STORAGE_LIMIT, { min: 1, max: STORAGE_LIMIT });
}

function readExtensions(params: ParamReader): string[] {
  const extensions = params.stringArray('allowedFileExtensions', { max: MAX_EXTENSIONS }) ?? [];
  if (extensions.some((extension) => extension.length > MAX_EXTENSION_LENGTH)) {
    throw errors.argumentInvalid(
      `Invalid \`allowedFileExtensions\` param: Value must a valid array no longer than ${MAX_EXTENSIONS} items and Value must be a valid string and no longer than ${MAX_EXTENSION_LENGTH} chars`,
    );
  }
  return extensions;
}

function readCompression(params: ParamReader): Compression | undefined {
  const compression = params.optionalString('compression');
  if (compression === undefined) return undefined;
  if (!(COMPRESSIONS as readonly string[]).includes(compression)) {
    throw errors.argumentInvalid(`Invalid \`compression\` param: Value must be one of (${COMPRESSIONS.join(', ')})`);
  }
  return compression as Compression;
}

/** `POST /v1/storage/buckets` params with Appwrite's defaults (enabled, file security off, the server's largest file size, every extension). */
export function readNewBucketSettings(params: ParamReader): BucketSettings {
  return {
    name: params.string('name', { min: 1, max: 128 }),
    permissions: readPermissions(params) ?? [],
    fileSecurity: params.boolean('fileSecurity', false),
    enabled: params.boolean('enabled', true),
    maximumFileSize: readMaximumFileSize(params) ?? STORAGE_LIMIT,
    allowedFileExtensions: readExtensions(params),
    compression: readCompression(params) ?? 'none',
    encryption: params.boolean('encryption', true),
    antivirus: params.boolean('antivirus', true),
    transformations: params.boolean('transformations', true),
  };
}

/**
 * `PUT /v1/storage/buckets/{id}` is a replacement, as on Appwrite: omitted flags and extensions go
 * back to their defaults; only permissions, size limit, compression and encryption are kept.
 */
export function readUpdatedBucketSettings(params: ParamReader, current: BucketRecord): BucketSettings {
  return {
    name: params.string('name', { min: 1, max: 128 }),
    permissions: readPermissions(params) ?? current.permissions,
    fileSecurity: params.boolean('fileSecurity', false),
    enabled: params.boolean('enabled', true),
    maximumFileSize: readMaximumFileSize(params) ?? current.maximumFileSize,
    allowedFileExtensions: readExtensions(params),
    compression: readCompression(params) ?? current.compression,
    encryption: params.has('encryption') ? params.boolean('encryption', true) : current.encryption,
    antivirus: params.boolean('antivirus', true),
    transformations: params.boolean('transformations', true),
  };
}
