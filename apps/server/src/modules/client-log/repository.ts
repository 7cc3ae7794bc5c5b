import type { Insertable, Kysely } from 'kysely';
import type { ClientLogsTable, Database } from '../../db/schema.js';

export async function insertClientLog(db: Kysely<Database>, row: Insertable<ClientLogsTable>) {
  await db.insertInto('client_logs').values(row).execute();
}
