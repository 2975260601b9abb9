/**
 * The part of the Open Runtimes context (what Appwrite hands a function's default export) that these
 * functions use. Typed here rather than imported, because on Appwrite no such package exists at run time.
 */
export interface RuntimeRequest {
  readonly bodyText: string;
  /** Lower-cased names. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly method: string;
  /** Without the query string. */
  readonly path: string;
  /** The query string's parameters, their values still URL-encoded as the Node runtime leaves them. */
  readonly query?: Readonly<Record<string, string>>;
}

export interface RuntimeResponse {
  json(value: unknown, statusCode?: number, headers?: Record<string, string>): unknown;
}

export interface RuntimeContext {
  req: RuntimeRequest;
  res: RuntimeResponse;
  log(message: unknown): void;
  error(message: unknown): void;
}
