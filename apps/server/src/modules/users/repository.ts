import { sql, type Kysely, type Transaction } from 'kysely';
import type { Brand } from '@portal/contracts/brands';
import { MERCHANT_ROLES, PROVIDER_ROLES, type MerchantRole } from '@portal/contracts/roles';
import type { UserListQuery, UserSort } from '@portal/contracts/users';
import { dialectOf } from '../../db/migration-helpers.js';
import type { Database } from '../../db/schema.js';

type Db = Kysely<Database> | Transaction<Database>;

const USER_COLUMNS = [
  'users.id',
  'users.first_name',
  'users.last_name',
  'users.email',
  'users.role',
  'users.status',
  'users.invited_at',
  'users.last_sign_in_at',
] as const;

/** `%`, `_` and `\` in a search are the text itself, not patterns. */
function likePattern(search: string): string {
  return `%${search.toLowerCase().replace(/[\\%_]/g, (match) => `\\${match}`)}%`;
}

/** The merchant's users of the merchant roles (provider staff are nobody's team) matching the filters. */
function filtered(db: Db, merchantId: string, query: UserListQuery) {
  let select = db
    .selectFrom('users')
    .where('users.merchant_id', '=', merchantId)
    .where('users.role', 'in', MERCHANT_ROLES);
  if (query.role !== undefined && query.role.length > 0)
    select = select.where('users.role', 'in', query.role);
  if (query.status !== undefined && query.status.length > 0) {
    select = select.where('users.status', 'in', query.status);
  }
  if (query.search !== undefined && query.search !== '') {
    const pattern = likePattern(query.search);
    select = select.where((eb) =>
      eb.or([
        sql<boolean>`lower(users.first_name || ' ' || users.last_name) like ${pattern} escape '\\'`,
        sql<boolean>`users.email like ${pattern} escape '\\'`,
      ]),
    );
  }
  return select;
}

const SORT_COLUMNS: Readonly<Record<Exclude<UserSort, 'name'>, string>> = {
  email: 'users.email',
  role: 'users.role',
  status: 'users.status',
  invitedAt: 'users.invited_at',
  lastSignInAt: 'users.last_sign_in_at',
};

export async function listUsers(db: Db, merchantId: string, query: UserListQuery) {
  const direction = query.order === 'desc' ? sql`desc` : sql`asc`;
  let select = filtered(db, merchantId, query).select(USER_COLUMNS);
  if (query.sort === 'name') {
    select = select
      .orderBy(sql`lower(users.first_name) ${direction}`)
      .orderBy(sql`lower(users.last_name) ${direction}`);
  } else {
    const column = sql.ref(SORT_COLUMNS[query.sort]);
    // Never-signed-in users last in both orders, and alike on both databases (they order nulls differently).
    select = select
      .orderBy(sql`case when ${column} is null then 1 else 0 end`)
      .orderBy(sql`${column} ${direction}`);
  }
  return select.orderBy('users.id').limit(query.limit).offset(query.offset).execute();
}

export async function countUsers(db: Db, merchantId: string, query: UserListQuery): Promise<number> {
  const row = await filtered(db, merchantId, query)
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export type UserRow = Awaited<ReturnType<typeof listUsers>>[number];

/** One user of the merchant's team; undefined for another merchant's user or provider staff. */
export async function findTeamUser(db: Db, merchantId: string, userId: string) {
  return db
    .selectFrom('users')
    .select(USER_COLUMNS)
    .where('users.id', '=', userId)
    .where('users.merchant_id', '=', merchantId)
    .where('users.role', 'in', MERCHANT_ROLES)
    .executeTakeFirst();
}

/** The e-mails of the merchant's ACTIVE admins. */
export async function findActiveAdminEmails(db: Db, merchantId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('merchant_id', '=', merchantId)
    .where('role', '=', 'ADMIN')
    .where('status', '=', 'ACTIVE')
    .orderBy('email')
    .execute();
  return rows.map((row) => row.email);
}

/** Who holds an e-mail (e-mails are unique across merchants), if anyone. */
export async function holderOfEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(['id', 'merchant_id', 'status'])
    .where('email', '=', email)
    .executeTakeFirst();
}

export interface InvitedUser {
  id: string;
  tenantId: string;
  merchantId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: MerchantRole;
  at: string;
}

/** Writes a user INVITED, without a password; false when the e-mail is already taken. */
export async function insertInvitedUser(db: Db, user: InvitedUser): Promise<boolean> {
  const inserted = await db
    .insertInto('users')
    .values({
      id: user.id,
      tenant_id: user.tenantId,
      merchant_id: user.merchantId,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      role: user.role,
      status: 'INVITED',
      password_hash: null,
      invited_at: user.at,
      last_sign_in_at: null,
      created_at: user.at,
      updated_at: user.at,
    })
    // Two adds of the same e-mail at once: the unique index keeps the first one. Not an error, so
    // that a caller's wider transaction (an idempotent request's) is not aborted on PostgreSQL.
    .onConflict((conflict) => conflict.column('email').doNothing())
    .executeTakeFirst();
  return inserted.numInsertedOrUpdatedRows !== 0n;
}

export async function findMerchantForInvitation(db: Db, merchantId: string) {
  return db
    .selectFrom('merchants')
    .select(['id', 'name', 'tenant_id', 'language'])
    .where('id', '=', merchantId)
    .executeTakeFirst();
}

export async function findUserNames(db: Db, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('users')
    .select(['id', 'first_name', 'last_name'])
    .where('id', 'in', [...userIds])
    .execute();
}

export async function findUserName(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['first_name', 'last_name', 'email'])
    .where('id', '=', userId)
    .executeTakeFirst();
}

/**
 * Holds the merchant's row until the transaction ends, so that two admins demoting or removing each
 * other at once cannot both pass the last-admin check (SQLite already runs one writer at a time).
 */
export async function lockMerchant(db: Transaction<Database>, merchantId: string): Promise<void> {
  if (dialectOf(db) !== 'postgres') return;
  await db.selectFrom('merchants').select('id').where('id', '=', merchantId).forUpdate().execute();
}

/** ACTIVE admins of the merchant other than one user. */
export async function countOtherActiveAdmins(
  db: Db,
  merchantId: string,
  exceptUserId: string,
): Promise<number> {
  const row = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<string | number>().as('count'))
    .where('merchant_id', '=', merchantId)
    .where('role', '=', 'ADMIN')
    .where('status', '=', 'ACTIVE')
    .where('id', '!=', exceptUserId)
    .executeTakeFirst();
  return Number(row?.count ?? 0);
}

export async function setUserRole(db: Db, userId: string, role: MerchantRole, at: string): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: at }).where('id', '=', userId).execute();
}

export async function disableUser(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ status: 'DISABLED', updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/**
 * A removed user invited again: the password it had is forgotten, so that only whoever receives the new
 * invitation can sign in with it.
 */
export async function reinviteUser(db: Db, userId: string, at: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ status: 'INVITED', password_hash: null, invited_at: at, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

export async function setInvitedAt(db: Db, userId: string, at: string): Promise<void> {
  await db.updateTable('users').set({ invited_at: at, updated_at: at }).where('id', '=', userId).execute();
}

/** What sign-in and the token exchange decide on. */
const ACCOUNT_COLUMNS = [
  'users.id',
  'users.email',
  'users.role',
  'users.status',
  'users.tenant_id',
  'users.merchant_id',
] as const;

export async function findAccountById(db: Db, userId: string) {
  return db.selectFrom('users').select(ACCOUNT_COLUMNS).where('users.id', '=', userId).executeTakeFirst();
}

/** E-mails are stored lower-cased. */
export async function findAccountByEmail(db: Db, email: string) {
  return db
    .selectFrom('users')
    .select(ACCOUNT_COLUMNS)
    .where('users.email', '=', email.toLowerCase())
    .executeTakeFirst();
}

/** The account with its password hash, by id or by (lower-cased) e-mail. */
export async function findCredentials(db: Db, by: { id: string } | { email: string }) {
  const query = db.selectFrom('users').select(['id', 'email', 'status', 'password_hash', 'merchant_id']);
  return (
    'id' in by ? query.where('id', '=', by.id) : query.where('email', '=', by.email)
  ).executeTakeFirst();
}

/** An ACTIVE user's claims for the identity provider; undefined for anyone else. */
export async function findActiveUser(db: Db, userId: string) {
  return db
    .selectFrom('users')
    .select(['id', 'email', 'first_name', 'last_name', 'role'])
    .where('id', '=', userId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
}

/** The account a reset e-mail would go to, with the brand of its merchant (null for provider staff). */
export async function findResetRecipient(db: Db, email: string) {
  return db
    .selectFrom('users')
    .leftJoin('merchants', 'merchants.id', 'users.merchant_id')
    .leftJoin('tenants', 'tenants.id', 'merchants.tenant_id')
    .select([
      'users.id',
      'users.email',
      'users.first_name',
      'users.status',
      'users.merchant_id',
      'merchants.language',
      'tenants.brand',
    ])
    .where('users.email', '=', email)
    .executeTakeFirst();
}

export async function recordSignIn(db: Db, userId: string, at: string): Promise<void> {
  await db.updateTable('users').set({ last_sign_in_at: at }).where('id', '=', userId).execute();
}

/**
 * Sets the password of a user in the given status and makes it ACTIVE (activation, reset); false when
 * the user is no longer in that status (removed meanwhile).
 */
export async function activateWithPassword(
  db: Db,
  userId: string,
  fromStatus: 'INVITED' | 'ACTIVE',
  passwordHash: string,
  at: string,
): Promise<boolean> {
  const updated = await db
    .updateTable('users')
    .set({ password_hash: passwordHash, status: 'ACTIVE', updated_at: at })
    .where('id', '=', userId)
    .where('status', '=', fromStatus)
    .executeTakeFirst();
  return updated.numUpdatedRows === 1n;
}

export async function setPasswordHash(
  db: Db,
  userId: string,
  passwordHash: string,
  at: string,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: at })
    .where('id', '=', userId)
    .execute();
}

/**
 * Fake auth's list: every active user who can sign in here (provider staff, and this brand's merchants),
 * in no particular order (the dialects order nulls differently; the service sorts).
 */
export async function listSignInChoices(db: Db, brand: Brand) {
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

/** The merchant's team who can still receive mail (removed users aside), by e-mail. */
export async function listTeamMembers(db: Db, merchantId: string) {
  return db
    .selectFrom('users')
    .select(['users.email', 'users.first_name', 'users.last_name'])
    .where('users.merchant_id', '=', merchantId)
    .where('users.role', 'in', MERCHANT_ROLES)
    .where('users.status', '!=', 'DISABLED')
    .orderBy('users.email')
    .execute();
}
