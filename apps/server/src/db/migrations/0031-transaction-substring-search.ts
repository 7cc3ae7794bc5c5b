import { sql, type Kysely } from 'kysely';
import { dialectOf } from '../migration-helpers.js';

/**
 * Substring search in the transaction list (docs/decisions/0015-substring-search.md): trigram indexes
 * over the lower-cased search copies of the transaction id, order id, customer name (as given and
 * surname first) and e-mail, so that "arcia" finds Garcia without reading every row. Frozen once landed.
 *
 * SQLite: an FTS5 table with the trigram tokenizer whose content is the transactions table itself
 * (external content: nothing is stored twice), kept in step by triggers in the writing transaction.
 * Its `rebuild` fills it from the existing rows in one pass.
 *
 * PostgreSQL: pg_trgm (a trusted extension: the database's owner may create it without being a
 * superuser) and one GIN index over the searched columns, which the database keeps itself.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (dialectOf(db) === 'sqlite') {
    // The copies are lower-cased by the application, so the index compares them as stored; that keeps
    // both databases on one meaning of "any case" (JavaScript's lower case).
    await sql`create virtual table transactions_search using fts5(
      id, search_external_id, search_name, search_name_reversed, search_email,
      content='transactions', content_rowid='rowid', tokenize='trigram case_sensitive 1')`.execute(db);
    const values = (row: 'new' | 'old') =>
      `${row}.rowid, ${row}.id, ${row}.search_external_id, ${row}.search_name, ${row}.search_name_reversed, ${row}.search_email`;
    const columns = 'rowid, id, search_external_id, search_name, search_name_reversed, search_email';
    const remove = `insert into transactions_search (transactions_search, ${columns}) values ('delete', ${values('old')});`;
    const add = `insert into transactions_search (${columns}) values (${values('new')});`;
    await sql
      .raw(`create trigger transactions_search_insert after insert on transactions begin ${add} end`)
      .execute(db);
    await sql
      .raw(
        `create trigger transactions_search_update after update of
        id, search_external_id, search_name, search_name_reversed, search_email on transactions
        begin ${remove} ${add} end`,
      )
      .execute(db);
    await sql
      .raw(`create trigger transactions_search_delete after delete on transactions begin ${remove} end`)
      .execute(db);
    await sql`insert into transactions_search (transactions_search) values ('rebuild')`.execute(db);
    return;
  }

  await sql`create extension if not exists pg_trgm`.execute(db);
  // One multi-column GIN index: a search ORs a LIKE on each column, which PostgreSQL answers with one
  // bitmap scan of this index per column. Built from the existing rows in one pass.
  await sql`create index transactions_search_trgm_idx on transactions using gin (
    id gin_trgm_ops, search_external_id gin_trgm_ops, search_name gin_trgm_ops,
    search_name_reversed gin_trgm_ops, search_email gin_trgm_ops)`.execute(db);
}
