/**
 * The `context` object of the Open Runtimes Node contract (protocol 8.3): what a function's default
 * export receives, and the `res.*` results it must return.
 */

/** What the executor hands to the runtime for one invocation. */
export interface RuntimeRequest {
  method: string;
  /** Path including an optional `?query`, as given to the execution. */
  path: string;
  /** Lower-cased names. */
  headers: Record<string, string>;
  body: string;
  /** `base64` when `body` carries bytes that are not text. */
  bodyEncoding?: 'base64';
  scheme: 'http' | 'https';
  host: string;
  port: number;
}

/** A `res.*` result. */
export interface RuntimeResult {
  body: Buffer;
  statusCode: number;
  headers: Record<string, string>;
}

export interface FunctionRequest {
  readonly bodyText: string;
  readonly bodyRaw: string;
  readonly bodyJson: unknown;
  readonly bodyBinary: Buffer;
  readonly body: unknown;
  readonly headers: Readonly<Record<string, string>>;
  readonly method: string;
  readonly host: string;
  readonly scheme: string;
  readonly port: number;
  readonly path: string;
  readonly queryString: string;
  readonly query: Readonly<Record<string, string>>;
  readonly url: string;
}

export interface FunctionResponse {
  text(body: string, statusCode?: number, headers?: Record<string, string>): RuntimeResult;
  send(body: unknown, statusCode?: number, headers?: Record<string, string>): RuntimeResult;
  json(value: unknown, statusCode?: number, headers?: Record<string, string>): RuntimeResult;
  binary(bytes: Uint8Array, statusCode?: number, headers?: Record<string, string>): RuntimeResult;
  empty(): RuntimeResult;
  redirect(url: string, statusCode?: number, headers?: Record<string, string>): RuntimeResult;
}

export interface FunctionContext {
  req: FunctionRequest;
  res: FunctionResponse;
  log(message: unknown): void;
  error(message: unknown): void;
}

export type FunctionHandler = (context: FunctionContext) => unknown;

const BINARY_TYPES = ['application/', 'audio/', 'font/', 'image/', 'video/'];

/** Collects `context.log` / `context.error` lines the way the runtime's logger formats them. */
export class ExecutionLog {
  logs = '';
  errors = '';

  write(message: unknown, target: 'logs' | 'errors'): void {
    let line: string;
    if (message instanceof Error) line = message.stack ?? String(message);
    else if (typeof message === 'object' && message !== null) line = JSON.stringify(message);
    else line = String(message);
    this[target] += `${line}\n`;
  }
}

export function createContext(request: RuntimeRequest, log: ExecutionLog): { context: FunctionContext; isResult(value: unknown): value is RuntimeResult } {
  const results = new WeakSet<RuntimeResult>();
  const contentType = (request.headers['content-type'] ?? 'text/plain').toLowerCase();
  const bodyBinary = Buffer.from(request.body, request.bodyEncoding === 'base64' ? 'base64' : 'utf8');
  const queryIndex = request.path.indexOf('?');
  const rawPath = queryIndex < 0 ? request.path : request.path.slice(0, queryIndex);
  const path = rawPath.startsWith('/') ? rawPath : `/${rawPath}`;
  const queryString = queryIndex < 0 ? '' : request.path.slice(queryIndex + 1);
  const query: Record<string, string> = {};
  // Values stay URL-encoded, as the Node runtime leaves them.
  for (const pair of queryString.split('&')) {
    const [key, ...value] = pair.split('=');
    if (key) query[key] = value.join('=');
  }
  const defaultPort = request.scheme === 'https' ? 443 : 80;
  const url = `${request.scheme}://${request.host}${request.port === defaultPort ? '' : `:${request.port}`}${path}${queryString ? `?${queryString}` : ''}`;

  const req: FunctionRequest = {
    get bodyText() {
      return bodyBinary.toString('utf8');
    },
    get bodyRaw() {
      return this.bodyText;
    },
    get bodyJson() {
      return JSON.parse(this.bodyText) as unknown;
    },
    get bodyBinary() {
      return bodyBinary;
    },
    get body() {
      if (contentType.startsWith('application/json')) return bodyBinary.length > 0 ? this.bodyJson : {};
      if (BINARY_TYPES.some((type) => contentType.startsWith(type))) return bodyBinary;
      return this.bodyText;
    },
    headers: request.headers,
    method: request.method,
    host: request.host,
    scheme: request.scheme,
    port: request.port,
    path,
    queryString,
    query,
    url,
  };

  const res: FunctionResponse = {
    binary(bytes, statusCode = 200, headers = {}) {
      const result: RuntimeResult = { body: Buffer.from(bytes), statusCode, headers };
      results.add(result);
      return result;
    },
    text(body, statusCode = 200, headers = {}) {
      return this.binary(Buffer.from(String(body), 'utf8'), statusCode, headers);
    },
    send(body, statusCode = 200, headers = {}) {
      return this.text(`${String(body)}`, statusCode, headers);
    },
    json(value, statusCode = 200, headers = {}) {
      return this.text(JSON.stringify(value), statusCode, { ...headers, 'content-type': 'application/json' });
    },
    empty() {
      return this.text('', 204, {});
    },
    redirect(location, statusCode = 301, headers = {}) {
      return this.text('', statusCode, { ...headers, location });
    },
  };

  const context: FunctionContext = {
    req,
    res,
    log: (message) => log.write(message, 'logs'),
    error: (message) => log.write(message, 'errors'),
  };
  return { context, isResult: (value): value is RuntimeResult => typeof value === 'object' && value !== null && results.has(value as RuntimeResult) };
}

/** The response headers the runtime sends: lower-cased, no internal ones, a charset on text types. */
export function responseHeaders(result: RuntimeResult): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.headers)) {
    const lower = name.toLowerCase();
    if (!lower.startsWith('x-open-runtimes-')) headers[lower] = String(value);
  }
  const contentType = (headers['content-type'] ?? 'text/plain').toLowerCase();
  headers['content-type'] = contentType.startsWith('multipart/') || contentType.includes('charset=') ? contentType : `${contentType}; charset=utf-8`;
  headers['content-length'] = String(result.body.length);
  return headers;
}
