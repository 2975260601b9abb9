import { AppwriteError } from '../../http/errors.ts';

/**
 * The legacy Databases API raises the same errors as TablesDB under its own names: Appwrite's
 * actions pick `collection_*`, `document_*`, `attribute_*` and `index_*` on `/v1/databases/…`
 * routes, and the catalogue's wording says collection, document and attribute where TablesDB says
 * table, row and column (app/config/errors.php). Parameter names in argument errors follow the
 * route's own params (`collectionId`, `documentId`, `documentSecurity`, `documents`, `attributes`).
 * Other errors (database, transaction, scope, query) read the same in both.
 */
export function legacyError(error: AppwriteError): AppwriteError {
  if (error.type === 'general_unauthorized_scope') {
    return new AppwriteError(error.status, error.type, error.message.replace(/"tables\./g, '"collections.').replace(/"rows\./g, '"documents.'));
  }
  if (error.type === 'general_argument_invalid' || error.type === 'general_bad_request') {
    const message = legacyParamNames(error.message);
    return message === error.message ? error : new AppwriteError(error.status, error.type, message);
  }
  const type = legacyType(error.type);
  if (type === error.type) return error;
  return new AppwriteError(error.status, type, LEGACY_MESSAGES[type] ?? legacyMessage(error.message));
}

/** Catalogue messages that are not a word-for-word rewording of TablesDB's. */
const LEGACY_MESSAGES: Readonly<Record<string, string>> = {
  document_missing_data: 'The document data is missing. Try again with document data populated',
};

function legacyType(type: string): string {
  if (type.startsWith('table_')) return `collection_${type.slice('table_'.length)}`;
  if (type.startsWith('row_')) return `document_${type.slice('row_'.length)}`;
  if (type.startsWith('column_index_')) return `index_${type.slice('column_index_'.length)}`;
  if (type.startsWith('column_')) return `attribute_${type.slice('column_'.length)}`;
  return type;
}

function legacyMessage(message: string): string {
  return message
    .replace(/\bTable with the requested ID\b/g, 'Collection with the requested ID')
    .replace(/\bA table with the requested ID\b/g, 'A collection with the requested ID')
    .replace(/\bnumber of tables\b/g, 'number of collections')
    .replace(/\bfor table '/g, "for collection '")
    .replace(/\bRow with the requested ID\b/g, 'Document with the requested ID')
    .replace(/\bRow violates\b/g, 'Document violates')
    .replace(/\b[Rr]ow data\b/g, 'document data')
    .replace(/\bRemote row\b/g, 'Remote document')
    .replace(/\bColumn/g, 'Attribute')
    .replace(/\bcolumns\b/g, 'attributes')
    .replace(/\bcolumn\b/g, 'attribute');
}

/** TablesDB's param names inside a message, as the legacy route names them. */
function legacyParamNames(message: string): string {
  return message
    .replace(
      /([`"'])(tableId|rowId|rowSecurity|rows|columns|relatedTableId)\1/g,
      (_match, quote: string, name: string) => `${quote}${LEGACY_PARAMS[name]}${quote}`,
    )
    .replace(/\bMissing required key: (tableId|rowId)\b/g, (_match, name: string) => `Missing required key: ${LEGACY_PARAMS[name]}`);
}

/** TablesDB param names and their legacy twins. */
const LEGACY_PARAMS: Readonly<Record<string, string>> = {
  tableId: 'collectionId',
  rowId: 'documentId',
  rowSecurity: 'documentSecurity',
  rows: 'documents',
  columns: 'attributes',
  relatedTableId: 'relatedCollectionId',
};

/** The legacy request's params under TablesDB's names (the reverse of LEGACY_PARAMS). */
export const TABLESDB_PARAMS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(LEGACY_PARAMS).map(([tablesDb, legacy]) => [legacy, tablesDb]),
);
