import type { Kysely, Transaction } from 'kysely';
import type { Brand } from '@portal/contracts/brands';
import { PROVIDER_ROLES } from '@portal/contracts/roles';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

const USER_COLUMNS = [
  'users.id',
  'users.email',
  'users.role',
  'users.status',
  'users.tenant_id',
  'users.merchant_id',
] as const;

export async function findUserById(db: Db, userId: string) {
  return db.selectFrom('users').select(USER_COLUMNS).where('users.id', '=', userId).executeTakeFirst();
}

/** E-mails are stored lower-cased. */
export async function findUserByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('users.email', '=', email.toLowerCase())
    .executeTakeFirst();
}

export async function recordSignIn(db: Db, userId: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', userId).execute();
}

/**
 * Fake auth's list: every active user who can sign in here (provider staff, and this brand's merchants),
 * in no particular order (the dialects order nulls differently; the service sorts).
 */
export async function listActiveUsers(db: Db, brand: Brand) {
  return db
    .selectFrom('users')
    .leftJoin('merchants', 'merchants.id', 'users.merchant_id')
    .leftJoin('tenants', 'tenants.id', 'merchants.tenant_id')
    .where('users.status', '=', 'ACTIVE')
    .where((eb) => eb.or([eb('users.role', 'in', PROVIDER_ROLES), eb('tenants.brand', '=', brand)]))
    .select([
      'users.email',
      'users.first_name',
      'users.last_name',
      'users.role',
      'merchants.id as merchant_id',
      'merchants.name as merchant_name',
    ])
    .execute();
}
