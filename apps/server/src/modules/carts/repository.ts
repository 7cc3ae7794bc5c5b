import type { ExpressionBuilder, Insertable, Kysely, Transaction, Updateable } from 'kysely';
import { OPEN_CART_STATUSES, type CartSort, type CartStatus } from '@portal/contracts/carts';
import type { CartItemsTable, CartStatusHistoryTable, CartsTable, Database } from '../../db/schema.js';
import { dialectOf } from '../../db/migration-helpers.js';
import { prefixEnd, searchKey } from '../../db/search-key.js';

type Db = Kysely<Database> | Transaction<Database>;

export interface CartFilter {
  merchantId: string;
  /** Statuses as the list shows them: EXPIRED takes in open carts past their expiry, not declined ones. */
  statuses?: readonly CartStatus[] | undefined;
  /** Inclusive ISO bounds of created_at. */
  createdFrom?: string | undefined;
  createdBefore?: string | undefined;
  search?: string | undefined;
  /** The instant open carts are compared with. */
  now: string;
}

const SORT_COLUMNS: Readonly<Record<CartSort, 'created_at' | 'expires_at' | 'total' | 'search_name'>> = {
  createdAt: 'created_at',
  expiresAt: 'expires_at',
  total: 'total',
  name: 'search_name',
};

/** The lower-cased copies the search compares by prefix. */
export function cartSearchColumns(cart: {
  name: string;
  order_reference: string;
  shopper_name: string;
  shopper_email: string;
}) {
  return {
    search_name: searchKey(cart.name),
    search_reference: searchKey(cart.order_reference),
    search_shopper_name: searchKey(cart.shopper_name),
    search_shopper_email: searchKey(cart.shopper_email),
  };
}

function statusMatches(eb: ExpressionBuilder<Database, 'carts'>, status: CartStatus, now: string) {
  switch (status) {
    case 'ACTIVE':
    case 'SENT':
      return eb.and([eb('status', '=', status), eb('expires_at', '>', now)]);
    case 'EXPIRED':
      return eb.or([
        eb('status', '=', 'EXPIRED'),
        eb.and([eb('status', 'in', ['ACTIVE', 'SENT']), eb('expires_at', '<=', now)]),
      ]);
    case 'COMPLETED':
    case 'DECLINED':
      return eb('status', '=', status);
  }
}

function matches(eb: ExpressionBuilder<Database, 'carts'>, filter: CartFilter) {
  const conditions = [eb('merchant_id', '=', filter.merchantId)];
  if (filter.statuses !== undefined && filter.statuses.length > 0) {
    conditions.push(eb.or(filter.statuses.map((status) => statusMatches(eb, status, filter.now))));
  }
  if (filter.createdFrom !== undefined) conditions.push(eb('created_at', '>=', filter.createdFrom));
  if (filter.createdBefore !== undefined) conditions.push(eb('created_at', '<', filter.createdBefore));
  const search = filter.search === undefined ? '' : searchKey(filter.search);
  if (search !== '') {
    const end = prefixEnd(search);
    const columns = [
      'search_name',
      'search_reference',
      'search_shopper_name',
      'search_shopper_email',
    ] as const;
    conditions.push(eb.or(columns.map((column) => eb.and([eb(column, '>=', search), eb(column, '<', end)]))));
  }
  return eb.and(conditions);
}

export async function listCarts(
  db: Db,
  filter: CartFilter,
  page: { sort: CartSort; order: 'asc' | 'desc'; limit: number; offset: number },
) {
  return db
    .selectFrom('carts')
    .selectAll()
    .where((eb) => matches(eb, filter))
    .orderBy(SORT_COLUMNS[page.sort], page.order)
    .orderBy('id', page.order)
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countCarts(db: Db, filter: CartFilter): Promise<number> {
  const row = await db
    .selectFrom('carts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where((eb) => matches(eb, filter))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function findCart(db: Db, merchantId: string, id: string) {
  return db
    .selectFrom('carts')
    .selectAll()
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .executeTakeFirst();
}

/**
 * The cart, locked for the rest of the transaction on PostgreSQL (SQLite runs one writer at a time), so
 * that two actions on one cart take turns.
 */
export async function findCartNames(db: Db, merchantId: string, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return db
    .selectFrom('carts')
    .select(['id', 'name'])
    .where('merchant_id', '=', merchantId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function findCartForUpdate(db: Transaction<Database>, merchantId: string, id: string) {
  const query = db.selectFrom('carts').selectAll().where('id', '=', id).where('merchant_id', '=', merchantId);
  return (dialectOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function findCartByTokenHash(db: Db, tokenHash: string, lock = false) {
  const query = db.selectFrom('carts').selectAll().where('checkout_token_hash', '=', tokenHash);
  return (lock && dialectOf(db) === 'postgres' ? query.forUpdate() : query).executeTakeFirst();
}

export async function listCartItems(db: Db, cartId: string) {
  return db.selectFrom('cart_items').selectAll().where('cart_id', '=', cartId).orderBy('position').execute();
}

export async function listCartHistory(db: Db, cartId: string) {
  return db
    .selectFrom('cart_status_history')
    .selectAll()
    .where('cart_id', '=', cartId)
    .orderBy('created_at')
    .orderBy('id')
    .execute();
}

export async function listCartEmails(db: Db, cartId: string) {
  return db
    .selectFrom('outbound_emails')
    .select(['id', 'to_address', 'template', 'status', 'attempts', 'last_error', 'created_at', 'sent_at'])
    .where('related_type', '=', 'cart')
    .where('related_id', '=', cartId)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
}

/** How many messages the cart queued since `since`: the notify rate limit counts them. */
export async function countCartEmailsSince(db: Db, cartId: string, since: string): Promise<number> {
  const row = await db
    .selectFrom('outbound_emails')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('related_type', '=', 'cart')
    .where('related_id', '=', cartId)
    .where('created_at', '>', since)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function insertCart(db: Db, cart: Insertable<CartsTable>) {
  await db.insertInto('carts').values(cart).execute();
}

export async function replaceCartItems(db: Db, cartId: string, items: Insertable<CartItemsTable>[]) {
  await db.deleteFrom('cart_items').where('cart_id', '=', cartId).execute();
  for (let start = 0; start < items.length; start += 100) {
    await db
      .insertInto('cart_items')
      .values(items.slice(start, start + 100))
      .execute();
  }
}

export async function insertCartHistory(db: Db, entry: Insertable<CartStatusHistoryTable>) {
  await db.insertInto('cart_status_history').values(entry).execute();
}

/**
 * Changes an open cart, only while it is still open at `now`: the condition is the last guard against a
 * race with another action or with the expiry. False when the cart was no longer open.
 */
export async function updateOpenCart(
  db: Db,
  merchantId: string,
  id: string,
  now: string,
  changes: Updateable<CartsTable>,
): Promise<boolean> {
  const result = await db
    .updateTable('carts')
    .set(changes)
    .where('id', '=', id)
    .where('merchant_id', '=', merchantId)
    .where('status', 'in', ['ACTIVE', 'SENT'])
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** The merchant's name, currency and brand, for e-mails and the checkout page. */
export async function findMerchantProfile(db: Db, merchantId: string) {
  return db
    .selectFrom('merchants as m')
    .innerJoin('tenants as t', 't.id', 'm.tenant_id')
    .select(['m.name', 'm.currency', 'm.language', 'm.time_zone', 't.brand'])
    .where('m.id', '=', merchantId)
    .executeTakeFirst();
}

/** The merchant's ECOMM program that carts use: the oldest active participation. */
export async function findEcommerceProgram(db: Db, merchantId: string) {
  return db
    .selectFrom('merchant_program_participations as mpp')
    .innerJoin('programs as p', 'p.id', 'mpp.program_id')
    .select(['p.id', 'p.max_amount'])
    .where('mpp.merchant_id', '=', merchantId)
    .where('mpp.deleted_at', 'is', null)
    .where('p.channel', '=', 'ECOMM')
    .orderBy('mpp.created_at')
    .orderBy('p.id')
    .executeTakeFirst();
}

export async function findProgramMaximum(db: Db, programId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('programs')
    .select('max_amount')
    .where('id', '=', programId)
    .executeTakeFirst();
  return row === undefined ? undefined : row.max_amount;
}

/** The merchant's carts still ACTIVE or SENT whose expiry passed in (`after`, `until`]: lapsed by time. */
export async function listCartsLapsedBetween(db: Db, merchantId: string, after: string, until: string) {
  return db
    .selectFrom('carts')
    .select(['id', 'order_reference', 'currency', 'total', 'shopper_name', 'expires_at'])
    .where('merchant_id', '=', merchantId)
    .where('status', 'in', OPEN_CART_STATUSES)
    .where('expires_at', '>', after)
    .where('expires_at', '<=', until)
    .orderBy('expires_at')
    .execute();
}
