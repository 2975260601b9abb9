import { ID, type Account, type Client, type Functions, type Models, type Storage, type TablesDB } from 'appwrite';
import type { CurrentUser } from '../domain/entities.ts';
import { UPLOADS_BUCKET } from '../domain/wire/ids.ts';
import { runCommand, type CommandMethod } from './commands.ts';
import { guard, PortalError } from './errors.ts';
import type { LiveHub } from './live.ts';
import type { KeyValueStorage } from './session-flag.ts';

/** Progress of an upload, for a progress bar. @public */
export interface UploadProgress {
  /** 0 to 100. */
  percent: number;
  /** Bytes sent so far. */
  uploadedBytes: number;
  /** The file's size. */
  totalBytes: number;
}

/** Called while a file uploads. @public */
export type ProgressHandler = (progress: UploadProgress) => void;

/**
 * What every module of the portal client shares: the web SDK services over one appwrite `Client`,
 * the live connection, the session flag's storage, and the signed-in member as last seen.
 */
export interface PortalContext {
  readonly client: Client;
  readonly account: Account;
  readonly tables: TablesDB;
  readonly storage: Storage;
  readonly functions: Functions;
  readonly live: LiveHub;
  readonly flagStorage: KeyValueStorage | undefined;
  readonly functionIds: { readonly commands: string; readonly ai: string };
  /** The signed-in member (fetched once, then kept until the session changes), or null for a guest. */
  viewer(): Promise<CurrentUser | null>;
  /** The signed-in member, or an `unauthenticated` PortalError. */
  member(): Promise<CurrentUser>;
  /** The signed-in member as the server knows them now (a role label may have arrived since). */
  freshMember(): Promise<CurrentUser>;
  /** Runs a route of the `commands` function. */
  command<T>(method: CommandMethod, path: string, body?: unknown): Promise<T>;
  /** Runs a route of the `ai` function. */
  aiCall<T>(method: CommandMethod, path: string, body?: unknown): Promise<T>;
  /**
   * Uploads a file into `uploads`, where nobody reads it until the command it is sent with attaches it
   * (an upload no command attached is deleted by the server within a day or two).
   */
  upload(file: File, onProgress?: ProgressHandler): Promise<Models.File>;
}

export function commandRunner(functions: Functions, functionId: string): PortalContext['command'] {
  return (method, path, body) => runCommand(functions, functionId, method, path, body);
}

export function uploader(storage: Storage): Pick<PortalContext, 'upload'> {
  return {
    async upload(file, onProgress) {
      // The web SDK reports progress per 5 MiB chunk only, so a small file would report nothing:
      // the start and the end are reported here, the chunks in between by the SDK.
      let last = -1;
      const report = (uploadedBytes: number) => {
        const percent = file.size === 0 ? 100 : Math.min(100, Math.round((uploadedBytes / file.size) * 100));
        if (!onProgress || percent <= last) return;
        last = percent;
        onProgress({ percent, uploadedBytes, totalBytes: file.size });
      };
      report(0);
      const created = await guard(() =>
        storage.createFile({ bucketId: UPLOADS_BUCKET, fileId: ID.unique(), file, onProgress: (progress) => report(progress.sizeUploaded) }),
      );
      report(file.size);
      return created;
    },
  };
}

/** Refuses a call that needs a signed-in member before it reaches the network. */
export function requireMember(user: CurrentUser | null): CurrentUser {
  if (!user) throw new PortalError('unauthenticated', 'Please sign in first.');
  return user;
}

/** Turns a URL path segment into its encoded form, so an id can never change the command's path. */
export const segment = (id: string): string => encodeURIComponent(id);
