import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../migration-helpers.js';

/**
 * `transaction_versions`: a number per merchant that every write of one of its transactions raises, in
 * the writing transaction (triggers, as for the daily roll-up of migration 0005). The first page of
 * the transaction list keeps its count per merchant, filter and version (docs/decisions/0022): a count
 * kept under an older version is never used again, on any instance, since any instance reads the
 * version before it uses a kept count. No row reads as version 0. Frozen once landed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);
  await db.schema
    .createTable('transaction_versions')
    .addColumn('merchant_id', 'text', (c) => c.primaryKey())
    .addColumn('version', 'bigint', (c) => c.notNull())
    .execute();

  const bump = (merchant: string) => `
    insert into transaction_versions (merchant_id, version) values (${merchant}, 1)
    on conflict (merchant_id) do update set version = transaction_versions.version + 1`;
  if (dialect === 'sqlite') {
    await sql
      .raw(
        `create trigger transactions_version_insert after insert on transactions begin ${bump('new.merchant_id')}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger transactions_version_update after update on transactions begin
        ${bump('old.merchant_id')}; ${bump('new.merchant_id')}; end`,
      )
      .execute(db);
    await sql
      .raw(
        `create trigger transactions_version_delete after delete on transactions begin ${bump('old.merchant_id')}; end`,
      )
      .execute(db);
    return;
  }
  await sql
    .raw(
      `create function transactions_version() returns trigger language plpgsql as $$
      begin
        if tg_op = 'INSERT' then
          ${bump('new.merchant_id')};
        elsif tg_op = 'DELETE' then
          ${bump('old.merchant_id')};
        else
          ${bump('new.merchant_id')};
          if old.merchant_id <> new.merchant_id then ${bump('old.merchant_id')}; end if;
        end if;
        return null;
      end
      $$`,
    )
    .execute(db);
  // Named after the roll-up's trigger, so that it runs after it (PostgreSQL runs them by name).
  await sql
    .raw(
      `create trigger transactions_version after insert or update or delete
      on transactions for each row execute function transactions_version()`,
    )
    .execute(db);
}
