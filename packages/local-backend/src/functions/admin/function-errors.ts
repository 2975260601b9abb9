import { AppwriteError } from '../../http/errors.ts';

/** The Functions API's errors, worded as Appwrite 1.9's app/config/errors.php (and its actions' own messages). */
export const functionErrors = {
  alreadyExists: () =>
    new AppwriteError(
      409,
      'function_already_exists',
      'Function with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.',
    ),
  runtimeUnsupported: (runtime: string) => new AppwriteError(404, 'function_runtime_unsupported', `Runtime "${runtime}" is not supported`),
  entrypointMissing: () =>
    new AppwriteError(
      404,
      'function_entrypoint_missing',
      'Entrypoint for your Appwrite Function is missing. Please specify it when making deployment or update the entrypoint under your function\'s "Settings" > "Configuration" > "Entrypoint".',
    ),
  deploymentNotFound: (message = 'Deployment with the requested ID could not be found.') => new AppwriteError(404, 'deployment_not_found', message),
  /** What an execution of a function with no active deployment gets. */
  noActiveDeployment: () => functionErrors.deploymentNotFound('Deployment not found. Create a deployment before trying to execute a function'),
  buildNotReady: () => new AppwriteError(400, 'build_not_ready', 'Build with the requested ID is building and not ready for execution.'),
  variableNotFound: () => new AppwriteError(404, 'variable_not_found', 'Variable with the requested ID could not be found.'),
  variableAlreadyExists: () =>
    new AppwriteError(409, 'variable_already_exists', 'Variable with the same ID already exists in this project. Try again with a different ID.'),
  variableCannotUnsetSecret: () =>
    new AppwriteError(
      400,
      'variable_cannot_unset_secret',
      'Secret variables cannot be marked as non-secret. Please re-create the variable if this is your intention.',
    ),
  nothingToUpdate: () =>
    new AppwriteError(400, 'general_argument_invalid', 'The request contains one or more invalid arguments. Please refer to the endpoint documentation.'),
  noFileSent: () => new AppwriteError(400, 'storage_file_empty', 'No file sent'),
  notGzip: () => new AppwriteError(400, 'storage_file_type_unsupported', 'The given file extension is not supported.'),
  /**
   * Local only: a function declared in appwrite.config.json runs its code folder as it is on disk,
   * so the API does not change or deploy it (Appwrite has no such functions).
   */
  declaredInConfig: (id: string) =>
    new AppwriteError(
      400,
      'general_bad_request',
      `Function "${id}" is declared in appwrite.config.json and runs from its code folder: change it there, or start the server without that config to manage the function through the API.`,
    ),
} as const;
