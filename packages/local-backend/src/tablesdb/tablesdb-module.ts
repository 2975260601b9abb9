import { loadProjectConfig } from '../provisioning/config.ts';
import { isUnchanged, provisionTables } from '../provisioning/provision-tables.ts';
import type { Module } from '../services.ts';
import { registerDatabaseRoutes } from './http/database-routes.ts';
import { TwinRouter } from './http/legacy-routes.ts';
import { registerRowRoutes } from './http/row-routes.ts';
import { registerSchemaRoutes } from './http/schema-routes.ts';
import { registerTransactionRoutes } from './http/transaction-routes.ts';

/**
 * TablesDB (`/v1/tablesdb…`, and the legacy Databases API `/v1/databases…` over the same engine): databases, tables, columns and indexes for API keys, rows and
 * transactions for everyone under Appwrite's permissions. On start it provisions the project's
 * `appwrite.config.json` (databases and tables only; it never drops anything, and refuses to start
 * on a file Appwrite would refuse).
 */
export const tablesDbModule: Module = (server, services) => {
  const engine = services.tablesDb;
  // Each route also answers under the legacy Databases API (`/v1/databases…`), in its wording.
  const router = new TwinRouter(server);
  registerDatabaseRoutes(router, engine);
  registerSchemaRoutes(router, engine);
  registerRowRoutes(router, engine);
  registerTransactionRoutes(router, engine);
  return {
    start() {
      const config = loadProjectConfig(services.projectRoot);
      if (!config.tablesDB?.length && !config.tables?.length) return;
      const summary = provisionTables(services, config);
      if (!isUnchanged(summary)) {
        services.log(
          `[tablesdb] provisioned: ${summary.createdDatabases.length} database(s), ${summary.createdTables.length} table(s), ${summary.createdColumns.length} column(s), ${summary.createdIndexes.length} index(es) created; ${summary.updatedTables.length} table(s) updated`,
        );
      }
    },
  };
};
