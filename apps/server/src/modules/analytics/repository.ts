import type { Insertable, Kysely } from 'kysely';
import type { AnalyticsEventsTable, Database } from '../../db/schema.js';

export async function insertAnalyticsEvents(db: Kysely<Database>, rows: Insertable<AnalyticsEventsTable>[]) {
  await db.insertInto('analytics_events').values(rows).execute();
}
