import { AppwriteError } from '../../http/errors.ts';

/**
 * The legacy Databases API raises the same errors as TablesDB under its own names: Appwrite's
 * actions pick `attribute_*`, `index_*` and `collection_not_found` on `/v1/databases/…` routes,
 * and the catalogue's wording says attribute and collection where TablesDB says column and table
 * (app/config/errors.php). Other errors (database, argument, scope) read the same in both.
 */
export function legacyError(error: AppwriteError): AppwriteError {
  const type = legacyType(error.type);
  if (type === error.type) return error;
  return new AppwriteError(error.status, type, legacyMessage(error.message));
}

function legacyType(type: string): string {
  if (type === 'table_not_found') return 'collection_not_found';
  if (type.startsWith('column_index_')) return `index_${type.slice('column_index_'.length)}`;
  if (type.startsWith('column_')) return `attribute_${type.slice('column_'.length)}`;
  return type;
}

function legacyMessage(message: string): string {
  return message
    .replace(/\bTable with the requested ID\b/g, 'Collection with the requested ID')
    .replace(/\bfor table '/g, "for collection '")
    .replace(/\bColumn/g, 'Attribute')
    .replace(/\bcolumn/g, 'attribute');
}
