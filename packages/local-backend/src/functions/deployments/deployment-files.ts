import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import { copyFile, mkdir, open, rename, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { makePrivateFolder, PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../../store/private-folder.ts';

/**
 * The bytes of deployments, under `<dataDir>/functions` (or a private temporary folder, removed on
 * close, in memory mode):
 *
 * - `.uploads/.tmp/<random>`: a request body being received;
 * - `.uploads/<deploymentId>/<n>`: the chunks of an unfinished upload;
 * - `.sources/<deploymentId>.tar.gz`: the uploaded archive, as sent;
 * - `.builds/<random>`: a build in progress, renamed into place when it succeeds;
 * - `<functionId>/<deploymentId>/`: the built deployment, which executions import.
 *
 * Function ids cannot start with `.`, so the working folders never collide with a function's.
 * Chunks and archives are flushed before they are acknowledged, like storage files.
 */
export class DeploymentFiles {
  private constructor(
    readonly root: string,
    private readonly ownsRoot: boolean,
  ) {
    // Nothing is being received or built at startup: what a crash left there is garbage.
    rmSync(this.tempDir, { recursive: true, force: true });
    rmSync(this.buildsDir, { recursive: true, force: true });
    makePrivateFolder(this.tempDir);
    makePrivateFolder(this.buildsDir);
    makePrivateFolder(join(root, '.sources'));
  }

  static open(dataDir: string | undefined): DeploymentFiles {
    if (dataDir) {
      const root = join(dataDir, 'functions');
      makePrivateFolder(root);
      return new DeploymentFiles(root, false);
    }
    return new DeploymentFiles(mkdtempSync(join(tmpdir(), 'ok-functions-')), true);
  }

  private get tempDir(): string {
    return join(this.root, '.uploads', '.tmp');
  }

  private get buildsDir(): string {
    return join(this.root, '.builds');
  }

  private chunkDir(deploymentId: string): string {
    return join(this.root, '.uploads', deploymentId);
  }

  newTempPath(): string {
    return join(this.tempDir, randomBytes(12).toString('hex'));
  }

  /** A fresh, empty, private folder for one build attempt. */
  async newBuildFolder(): Promise<string> {
    const folder = join(this.buildsDir, randomBytes(12).toString('hex'));
    await mkdir(folder, { mode: PRIVATE_FOLDER_MODE });
    return folder;
  }

  sourcePath(deploymentId: string): string {
    return join(this.root, '.sources', `${deploymentId}.tar.gz`);
  }

  /** Where a built deployment lives; its entrypoint is resolved inside it. */
  deploymentFolder(functionId: string, deploymentId: string): string {
    return join(this.root, functionId, deploymentId);
  }

  async storeChunk(tempPath: string, deploymentId: string, chunk: number): Promise<void> {
    await flush(tempPath);
    await mkdir(this.chunkDir(deploymentId), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    await rename(tempPath, join(this.chunkDir(deploymentId), String(chunk)));
  }

  /** Joins chunks 1..n into the deployment's archive, drops the chunks, and answers its size. */
  async assemble(deploymentId: string, chunks: number): Promise<number> {
    const dir = this.chunkDir(deploymentId);
    const partial = this.newTempPath();
    async function* joined(): AsyncGenerator<Buffer> {
      for (let chunk = 1; chunk <= chunks; chunk++) {
        for await (const data of createReadStream(join(dir, String(chunk)))) yield data as Buffer;
      }
    }
    try {
      await pipeline(joined, createWriteStream(partial, { mode: PRIVATE_FILE_MODE }));
      await flush(partial);
      await rename(partial, this.sourcePath(deploymentId));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    await rm(dir, { recursive: true, force: true });
    return (await stat(this.sourcePath(deploymentId))).size;
  }

  /** Copies one deployment's archive to another's (a duplicated deployment); answers its size. */
  async copySource(fromDeploymentId: string, toDeploymentId: string): Promise<number> {
    const partial = this.newTempPath();
    try {
      await copyFile(this.sourcePath(fromDeploymentId), partial);
      await flush(partial);
      await rename(partial, this.sourcePath(toDeploymentId));
    } catch (error) {
      await rm(partial, { force: true });
      throw error;
    }
    return (await stat(this.sourcePath(toDeploymentId))).size;
  }

  /** Moves a successful build into place, replacing an earlier attempt of the same deployment. */
  async publishBuild(buildFolder: string, functionId: string, deploymentId: string): Promise<void> {
    const target = this.deploymentFolder(functionId, deploymentId);
    await mkdir(join(this.root, functionId), { recursive: true, mode: PRIVATE_FOLDER_MODE });
    await rm(target, { recursive: true, force: true });
    await rename(buildFolder, target);
  }

  async discard(path: string): Promise<void> {
    await rm(path, { recursive: true, force: true });
  }

  async removeDeployment(functionId: string, deploymentId: string): Promise<void> {
    await rm(this.deploymentFolder(functionId, deploymentId), { recursive: true, force: true });
    await rm(this.sourcePath(deploymentId), { force: true });
    await rm(this.chunkDir(deploymentId), { recursive: true, force: true });
  }

  async removeFunction(functionId: string, deploymentIds: readonly string[]): Promise<void> {
    for (const id of deploymentIds) await this.removeDeployment(functionId, id);
    await rm(join(this.root, functionId), { recursive: true, force: true });
  }

  close(): void {
    if (this.ownsRoot) rmSync(this.root, { recursive: true, force: true });
  }
}

async function flush(path: string): Promise<void> {
  const file = await open(path, 'r+');
  try {
    await file.sync();
    await file.chmod(PRIVATE_FILE_MODE);
  } finally {
    await file.close();
  }
}
