import { Account, Client, Storage, TablesDB, Teams, Users } from 'node-appwrite';
import type { RuntimeRequest } from './open-runtimes.ts';

/** The Appwrite services a function calls, authenticated with the execution's own key. */
export interface ServerApi {
  client: Client;
  tables: TablesDB;
  storage: Storage;
  users: Users;
  teams: Teams;
}

/**
 * Builds the server client from what Appwrite gives every execution: the endpoint and project in the
 * environment, and a per-execution key (scoped to the function's `scopes`) in `x-appwrite-key`.
 */
export function serverApi(req: RuntimeRequest): ServerApi {
  const endpoint = process.env.APPWRITE_FUNCTION_API_ENDPOINT;
  const project = process.env.APPWRITE_FUNCTION_PROJECT_ID;
  const key = req.headers['x-appwrite-key'];
  if (!endpoint || !project || !key) throw new Error('The execution has no Appwrite endpoint, project or key.');
  return serverApiOf(new Client().setEndpoint(endpoint).setProject(project).setKey(key));
}

/** The services over one authenticated client (an execution's, or a test's with the project key). */
export function serverApiOf(client: Client): ServerApi {
  return { client, tables: new TablesDB(client), storage: new Storage(client), users: new Users(client), teams: new Teams(client) };
}

/**
 * Appwrite's Account service as a guest of the project, without the execution's key: for the calls
 * Appwrite limits per address and per e-mail (a password reset mail), which a key would bypass.
 */
export function guestAccount(): Account {
  const endpoint = process.env.APPWRITE_FUNCTION_API_ENDPOINT;
  const project = process.env.APPWRITE_FUNCTION_PROJECT_ID;
  if (!endpoint || !project) throw new Error('The execution has no Appwrite endpoint or project.');
  return new Account(new Client().setEndpoint(endpoint).setProject(project));
}
