import { AppwriteException } from 'node-appwrite';

/** True when Appwrite answered with this HTTP status (404: absent, 409: a duplicate id or unique key). */
export function hasStatus(thrown: unknown, status: number): boolean {
  return thrown instanceof AppwriteException && thrown.code === status;
}

/** Runs `read`, answering undefined instead of throwing when the resource does not exist. */
export async function orUndefined<T>(read: Promise<T>): Promise<T | undefined> {
  try {
    return await read;
  } catch (thrown) {
    if (hasStatus(thrown, 404)) return undefined;
    throw thrown;
  }
}
