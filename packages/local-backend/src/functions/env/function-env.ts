import { SERVER_VERSION } from '../../http/errors.ts';
import { runtimeParts, type LocalFunction } from '../registry/function-registry.ts';
import { specificationVariables } from '../registry/specifications.ts';

export interface EnvironmentFacts {
  endpoint: string;
  projectId: string;
  /** Project-wide variables: the project's `.env`. */
  projectVars: Readonly<Record<string, string>>;
}

/**
 * The variables a function sees, merged as Appwrite merges them: project variables, then the
 * function's own, then Appwrite's `APPWRITE_*` facts, which nothing can override. There is no key
 * variable: the per-execution key arrives in the `x-appwrite-key` header.
 */
export function functionEnvironment(fn: LocalFunction, facts: EnvironmentFacts): Record<string, string> {
  const runtime = runtimeParts(fn.runtime);
  return {
    ...facts.projectVars,
    ...fn.vars,
    APPWRITE_FUNCTION_API_ENDPOINT: facts.endpoint,
    APPWRITE_FUNCTION_ID: fn.id,
    APPWRITE_FUNCTION_NAME: fn.name,
    APPWRITE_FUNCTION_DEPLOYMENT: fn.deploymentId,
    APPWRITE_FUNCTION_PROJECT_ID: facts.projectId,
    APPWRITE_FUNCTION_RUNTIME_NAME: runtime.name,
    APPWRITE_FUNCTION_RUNTIME_VERSION: runtime.version,
    ...specificationVariables(fn.runtimeSpecification),
    APPWRITE_VERSION: SERVER_VERSION,
    APPWRITE_REGION: 'default',
    APPWRITE_DEPLOYMENT_TYPE: 'manual',
    APPWRITE_VCS_REPOSITORY_ID: '',
    APPWRITE_VCS_REPOSITORY_NAME: '',
    APPWRITE_VCS_REPOSITORY_OWNER: '',
    APPWRITE_VCS_REPOSITORY_URL: '',
    APPWRITE_VCS_REPOSITORY_BRANCH: '',
    APPWRITE_VCS_REPOSITORY_BRANCH_URL: '',
    APPWRITE_VCS_COMMIT_HASH: '',
    APPWRITE_VCS_COMMIT_MESSAGE: '',
    APPWRITE_VCS_COMMIT_URL: '',
    APPWRITE_VCS_COMMIT_AUTHOR_NAME: '',
    APPWRITE_VCS_COMMIT_AUTHOR_URL: '',
    APPWRITE_VCS_ROOT_DIRECTORY: '',
  };
}
