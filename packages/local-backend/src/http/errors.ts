/** The server version reported in error bodies and the health endpoint. */
export const SERVER_VERSION = '1.9.6';

/**
 * An error answered to the client as Appwrite's error JSON `{message, code, type, version}`.
 * The SDKs take the status from HTTP and the machine-readable id from `type`.
 */
export class AppwriteError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
    this.name = 'AppwriteError';
  }

  toJSON(): { message: string; code: number; type: string; version: string } {
    return { message: this.message, code: this.status, type: this.type, version: SERVER_VERSION };
  }
}

/** Appwrite's error catalogue, limited to what this server raises. Messages follow Appwrite's wording. */
export const errors = {
  routeNotFound: () => new AppwriteError(404, 'general_route_not_found', 'The requested route was not found. Please refer to the API docs and try again.'),
  argumentInvalid: (message: string) => new AppwriteError(400, 'general_argument_invalid', message),
  badRequest: (message: string) => new AppwriteError(400, 'general_bad_request', message),
  queryInvalid: (message: string) => new AppwriteError(400, 'general_query_invalid', message),
  cursorNotFound: (id: string) => new AppwriteError(400, 'general_cursor_not_found', `Row '${id}' for the 'cursor' value not found.`),
  orderNull: (column: string) => new AppwriteError(400, 'database_query_order_null', `The order column '${column}' had a null value. Cursor pagination requires all rows order column values are non-null.`),
  accessForbidden: () => new AppwriteError(401, 'general_access_forbidden', 'No Appwrite project was specified. Please specify your project ID when initializing your Appwrite SDK.'),
  projectNotFound: () => new AppwriteError(404, 'project_not_found', 'Project with the requested ID could not be found. Please check the value of the X-Appwrite-Project header to ensure the correct project ID is being used.'),
  unauthorizedScope: (who: string, role: string, scope: string) =>
    new AppwriteError(401, 'general_unauthorized_scope', `${who} (role: ${role}) missing scopes (["${scope}"])`),
  userUnauthorized: (message = 'The current user is not authorized to perform the requested action.') =>
    new AppwriteError(401, 'user_unauthorized', message),
  userNotFound: () => new AppwriteError(404, 'user_not_found', 'User with the requested ID could not be found.'),
  userAlreadyExists: () => new AppwriteError(409, 'user_already_exists', 'A user with the same id, email, or phone already exists in this project.'),
  invalidCredentials: () => new AppwriteError(401, 'user_invalid_credentials', 'Invalid credentials. Please check the email and password.'),
  sessionAlreadyExists: () => new AppwriteError(401, 'user_session_already_exists', 'Creation of a session is prohibited when a session is active.'),
  sessionNotFound: () => new AppwriteError(404, 'user_session_not_found', 'The current user session could not be found.'),
  jwtInvalid: () => new AppwriteError(401, 'user_jwt_invalid', 'The JWT token is invalid. Please check the value of the X-Appwrite-JWT header to ensure the correct token is being used.'),
  jwtAndCookieSet: () => new AppwriteError(403, 'user_jwt_and_cookie_set', 'You cannot use JWT authentication while a session cookie or header is set.'),
  jwtCreationDenied: () => new AppwriteError(403, 'user_jwt_creation_denied', 'JWTs cannot be created from a JWT authentication.'),
  invalidToken: () => new AppwriteError(401, 'user_invalid_token', 'Invalid token passed in the request.'),
  userBlocked: () => new AppwriteError(403, 'user_blocked', 'The current user has been blocked.'),
  passwordRecentlyUsed: () => new AppwriteError(400, 'user_password_recently_used', 'The password you are trying to use is similar to your previous password.'),
  databaseNotFound: () => new AppwriteError(404, 'database_not_found', 'Database not found'),
  databaseAlreadyExists: () => new AppwriteError(409, 'database_already_exists', 'Database already exists'),
  tableNotFound: (legacy = false) =>
    legacy
      ? new AppwriteError(404, 'collection_not_found', 'Collection with the requested ID could not be found.')
      : new AppwriteError(404, 'table_not_found', 'Table with the requested ID could not be found.'),
  tableAlreadyExists: (legacy = false) =>
    new AppwriteError(409, legacy ? 'collection_already_exists' : 'table_already_exists', legacy ? 'A collection with the requested ID already exists.' : 'A table with the requested ID already exists.'),
  rowNotFound: (id: string, legacy = false) =>
    legacy
      ? new AppwriteError(404, 'document_not_found', `Document with the requested ID '${id}' could not be found.`)
      : new AppwriteError(404, 'row_not_found', `Row with the requested ID '${id}' could not be found.`),
  rowAlreadyExists: (legacy = false) =>
    new AppwriteError(409, legacy ? 'document_already_exists' : 'row_already_exists', legacy ? 'Document with the requested ID already exists.' : 'Row with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.'),
  uniqueViolation: (legacy = false) =>
    new AppwriteError(409, legacy ? 'document_unique_constraint_violation' : 'row_unique_constraint_violation', legacy ? 'Document with the requested unique attributes already exists.' : 'Row with the requested unique columns already exists.'),
  invalidStructure: (detail: string, legacy = false) =>
    new AppwriteError(400, legacy ? 'document_invalid_structure' : 'row_invalid_structure', `Invalid ${legacy ? 'document' : 'row'} structure: ${detail}`),
  missingData: (legacy = false) =>
    new AppwriteError(400, legacy ? 'document_missing_data' : 'row_missing_data', `The ${legacy ? 'document' : 'row'} data is missing. Try again with ${legacy ? 'document' : 'row'} data populated`),
  missingPayload: (legacy = false) =>
    new AppwriteError(400, legacy ? 'document_missing_payload' : 'row_missing_payload', `The ${legacy ? 'document' : 'row'} data and permissions are missing. You must provide either ${legacy ? 'document' : 'row'} data or permissions to be updated.`),
  columnNotFound: (legacy = false) =>
    new AppwriteError(404, legacy ? 'attribute_not_found' : 'column_not_found', legacy ? 'Attribute with the requested ID could not be found.' : 'Column with the requested ID could not be found.'),
  columnAlreadyExists: (legacy = false) =>
    new AppwriteError(409, legacy ? 'attribute_already_exists' : 'column_already_exists', legacy ? 'Attribute with the requested key already exists.' : 'Column with the requested key already exists.'),
  columnDefaultUnsupported: () => new AppwriteError(400, 'column_default_unsupported', 'Default values cannot be set for required columns.'),
  columnTypeInvalid: (message: string) => new AppwriteError(400, 'attribute_type_invalid', message),
  columnLimitExceeded: () => new AppwriteError(400, 'column_limit_exceeded', 'The maximum or minimum value for the column has been exceeded.'),
  indexInvalid: (message: string) => new AppwriteError(400, 'index_invalid', message),
  indexNotFound: () => new AppwriteError(404, 'index_not_found', 'Index with the requested ID could not be found.'),
  indexAlreadyExists: () => new AppwriteError(409, 'index_already_exists', 'Index with the requested key already exists.'),
  serverError: () => new AppwriteError(500, 'general_unknown', 'Server Error'),
} as const;

const STATUSES_KEPT = new Set([400, 401, 402, 403, 404, 405, 408, 409, 410, 412, 416, 422, 429, 451, 501, 503]);

/** Turns anything thrown inside a handler into the error the client sees; unknown failures become a 500. */
export function toAppwriteError(thrown: unknown): AppwriteError {
  if (thrown instanceof AppwriteError) {
    return STATUSES_KEPT.has(thrown.status) ? thrown : errors.serverError();
  }
  return errors.serverError();
}
