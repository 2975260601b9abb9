/**
 * What the local backend's database supports, as Appwrite publishes its adapter's capabilities at
 * `GET /v1/console/variables` (`supportForRelationships`, …; src/Appwrite/Platform/Modules/Console/
 * Http/Variables/Get.php). Appwrite's own end-to-end tests read these flags to leave out what an
 * adapter lacks; `pnpm conformance` passes them on, so they must stay true to the code:
 * - relationships: relationship columns exist (both sides, two-way twins, delete), rows keep the
 *   related ids they are given; related rows are neither created from nested data nor loaded;
 * - operators: `Operator.*` values in row data (increment, arrayAppend, …) are applied;
 * - spatial columns (point, line, polygon) do not exist: creating one answers 400
 *   `general_feature_unsupported`, as Appwrite does on an adapter without them;
 * - full-text: FTS5 prefix matching stands in for MariaDB's wildcard, several full-text indexes
 *   per table are allowed;
 * - string columns can be resized; an index spans at most 768 characters; ids are strings.
 */
export const ADAPTER_CAPABILITIES = {
  supportForRelationships: true,
  supportForOperators: true,
  supportForSpatials: false,
  supportForSpatialIndexNull: false,
  supportForFulltextWildcard: true,
  supportForMultipleFulltextIndexes: true,
  supportForAttributeResizing: true,
  supportForSchemas: true,
  maxIndexLength: 768,
  supportForIntegerIds: false,
} as const;

/** Spatial column types, which this adapter lacks. */
export const SPATIAL_KINDS: readonly string[] = ['point', 'line', 'polygon'];
