import { ExecutionMethod, Functions } from 'node-appwrite';

/** A refusal of the `commands` function: its status and `{ error: { code, message } }`. */
export class CommandRefused extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(`${path} answered ${status} ${code}: ${message}`);
    this.name = 'CommandRefused';
  }
}

/**
 * Runs one command of the `commands` function as whoever `functions` is signed in as (or as a
 * visitor), the way the portal does, and answers its `data`. A refusal throws: demo data that
 * breaks a business rule is a bug in the data set.
 */
export async function runCommand<T>(functions: Functions, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown): Promise<T> {
  const execution = await functions.createExecution({
    functionId: 'commands',
    body: body === undefined ? '' : JSON.stringify(body),
    async: false,
    xpath: path,
    method: ExecutionMethod[method],
  });
  const answer = (execution.responseBody ? JSON.parse(execution.responseBody) : {}) as { data?: T; error?: { code: string; message: string } };
  if (execution.responseStatusCode >= 400 || answer.data === undefined) {
    throw new CommandRefused(path, execution.responseStatusCode, answer.error?.code ?? 'unknown', answer.error?.message ?? execution.responseBody);
  }
  return answer.data;
}
