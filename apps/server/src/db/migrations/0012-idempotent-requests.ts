import { sql, type Kysely } from 'kysely';
import { dialectOf, timestampType } from '../migration-helpers.js';

/**
 * One table for the `Idempotency-Key` of every creating or acting request (it was the transaction
 * actions' alone, per merchant): the caller is the merchant, or the user for provider staff who act
 * for no merchant, and a request in progress holds its key with no answer yet, so that a duplicate
 * sent meanwhile waits for the first answer instead of acting again. The answers kept so far are
 * carried over under their merchant.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const ts = timestampType(dialectOf(db));

  await db.schema
    .createTable('idempotent_requests')
    // `merchant:<id>` or `user:<id>`.
    .addColumn('caller', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    // The method and route of the first request, and a hash of its parameters, query and body.
    .addColumn('route', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    // Both null while the first request is in progress.
    .addColumn('status_code', 'integer')
    .addColumn('response', 'text')
    .addColumn('created_at', ts, (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotent_requests_pkey', ['caller', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotent_requests_created_at_idx')
    .on('idempotent_requests')
    .column('created_at')
    .execute();

  await sql`
    insert into idempotent_requests (caller, key, route, request_hash, status_code, response, created_at)
    select 'merchant:' || merchant_id, key, route, request_hash, status_code, response, created_at
    from idempotency_keys`.execute(db);
  await db.schema.dropTable('idempotency_keys').execute();
}
