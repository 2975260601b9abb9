import { requireKey } from '../auth/identity.ts';
import { json, noContent, type RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { readCustomId } from '../http/params.ts';
import type { Router } from '../http/router.ts';
import { readNewBucketSettings, readUpdatedBucketSettings } from './bucket-settings.ts';
import { bucketModel, type BucketRecord } from './buckets.ts';
import type { StorageContext } from './storage-context.ts';
import { pathUid } from './path-ids.ts';

const BUCKETS = '/v1/storage/buckets';
const BUCKET = `${BUCKETS}/{bucketId}`;

function existingBucket(storage: StorageContext, ctx: RequestContext): BucketRecord {
  const bucket = storage.buckets.find(pathUid(ctx, 'bucketId'));
  if (!bucket) throw errors.storageBucketNotFound();
  return bucket;
}

/** Bucket administration: API keys only, like Appwrite's `buckets.*` scopes. */
export function registerBucketRoutes(router: Router, storage: StorageContext): void {
  const model = (bucket: BucketRecord) => bucketModel(bucket, storage.files.totalSize(bucket.id));

  router.post(BUCKETS, (ctx) => {
    requireKey(ctx.caller, 'buckets.write');
    const bucketId = readCustomId(ctx.params, 'bucketId');
    const created = storage.buckets.create(bucketId, readNewBucketSettings(ctx.params));
    if (!created) throw errors.storageBucketAlreadyExists();
    return json(201, model(created));
  });

  router.get(BUCKETS, (ctx) => {
    requireKey(ctx.caller, 'buckets.read');
    const { total, buckets } = storage.buckets.list(
      ctx.params.stringArray('queries') ?? [],
      ctx.params.optionalString('search', { max: 256 }) ?? '',
      ctx.params.boolean('total', true),
    );
    return json(200, { total, buckets: buckets.map(model) });
  });

  router.get(BUCKET, (ctx) => {
    requireKey(ctx.caller, 'buckets.read');
    return json(200, model(existingBucket(storage, ctx)));
  });

  router.put(BUCKET, (ctx) => {
    requireKey(ctx.caller, 'buckets.write');
    const bucket = existingBucket(storage, ctx);
    const updated = storage.buckets.update(bucket.id, readUpdatedBucketSettings(ctx.params, bucket));
    if (!updated) throw errors.storageBucketNotFound();
    return json(200, model(updated));
  });

  router.delete(BUCKET, async (ctx) => {
    requireKey(ctx.caller, 'buckets.write');
    const bucket = existingBucket(storage, ctx);
    storage.buckets.delete(bucket.id);
    await storage.blobs.removeBucket(bucket.id);
    return noContent;
  });
}
