import { parseListQueries, type ListQueries } from '../../queries/list-queries.ts';
import { columnAttributes, type ColumnAttribute } from '../../queries/list-sql.ts';

/** Attributes Appwrite lets clients query executions by, as columns of `_functions_executions`. */
const EXECUTION_ATTRIBUTES = columnAttributes({
  trigger: 'string',
  status: 'string',
  responseStatusCode: 'number',
  duration: 'number',
  requestMethod: 'string',
  requestPath: 'string',
  deploymentId: 'string',
});

export type ExecutionQueries = ListQueries<ColumnAttribute>;

/** The `queries[]` of `GET /v1/functions/{functionId}/executions`. */
export function parseExecutionQueries(queries: readonly string[]): ExecutionQueries {
  return parseListQueries(queries, EXECUTION_ATTRIBUTES);
}
