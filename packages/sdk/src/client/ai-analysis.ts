import { ExecutionMethod, type Models } from 'appwrite';
import type { InterviewAnalysis, InterviewAnalysisBody, InterviewSessionColumns } from '../domain/wire/ai-payloads.ts';
import { refusalCodeOf } from '../domain/wire/error-codes.ts';
import { DATABASE_ID, TABLES } from '../domain/wire/ids.ts';
import type { PortalContext } from './context.ts';
import { segment } from './context.ts';
import { guard, PortalError } from './errors.ts';

/**
 * An interview's analysis as an asynchronous execution of the `ai` function. Gemini may need longer
 * than Appwrite's 30 s limit on synchronous executions, and Appwrite keeps no answer of an
 * asynchronous one: the function writes the outcome on the session row (`interview_sessions`,
 * readable by its student), and this module follows the execution until it ends, then reads the row.
 * The row's columns are `InterviewSessionColumns` of the wire module, which the function writes.
 */

/** Where a running analysis stands: waiting for Appwrite to start it, or being analysed. @public */
export type InterviewAnalysisStage = 'queued' | 'analysing';

/** Longer than the function's own timeout (120 s) plus a queue: past this the execution is not coming back. */
const FOLLOW_LIMIT_MS = 5 * 60_000;
const FIRST_POLL_MS = 250;
const LONGEST_POLL_MS = 2000;

const UNFINISHED = 'The analysis did not finish. Please try again.';
const SESSION_NOT_FOUND = 'This interview session was not found.';

export interface AnalysisRun {
  sessionId: string;
  body: InterviewAnalysisBody;
  onStage?: ((stage: InterviewAnalysisStage) => void) | undefined;
}

/** Starts the analysis as an asynchronous execution and answers its result once the execution ends. */
export async function runInterviewAnalysis(context: PortalContext, run: AnalysisRun): Promise<InterviewAnalysis> {
  const functionId = context.functionIds.ai;
  const started = await guard(() =>
    context.functions.createExecution({
      functionId,
      body: JSON.stringify(run.body),
      async: true,
      xpath: `/interviews/${segment(run.sessionId)}/analysis`,
      method: ExecutionMethod.POST,
    }),
  );
  const ended = await followExecution(context, functionId, started, run.onStage);
  const row = await context.tables.getRow({ databaseId: DATABASE_ID, tableId: TABLES.interviewSessions, rowId: run.sessionId }).catch(() => undefined);
  return analysisOutcome(run.sessionId, ended, row);
}

/**
 * Polls the execution until it is `completed` or `failed`, sooner when realtime reports a change to
 * it. Polling alone is enough; realtime only shortens the wait, where the browser offers it.
 */
async function followExecution(
  context: PortalContext,
  functionId: string,
  execution: Models.Execution,
  onStage: AnalysisRun['onStage'],
): Promise<Models.Execution> {
  let wake: () => void = () => {};
  const stopListening = canListen()
    ? context.live.listen(
        `executions.${execution.$id}`,
        () => wake(),
        () => undefined,
      )
    : undefined;
  const giveUpAt = Date.now() + FOLLOW_LIMIT_MS;
  let current = execution;
  let delay = FIRST_POLL_MS;
  try {
    for (;;) {
      if (current.status === 'completed' || current.status === 'failed') return current;
      onStage?.(current.status === 'processing' ? 'analysing' : 'queued');
      if (Date.now() > giveUpAt) throw new PortalError('ai-unavailable', UNFINISHED);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, delay);
        wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      delay = Math.min(delay * 2, LONGEST_POLL_MS);
      current = await guard(() => context.functions.getExecution({ functionId, executionId: execution.$id }));
    }
  } finally {
    void stopListening?.();
  }
}

/** The web SDK's realtime needs a browser's `WebSocket` and `window`; elsewhere polling does the work. */
function canListen(): boolean {
  return typeof WebSocket !== 'undefined' && typeof window !== 'undefined';
}

/** The analysis written on the row, or the refusal: its code from the execution's status, its words from the row. */
export function analysisOutcome(
  sessionId: string,
  execution: Pick<Models.Execution, 'status' | 'responseStatusCode'>,
  row: object | undefined,
): InterviewAnalysis {
  const status = execution.responseStatusCode;
  const columns = (row ?? {}) as Partial<Record<keyof InterviewSessionColumns, unknown>>;
  if (execution.status === 'completed' && status < 400 && columns.analysisStatus === 'done' && typeof columns.analysis === 'string') {
    return {
      provider: columns.analysisProvider === 'gemini' ? 'gemini' : 'local',
      sessionId,
      source: analysisSource(columns.analysisSource),
      analysis: columns.analysis,
    };
  }
  const message = columns.analysisStatus === 'failed' && typeof columns.analysisError === 'string' ? columns.analysisError : undefined;
  const code = refusalCodeOf(status) ?? (message ? 'internal' : 'ai-unavailable');
  // Without the row's words: cut short by Appwrite's timeout or a crash, or a session that is not the caller's.
  const fallback = code === 'not-found' ? SESSION_NOT_FOUND : code === 'ai-unavailable' ? UNFINISHED : undefined;
  throw new PortalError(code, message ?? fallback, { status });
}

function analysisSource(value: unknown): InterviewAnalysis['source'] {
  return value === 'recording' || value === 'conversation-audio' || value === 'transcript' ? value : 'typed-answers';
}
