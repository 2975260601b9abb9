import type { RequestContext } from '../http/context.ts';
import { errors } from '../http/errors.ts';
import { isCustomId } from '../http/params.ts';

/**
 * A `{bucketId}` or `{fileId}` of the path, checked with Appwrite's UID validator (at most 36 chars of
 * a-z A-Z 0-9 . - _, no special char first) before anything is looked up: a longer id is 400, not 404.
 */
export function pathUid(ctx: RequestContext, name: 'bucketId' | 'fileId'): string {
  const value = ctx.pathParams[name] ?? '';
  if (value === 'unique()' || !isCustomId(value)) {
    throw errors.argumentInvalid(
      `Invalid \`${name}\` param: UID must contain at most 36 chars. Valid chars are a-z, A-Z, 0-9, and underscore. Can't start with a leading underscore`,
    );
  }
  return value;
}
