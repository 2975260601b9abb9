import { BUCKETS, TABLES } from '@opportunity-kit/sdk/domain';
import { Query, Role } from 'node-appwrite';
import { orUndefined } from '../platform/appwrite-errors.ts';
import type { ServerApi } from '../platform/server-client.ts';
import { allRows } from './alert-rows.ts';
import { attachedFilePermissions } from './permissions.ts';
import type { ApplicationRow } from './rows.ts';

/** How often the readers are computed again when applications change while they are written. */
const SETTLE_ROUNDS = 4;

/**
 * Gives a resume exactly the readers its applications ask for: the student who uploaded it and the
 * creator of each posting an application of theirs sent it to (a withdrawn application's creator loses
 * it, even when the same file went with another application). Recomputed from the applications stored
 * now, never one reader added or taken, so runs may overlap; a run reads again after writing until what
 * it reads agrees with what it wrote. Answers how many applications still carry the file.
 */
export async function refreshResumeReaders(api: ServerApi, ownerId: string, fileId: string): Promise<number> {
  let written: string[] | undefined;
  for (let round = 1; round <= SETTLE_ROUNDS; round += 1) {
    const carriers = await allRows<ApplicationRow>(api, TABLES.applications, [Query.equal('applicantId', ownerId), Query.equal('resumeFileId', fileId)]);
    const readers = [...new Set([Role.user(ownerId), ...carriers.map((application) => Role.user(application.jobCreatorId))])].sort();
    if (written && written.join('\n') === readers.join('\n')) return carriers.length;
    if (!(await orUndefined(api.storage.updateFile({ bucketId: BUCKETS.resumes, fileId, permissions: attachedFilePermissions(ownerId, readers) })))) {
      return carriers.length;
    }
    written = readers;
  }
  throw new Error(`The readers of resume ${fileId} kept changing while they were written.`);
}
