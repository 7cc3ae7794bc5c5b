import type { Kysely } from 'kysely';
import type { LocationOption } from '@portal/contracts/transactions';
import type { Database } from '../../db/schema.js';
import { listLocationOptions } from './repository.js';

/** The merchant's locations as the transaction list's location filter offers them. */
export async function locationOptions(db: Kysely<Database>, merchantId: string): Promise<LocationOption[]> {
  const rows = await listLocationOptions(db, merchantId);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    storeNumber: row.store_number,
    status: row.status,
  }));
}
