import { formatAtLeast } from '../../http/context.ts';
import { formatDate } from '../../models/time.ts';
import type { ExecutionRecord, Header } from './execution-store.ts';

export interface ExecutionView {
  /** `X-Appwrite-Response-Format` of the caller (web 27: 2.0.0, node 27: 1.9.5). */
  format: string;
  /** Only API keys see `logs` and `errors`. */
  sensitive: boolean;
  /** A synchronous reply carries the body and every response header; stored executions do not. */
  responseBody?: string;
  responseHeaders?: Header[];
}

/** Appwrite's Execution model (protocol 8.2) in the caller's response format. */
export function executionModel(record: ExecutionRecord, view: ExecutionView): Record<string, unknown> {
  const owner = formatAtLeast(view.format, '2.0.0') ? { resourceId: record.functionId, resourceType: 'functions' } : { functionId: record.functionId };
  return {
    $id: record.id,
    $createdAt: formatDate(record.createdAt),
    $updatedAt: formatDate(record.updatedAt),
    $permissions: record.permissions,
    ...owner,
    deploymentId: record.deploymentId,
    trigger: record.trigger,
    status: record.status,
    requestMethod: record.requestMethod,
    requestPath: record.requestPath,
    requestHeaders: record.requestHeaders,
    responseStatusCode: record.responseStatusCode,
    responseBody: view.responseBody ?? '',
    responseHeaders: view.responseHeaders ?? record.responseHeaders,
    logs: view.sensitive ? record.logs : '',
    errors: view.sensitive ? record.errors : '',
    duration: record.duration,
  };
}
