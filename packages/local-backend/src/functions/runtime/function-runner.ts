import { pathToFileURL } from 'node:url';
import { runWithEnv } from '../env/scoped-env.ts';
import type { LocalFunction } from '../registry/function-registry.ts';
import { createContext, ExecutionLog, responseHeaders, type FunctionHandler, type RuntimeRequest } from './open-runtimes-context.ts';

/** What one invocation produced, in the shape the executor stores. */
export interface RuntimeOutcome {
  statusCode: number;
  body: string;
  /** The body as the function returned it, which may not be text (`context.res.binary`). */
  bodyBytes: Buffer;
  /** All response headers, lower-cased. */
  headers: Record<string, string>;
  logs: string;
  errors: string;
  /** Seconds. */
  duration: number;
}

const NO_RETURN = 'Return statement missing. return context.res.empty() if no response is expected.';

/**
 * Runs functions in this process: the entry file is imported once (with the function's variables
 * visible, so module-level code reads them too) and its default export is called per execution.
 *
 * A timed-out execution is answered as failed, but its code cannot be stopped in-process: it runs
 * on in the background and whatever it returns later is ignored.
 */
export class FunctionRunner {
  private readonly modules = new Map<string, Promise<FunctionHandler>>();

  async invoke(fn: LocalFunction, env: Readonly<Record<string, string>>, request: RuntimeRequest): Promise<RuntimeOutcome> {
    const log = new ExecutionLog();
    const started = performance.now();
    const { context, isResult } = createContext(request, log);
    let output: unknown;
    let timer: NodeJS.Timeout | undefined;
    try {
      const execution = runWithEnv(env, async () => {
        const handler = await this.load(fn, env);
        return handler(context);
      });
      const timeout = new Promise<typeof TIMED_OUT>((resolve) => {
        timer = setTimeout(() => resolve(TIMED_OUT), fn.timeout * 1000);
        timer.unref();
      });
      output = await Promise.race([execution, timeout]);
      if (output === TIMED_OUT) {
        log.write('Execution timed out.', 'errors');
        output = context.res.text('', 500);
      }
    } catch (thrown) {
      if (isModuleNotFound(thrown)) log.write('Could not load code file.', 'errors');
      log.write(thrown instanceof Error ? (thrown.stack ?? thrown.message) : thrown, 'errors');
      output = context.res.text('', 500);
    } finally {
      clearTimeout(timer);
    }
    if (!isResult(output)) {
      log.write(
        output === undefined || output === null
          ? NO_RETURN
          : `Return value must come from context.res (text, json, binary, send, empty or redirect). ${NO_RETURN}`,
        'errors',
      );
      output = context.res.text('', 500);
    }
    const result = output as ReturnType<typeof context.res.text>;
    return {
      statusCode: result.statusCode,
      body: result.body.toString('utf8'),
      bodyBytes: result.body,
      headers: responseHeaders(result),
      logs: fn.logging ? log.logs : '',
      errors: fn.logging ? log.errors : '',
      duration: (performance.now() - started) / 1000,
    };
  }

  private load(fn: LocalFunction, env: Readonly<Record<string, string>>): Promise<FunctionHandler> {
    // Keyed by the entry file, so a newly activated deployment (another folder) is imported afresh.
    const key = fn.entryFile;
    let loading = this.modules.get(key);
    if (!loading) {
      loading = runWithEnv(env, () => importHandler(fn.entryFile));
      // A broken entry file is retried on the next execution rather than cached as broken.
      loading.catch(() => this.modules.delete(key));
      this.modules.set(key, loading);
    }
    return loading;
  }
}

const TIMED_OUT = Symbol('timed out');

async function importHandler(entryFile: string): Promise<FunctionHandler> {
  const loaded = (await import(pathToFileURL(entryFile).href)) as Record<string, unknown>;
  // ESM `export default`, CommonJS `module.exports = fn`, or CommonJS compiled from ESM.
  const candidates = [loaded.default, (loaded.default as Record<string, unknown> | undefined)?.default];
  const handler = candidates.find((candidate) => typeof candidate === 'function');
  if (!handler) throw new Error('User function is not valid.');
  return handler as FunctionHandler;
}

function isModuleNotFound(thrown: unknown): boolean {
  const code = (thrown as { code?: unknown } | null)?.code;
  return code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND';
}
