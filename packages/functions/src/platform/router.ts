import { isAppwriteId } from './appwrite-ids.ts';
import type { Caller } from './caller.ts';
import type { RequestBody } from './request-body.ts';
import type { ServerApi } from './server-client.ts';

/** What every command receives. `params` are the `{name}` parts of its path, already valid ids. */
export interface CommandRequest {
  caller: Caller;
  body: RequestBody;
  params: Readonly<Record<string, string>>;
  /** The parameters of the path's query string (`?limit=100`), decoded; a GET's arguments. */
  query: Readonly<Record<string, string>>;
  api: ServerApi;
  /** The caller's address as Appwrite saw it (`x-appwrite-client-ip`); empty when Appwrite sent none. */
  clientIp: string;
}

/** A command answers the `data` of its success, or throws a CommandError. */
export type Command = (request: CommandRequest) => Promise<unknown>;

export interface Route {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** e.g. `/jobs/{id}/assignment` */
  path: string;
  command: Command;
}

/**
 * Finds the route for a method and path. A path part that stands for an id must look like one, so a
 * malformed id answers "no such command" instead of reaching Appwrite as a bad request.
 */
export function matchRoute(routes: readonly Route[], method: string, path: string): { command: Command; params: Record<string, string> } | undefined {
  const parts = path.split('/').filter(Boolean);
  for (const route of routes) {
    if (route.method !== method.toUpperCase()) continue;
    const pattern = route.path.split('/').filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const matches = pattern.every((segment, index) => {
      const part = safeDecode(parts[index] as string);
      if (segment.startsWith('{') && segment.endsWith('}')) {
        params[segment.slice(1, -1)] = part;
        return isAppwriteId(part);
      }
      return segment === part;
    });
    if (matches) return { command: route.command, params };
  }
  return undefined;
}

/** The text of a URL-encoded path part or query value; as given when it is not validly encoded. */
export function safeDecode(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}
