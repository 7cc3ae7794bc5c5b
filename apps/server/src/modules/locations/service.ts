import type { Kysely } from 'kysely';
import type { LocationOption } from '@portal/contracts/transactions';
import type { Database } from '../../db/schema.js';
import { listLocationOptions, locationNames } from './repository.js';

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

/** Names by id of the merchant's locations (all, or the given ones), as lists and exports show them. */
export async function locationNamesOf(
  db: Kysely<Database>,
  merchantId: string,
  ids?: readonly string[],
): Promise<Map<string, string>> {
  return locationNames(db, merchantId, ids);
}
