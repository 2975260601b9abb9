import { ExecutionMethod, type Functions } from 'appwrite';
import { portalErrorCode } from '../domain/wire/error-codes.ts';
import { PortalError, guard } from './errors.ts';

/** The HTTP methods the portal's functions route by. */
export type CommandMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

interface CommandAnswer {
  data?: unknown;
  error?: { code?: unknown; message?: unknown; fields?: unknown };
}

/**
 * Runs one route of a portal function (`commands` or `ai`) as the signed-in caller and answers its
 * `data`. A refusal `{ error: { code, message, fields } }` becomes a PortalError with the
 * same code, the function's message and its fields; an answer the SDK cannot read is `internal`.
 */
export async function runCommand<T>(functions: Functions, functionId: string, method: CommandMethod, path: string, body?: unknown): Promise<T> {
  const execution = await guard(() =>
    functions.createExecution({
      functionId,
      body: body === undefined ? '' : JSON.stringify(body),
      async: false,
      xpath: path,
      method: ExecutionMethod[method],
    }),
  );
  const answer = parseAnswer(execution.responseBody);
  const status = execution.responseStatusCode;
  if (answer?.error || status >= 400 || !answer) throw refusal(answer, status);
  return answer.data as T;
}

function parseAnswer(text: string): CommandAnswer | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? (parsed as CommandAnswer) : undefined;
  } catch {
    return undefined;
  }
}

function refusal(answer: CommandAnswer | undefined, status: number): PortalError {
  const error = answer?.error;
  const code = portalErrorCode(error?.code) ?? (status >= 500 || !answer ? 'internal' : 'unknown');
  const message = typeof error?.message === 'string' && code !== 'internal' ? error.message : undefined;
  return new PortalError(code, message, { status, fields: textFields(error?.fields) });
}

function textFields(value: unknown): Record<string, string> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}
