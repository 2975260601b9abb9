import { json, noContent } from '../../http/context.ts';
import { errors } from '../../http/errors.ts';
import type { Router } from '../../http/router.ts';
import { parseListQueries } from '../../queries/list-queries.ts';
import { columnAttributes } from '../../queries/list-sql.ts';
import type { TablesDb } from '../tables-db.ts';
import { stageOperations } from '../transactions/operation-input.ts';
import { transactionModel } from '../transactions/transaction-store.ts';
import { TTL_SECONDS } from '../transactions/transactions.ts';

const TRANSACTIONS = '/v1/tablesdb/transactions';
/** Appwrite lets lists of transactions filter and sort by these (Queries\Transactions). */
const TRANSACTION_ATTRIBUTES = columnAttributes({ status: 'string', expiresAt: 'datetime' });

/**
 * TablesDB transactions (`/v1/tablesdb/transactions…`), for users, guests and API keys alike: a
 * user's transactions are theirs alone, a key sees every transaction.
 */
export function registerTransactionRoutes(router: Router, engine: TablesDb): void {
  const { transactions } = engine;

  router.post(TRANSACTIONS, (ctx) => {
    const ttl = ctx.params.integer('ttl', TTL_SECONDS.default);
    if (ttl < TTL_SECONDS.min || ttl > TTL_SECONDS.max) {
      throw errors.argumentInvalid(
        `Invalid \`ttl\` param: Value must be a valid range between ${TTL_SECONDS.min} and ${TTL_SECONDS.max.toLocaleString('en-US')}`,
      );
    }
    return json(201, transactionModel(transactions.create(ctx.caller, ttl)));
  });

  router.get(TRANSACTIONS, (ctx) => {
    const queries = parseListQueries(ctx.params.stringArray('queries', { max: 100 }) ?? [], TRANSACTION_ATTRIBUTES);
    const { total, records } = transactions.list(ctx.caller, queries);
    return json(200, { total, transactions: records.map(transactionModel) });
  });

  router.get(`${TRANSACTIONS}/{transactionId}`, (ctx) => json(200, transactionModel(transactions.get(ctx.pathParams.transactionId ?? '', ctx.caller))));

  router.patch(`${TRANSACTIONS}/{transactionId}`, (ctx) => {
    const commit = ctx.params.boolean('commit', false);
    const rollback = ctx.params.boolean('rollback', false);
    if (!commit && !rollback) throw errors.badRequest('Either commit or rollback must be true');
    if (commit && rollback) throw errors.badRequest('Cannot commit and rollback at the same time');
    const id = ctx.pathParams.transactionId ?? '';
    return json(200, transactionModel(commit ? transactions.commit(id, ctx.caller) : transactions.rollback(id, ctx.caller)));
  });

  router.delete(`${TRANSACTIONS}/{transactionId}`, (ctx) => {
    transactions.delete(ctx.pathParams.transactionId ?? '', ctx.caller);
    return noContent;
  });

  router.post(`${TRANSACTIONS}/{transactionId}/operations`, (ctx) => {
    const record = stageOperations(engine, ctx.caller, ctx.pathParams.transactionId ?? '', ctx.params.raw('operations'));
    return json(201, transactionModel(record));
  });
}
