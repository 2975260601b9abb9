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
  /** The same error for list endpoints of other resources (`User 'x' for the 'cursor' value not found.`). */
  resourceCursorNotFound: (resource: string, id: string) =>
    new AppwriteError(400, 'general_cursor_not_found', `${resource} '${id}' for the 'cursor' value not found.`),
  orderNull: (column: string) =>
    new AppwriteError(
      400,
      'database_query_order_null',
      `The order column '${column}' had a null value. Cursor pagination requires all rows order column values are non-null.`,
    ),
  accessForbidden: () =>
    new AppwriteError(
      401,
      'general_access_forbidden',
      'No Appwrite project was specified. Please specify your project ID when initializing your Appwrite SDK.',
    ),
  /** A browser page whose origin is not a registered web platform (Appwrite's Origin validator wording). */
  unknownOrigin: (host: string) =>
    new AppwriteError(
      403,
      'general_unknown_origin',
      `Invalid Origin. Register your new client (${host}) as a new Web platform on your project console dashboard`,
    ),
  /** A development surface (outbox, local identity provider) asked from another machine; it has no Appwrite equivalent. */
  localOnly: () =>
    new AppwriteError(
      403,
      'general_access_forbidden',
      'This development surface answers only on the machine that runs the server (a loopback connection to localhost or 127.0.0.1).',
    ),
  consoleProject: () =>
    new AppwriteError(
      401,
      'general_access_forbidden',
      'This endpoint is not available for the console project. The Appwrite Console is a reserved project ID and cannot be used with the Appwrite SDKs and APIs. Please check if your project ID is correct.',
    ),
  projectNotFound: () =>
    new AppwriteError(
      404,
      'project_not_found',
      'Project with the requested ID could not be found. Please check the value of the X-Appwrite-Project header to ensure the correct project ID is being used.',
    ),
  unauthorizedScope: (who: string, role: string, scope: string) =>
    new AppwriteError(401, 'general_unauthorized_scope', `${who} (role: ${role}) missing scopes (["${scope}"])`),
  userUnauthorized: (message = 'The current user is not authorized to perform the requested action.') => new AppwriteError(401, 'user_unauthorized', message),
  userNotFound: () => new AppwriteError(404, 'user_not_found', 'User with the requested ID could not be found.'),
  userAlreadyExists: () => new AppwriteError(409, 'user_already_exists', 'A user with the same id, email, or phone already exists in this project.'),
  /** Appwrite's answer to an address change when another account (or this one) already has the address as its e-mail target. */
  targetAlreadyExists: () => new AppwriteError(409, 'user_target_already_exists', 'A target with the same ID already exists.'),
  invalidCredentials: () => new AppwriteError(401, 'user_invalid_credentials', 'Invalid credentials. Please check the email and password.'),
  sessionAlreadyExists: () => new AppwriteError(401, 'user_session_already_exists', 'Creation of a session is prohibited when a session is active.'),
  sessionNotFound: () => new AppwriteError(404, 'user_session_not_found', 'The current user session could not be found.'),
  jwtInvalid: () =>
    new AppwriteError(
      401,
      'user_jwt_invalid',
      'The JWT token is invalid. Please check the value of the X-Appwrite-JWT header to ensure the correct token is being used.',
    ),
  jwtAndCookieSet: () => new AppwriteError(403, 'user_jwt_and_cookie_set', 'You cannot use JWT authentication while a session cookie or header is set.'),
  jwtCreationDenied: () => new AppwriteError(403, 'user_jwt_creation_denied', 'JWTs cannot be created from a JWT authentication.'),
  invalidToken: () => new AppwriteError(401, 'user_invalid_token', 'Invalid token passed in the request.'),
  invalidEmail: () => new AppwriteError(400, 'general_invalid_email', 'Value must be a valid email address.'),
  /** Only ever sent inside the `error` param of an OAuth2 failure redirect, where 424 survives. */
  oauth2ProviderError: (message: string) => new AppwriteError(424, 'user_oauth2_provider_error', message),
  userBlocked: () => new AppwriteError(403, 'user_blocked', 'The current user has been blocked.'),
  userCountExceeded: () =>
    new AppwriteError(
      400,
      'user_count_exceeded',
      'The current project has exceeded the maximum number of users. Please check your user limit in the Appwrite console.',
    ),
  userEmailNotFound: () => new AppwriteError(400, 'user_email_not_found', 'User email could not be found.'),
  userEmailAlreadyExists: () => new AppwriteError(409, 'user_email_already_exists', 'A user with the same email already exists in the current project.'),
  userPhoneNotFound: () => new AppwriteError(400, 'user_phone_not_found', 'The current user does not have a phone number associated with their account.'),
  passwordPersonalData: () =>
    new AppwriteError(
      400,
      'user_password_personal_data',
      'The password you are trying to use contains references to your name, email, phone or userID. For your security, please choose a different password and try again.',
    ),
  moreFactorsRequired: () => new AppwriteError(401, 'user_more_factors_required', 'More factors are required to complete the sign in process.'),
  challengeRequired: () =>
    new AppwriteError(
      401,
      'user_challenge_required',
      'A recently successful challenge is required to complete this action. A challenge is considered recent for 5 minutes.',
    ),
  authenticatorNotFound: () => new AppwriteError(404, 'user_authenticator_not_found', 'Authenticator could not be found on the current user.'),
  authenticatorAlreadyVerified: () =>
    new AppwriteError(409, 'user_authenticator_already_verified', 'This authenticator is already verified on the current user.'),
  recoveryCodesAlreadyExist: () =>
    new AppwriteError(
      409,
      'user_recovery_codes_already_exists',
      'The current user already generated recovery codes and they can only be read once for security reasons.',
    ),
  recoveryCodesNotFound: () => new AppwriteError(404, 'user_recovery_codes_not_found', 'Recovery codes could not be found on the current user.'),
  phoneDisabled: () => new AppwriteError(503, 'general_phone_disabled', 'Phone provider not configured'),
  emailAlreadyVerified: () => new AppwriteError(409, 'user_email_already_verified', 'User email is already verified'),
  passwordRecentlyUsed: () =>
    new AppwriteError(
      400,
      'user_password_recently_used',
      'The password you are trying to use is similar to your previous password. For your security, please choose a different password and try again.',
    ),
  // TablesDB (databases, tables, columns, indexes, rows): wording of Appwrite's app/config/errors.php.
  databaseNotFound: (id: string) => new AppwriteError(404, 'database_not_found', `Database with the requested ID '${id}' could not be found.`),
  databaseAlreadyExists: (id: string) =>
    new AppwriteError(
      409,
      'database_already_exists',
      `Database with the requested ID '${id}' already exists. Try again with a different ID or use ID.unique() to generate a unique ID.`,
    ),
  tableNotFound: (id: string) => new AppwriteError(404, 'table_not_found', `Table with the requested ID '${id}' could not be found.`),
  tableAlreadyExists: (id: string) =>
    new AppwriteError(
      409,
      'table_already_exists',
      `A table with the requested ID '${id}' already exists. Try again with a different ID or use ID.unique() to generate a unique ID.`,
    ),
  rowNotFound: (id: string) => new AppwriteError(404, 'row_not_found', `Row with the requested ID '${id}' could not be found.`),
  rowAlreadyExists: (id: string) =>
    new AppwriteError(
      409,
      'row_already_exists',
      `Row with the requested ID '${id}' already exists. Try again with a different ID or use ID.unique() to generate a unique ID.`,
    ),
  /** Bulk row endpoints refuse non-key callers with the catalogue's generic scope message. */
  bulkRequiresKey: () =>
    new AppwriteError(401, 'general_unauthorized_scope', 'The current user or API key does not have the required scopes to access the requested resource.'),
  uniqueViolation: () =>
    new AppwriteError(409, 'row_unique_constraint_violation', 'Row violates a unique column constraint. Try again with different value(s).'),
  /** Appwrite's structure validator says "document" on TablesDB routes too. */
  invalidStructure: (detail: string) => new AppwriteError(400, 'row_invalid_structure', `Invalid document structure: ${detail}`),
  missingData: () => new AppwriteError(400, 'row_missing_data', 'The row data is missing. Try again with row data populated.'),
  missingPayload: () =>
    new AppwriteError(400, 'row_missing_payload', 'The row data and permissions are missing. You must provide either row data or permissions to be updated.'),
  /** Appwrite raises this without the key on increment/decrement, leaving its `%s` in the message. */
  columnNotFound: (key = '%s') => new AppwriteError(404, 'column_not_found', `Column with the requested key '${key}' could not be found.`),
  columnAlreadyExists: (key: string) =>
    new AppwriteError(
      409,
      'column_already_exists',
      `Column with the requested key '${key}' already exists. Column keys must be unique, try again with a different key.`,
    ),
  columnDefaultUnsupported: (message: string) => new AppwriteError(400, 'column_default_unsupported', message),
  columnValueInvalid: (message: string) => new AppwriteError(400, 'column_value_invalid', message),
  /** Appwrite reports non-numeric increments with the legacy attribute type even on TablesDB routes. */
  columnTypeInvalid: (message: string) => new AppwriteError(400, 'attribute_type_invalid', message),
  columnLimitExceeded: (message: string) => new AppwriteError(400, 'column_limit_exceeded', message),
  columnKindMismatch: (key: string) => new AppwriteError(400, 'column_type_invalid', `The column '${key}' type is invalid.`),
  columnTypeNotSupported: (type: string) => new AppwriteError(400, 'column_type_not_supported', `Column type '${type}' is not supported.`),
  columnInvalidResize: () =>
    new AppwriteError(400, 'column_invalid_resize', 'Existing data is too large for new size, truncate your existing data then try again.'),
  columnUnknown: (key: string) =>
    new AppwriteError(
      400,
      'column_unknown',
      `The column '${key}' required for the index could not be found. Please confirm all your columns are in the available state.`,
    ),
  /** Appwrite keeps the legacy type for "indexes on array columns". */
  indexInvalid: (message: string) => new AppwriteError(400, 'index_invalid', message),
  columnIndexInvalid: (message: string) => new AppwriteError(400, 'column_index_invalid', message),
  indexNotFound: (key: string) => new AppwriteError(404, 'column_index_not_found', `Index with the requested key '${key}' could not be found.`),
  indexAlreadyExists: (key: string) =>
    new AppwriteError(409, 'column_index_already_exists', `Index with the requested key '${key}' already exists. Try again with a different key.`),
  storageBucketNotFound: () => new AppwriteError(404, 'storage_bucket_not_found', 'Storage bucket with the requested ID could not be found.'),
  storageBucketAlreadyExists: () =>
    new AppwriteError(
      409,
      'storage_bucket_already_exists',
      'A storage bucket with the requested ID already exists. Try again with a different ID or use ID.unique() to generate a unique ID.',
    ),
  storageFileNotFound: () => new AppwriteError(404, 'storage_file_not_found', 'The requested file could not be found.'),
  storageFileAlreadyExists: () => new AppwriteError(409, 'storage_file_already_exists', 'A storage file with the requested ID already exists.'),
  storageFileEmpty: () => new AppwriteError(400, 'storage_file_empty', 'Empty file passed to the endpoint.'),
  storageFileTypeUnsupported: () => new AppwriteError(400, 'storage_file_type_unsupported', 'File extension not allowed'),
  storageInvalidFileSize: () => new AppwriteError(400, 'storage_invalid_file_size', 'File size not allowed'),
  storageInvalidContentRange: () =>
    new AppwriteError(400, 'storage_invalid_content_range', 'The content range is invalid. Please check the value of the Content-Range header.'),
  storageInvalidAppwriteId: () =>
    new AppwriteError(
      400,
      'storage_invalid_appwrite_id',
      'The value for x-appwrite-id header is invalid. Please check the value of the x-appwrite-id header is a valid id and not unique().',
    ),
  storageInvalidRange: () =>
    new AppwriteError(416, 'storage_invalid_range', 'The requested range is not satisfiable. Please check the value of the Range header.'),
  // Teams and memberships: wording of Appwrite's app/config/errors.php.
  teamNotFound: () => new AppwriteError(404, 'team_not_found', 'Team with the requested ID could not be found.'),
  teamAlreadyExists: () => new AppwriteError(409, 'team_already_exists', 'Team with requested ID already exists. Please choose a different ID and try again.'),
  teamInviteNotFound: () => new AppwriteError(404, 'team_invite_not_found', 'The requested team invitation could not be found.'),
  teamInvalidSecret: () =>
    new AppwriteError(401, 'team_invalid_secret', 'The team invitation secret is invalid. Please request a new invitation and try again.'),
  teamMembershipMismatch: () => new AppwriteError(404, 'team_membership_mismatch', 'The membership ID does not belong to the team ID.'),
  teamInviteMismatch: (message = 'The invite does not belong to the current user.') => new AppwriteError(401, 'team_invite_mismatch', message),
  membershipNotFound: () => new AppwriteError(404, 'membership_not_found', 'Membership with the requested ID could not be found.'),
  membershipAlreadyConfirmed: () => new AppwriteError(409, 'membership_already_confirmed', 'Membership is already confirmed.'),
  /** Appwrite raises these with a message of its own in place of the catalogue's. */
  userNotFoundBecause: (message: string) => new AppwriteError(404, 'user_not_found', message),
  userAlreadyExistsBecause: (message: string) => new AppwriteError(409, 'user_already_exists', message),
  userCountExceededBecause: (message: string) => new AppwriteError(400, 'user_count_exceeded', message),
  functionNotFound: () => new AppwriteError(404, 'function_not_found', 'Function with the requested ID could not be found.'),
  functionSynchronousTimeout: () =>
    new AppwriteError(
      408,
      'function_synchronous_timeout',
      "Synchronous function execution timed out. Use asynchronous execution instead, or ensure the execution duration doesn't exceed 30 seconds.",
    ),
  executionNotFound: () => new AppwriteError(404, 'execution_not_found', 'Execution with the requested ID could not be found.'),
  /** A capability the database adapter lacks (Appwrite answers so when its adapter has no spatial types, say). */
  featureUnsupported: (message: string) => new AppwriteError(400, 'general_feature_unsupported', message),
  serverError: () => new AppwriteError(500, 'general_unknown', 'Server Error'),
} as const;

const STATUSES_KEPT = new Set([400, 401, 402, 403, 404, 405, 408, 409, 410, 412, 413, 416, 422, 429, 451, 501, 503]);

/** Turns anything thrown inside a handler into the error the client sees; unknown failures become a 500. */
export function toAppwriteError(thrown: unknown): AppwriteError {
  if (thrown instanceof AppwriteError) {
    return STATUSES_KEPT.has(thrown.status) ? thrown : errors.serverError();
  }
  return errors.serverError();
}
