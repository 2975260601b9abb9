import { createHash, randomBytes, type Hash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { makePrivateFolder, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../store/private-folder.ts';

/** Enough leading bytes to recognise a file type from its signature. */
const HEAD_BYTES = 4100;

export interface ContentSummary {
  size: number;
  md5: string;
  /** The first bytes, for sniffing the MIME type. */
  head: Buffer;
}

/** Watches bytes stream past: size, MD5 (Appwrite's `signature`) and the head for type sniffing. */
export class ContentProbe {
  private readonly hash: Hash = createHash('md5');
  private readonly headParts: Buffer[] = [];
  private headLength = 0;
  private size = 0;

  update(chunk: Buffer): void {
    this.hash.update(chunk);
    this.size += chunk.length;
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.headParts.push(part);
      this.headLength += part.length;
    }
  }

  summary(): ContentSummary {
    return { size: this.size, md5: this.hash.digest('hex'), head: Buffer.concat(this.headParts) };
  }
}

/**
 * File bytes on disk: `<root>/<bucketId>/<fileId>` for complete files, chunks of unfinished
 * uploads under `<root>/<bucketId>/.chunks/<fileId>/<n>`, and request bodies being received under
 * `<root>/.tmp`. Ids cannot start with `.`, so these folders never collide with a bucket or file.
 * The root is `<dataDir>/storage`, or a private temporary folder (removed on close) in memory mode.
 *
 * A file or chunk is stored durably before the upload is answered: its bytes are flushed to disk,
 * then it is renamed into place and its folder flushed, so a crash never leaves an acknowledged
 * file missing or cut short. Folders are 0700 and files 0600, like the rest of the data folder.
 */
export class BlobStore {
  private constructor(
    readonly root: string,
    private readonly ownsRoot: boolean,
  ) {
    // Nothing is being received at startup: whatever a crash left in the temporary folder is garbage.
    rmSync(this.tempDir, { recursive: true, force: true });
    makePrivateFolder(this.tempDir);
  }

  static open(dataDir: string | undefined): BlobStore {
    if (dataDir) {
      const root = join(dataDir, 'storage');
      makePrivateFolder(root);
      return new BlobStore(root, false);
    }
    return new BlobStore(mkdtempSync(join(tmpdir(), 'ok-storage-')), true);
  }

  get tempDir(): string {
    return join(this.root, '.tmp');
  }

  newTempPath(): string {
    return join(this.tempDir, randomBytes(12).toString('hex'));
  }

  filePath(bucketId: string, fileId: string): string {
    return join(this.root, bucketId, fileId);
  }

  private chunkDir(bucketId: string, fileId: string): string {
    return join(this.root, bucketId, '.chunks', fileId);
  }

  /** Size of a complete file's bytes, or undefined when they are missing. */
  async sizeOf(bucketId: string, fileId: string): Promise<number | undefined> {
    try {
      const info = await stat(this.filePath(bucketId, fileId));
      return info.isFile() ? info.size : undefined;
    } catch {
      return undefined;
    }
  }

  openRead(bucketId: string, fileId: string, range?: { start: number; end: number }): NodeJS.ReadableStream {
    return createReadStream(this.filePath(bucketId, fileId), range ?? {});
  }

  /** Moves a received body into place as a complete file, durably. */
  async storeFile(tempPath: string, bucketId: string, fileId: string): Promise<void> {
    await this.moveDurably(tempPath, join(this.root, bucketId), fileId);
  }

  async storeChunk(tempPath: string, bucketId: string, fileId: string, chunk: number): Promise<void> {
    await this.moveDurably(tempPath, this.chunkDir(bucketId, fileId), String(chunk));
  }

  /**
   * Flushes the bytes of `tempPath` and renames it to `folder/name`, then flushes the folders whose
   * entries changed: the target folder, and the parent of each folder this call had to create.
   */
  private async moveDurably(tempPath: string, folder: string, name: string): Promise<void> {
    const file = await open(tempPath, 'r+');
    try {
      await file.sync();
      await file.chmod(PRIVATE_FILE_MODE);
    } finally {
      await file.close();
    }
    const created = await mkdir(folder, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    await rename(tempPath, join(folder, name));
    await syncFolderAsync(folder);
    // mkdir answers the topmost folder it created; each folder up to that one is a new entry of its parent.
    for (let child = folder; created !== undefined; child = dirname(child)) {
      await syncFolderAsync(dirname(child));
      if (child === created) break;
    }
  }

  /** Joins chunks 1..n into the complete file, summarising its content on the way, and drops the chunks. */
  async assemble(bucketId: string, fileId: string, chunks: number): Promise<ContentSummary> {
    const dir = this.chunkDir(bucketId, fileId);
    const probe = new ContentProbe();
    const partial = this.newTempPath();
    async function* joined(): AsyncGenerator<Buffer> {
      for (let chunk = 1; chunk <= chunks; chunk++) {
        for await (const data of createReadStream(join(dir, String(chunk)))) {
          probe.update(data as Buffer);
          yield data as Buffer;
        }
      }
    }
    try {
      await pipeline(joined, createWriteStream(partial, { mode: PRIVATE_FILE_MODE }));
      await this.storeFile(partial, bucketId, fileId);
    } catch (error) {
      await this.discard(partial);
      throw error;
    }
    await rm(dir, { recursive: true, force: true });
    return probe.summary();
  }

  /** Removes a file's bytes and any chunks of an unfinished upload. */
  async removeFile(bucketId: string, fileId: string): Promise<void> {
    await rm(this.filePath(bucketId, fileId), { force: true });
    await rm(this.chunkDir(bucketId, fileId), { recursive: true, force: true });
  }

  async removeBucket(bucketId: string): Promise<void> {
    await rm(join(this.root, bucketId), { recursive: true, force: true });
  }

  async discard(tempPath: string): Promise<void> {
    await rm(tempPath, { force: true });
  }

  async close(): Promise<void> {
    if (this.ownsRoot) await rm(this.root, { recursive: true, force: true });
  }
}

async function syncFolderAsync(path: string): Promise<void> {
  const folder = await open(path, 'r');
  try {
    await folder.sync();
  } finally {
    await folder.close();
  }
}
