import { AppwriteError } from '../../http/errors.ts';

/** Appwrite's transaction errors (app/config/errors.php), and the commit failures Appwrite reports with legacy document types. */
export const transactionErrors = {
  notFound: (id: string) => new AppwriteError(404, 'transaction_not_found', `Transaction with the requested ID '${id}' could not be found.`),
  notReady: () => new AppwriteError(400, 'transaction_not_ready', 'The transaction is not ready yet. Please try again later.'),
  expired: () => new AppwriteError(410, 'transaction_expired', 'The transaction has expired. Please create a new transaction and try again.'),
  conflict: () => new AppwriteError(409, 'transaction_conflict', 'The transaction has a conflict. Please resolve the conflict and try again.'),
  limitExceeded: (existing: number, adding: number, maximum: number) =>
    new AppwriteError(
      400,
      'transaction_limit_exceeded',
      `Transaction already has ${existing} operations, adding ${adding} would exceed the maximum of ${maximum}`,
    ),
  /** The increment, decrement and operations routes answer a missing or finished transaction alike (with a non-breaking hyphen). */
  invalidOrNotPending: () => new AppwriteError(400, 'general_bad_request', 'Invalid or non\u2011pending transaction'),
  /** `createOperations` names tables with the legacy type, on TablesDB routes too. */
  collectionNotFound: (id: string) => new AppwriteError(404, 'collection_not_found', `Collection with the requested ID '${id}' could not be found.`),
  /** A commit whose operation finds no row: Appwrite names it a document, on TablesDB routes too. */
  documentNotFound: (id: string) => new AppwriteError(404, 'document_not_found', `Document with the requested ID '${id}' could not be found.`),
  documentInvalidStructure: (message: string) => new AppwriteError(400, 'document_invalid_structure', message),
  attributeLimitExceeded: (message: string) => new AppwriteError(400, 'attribute_limit_exceeded', message),
} as const;
