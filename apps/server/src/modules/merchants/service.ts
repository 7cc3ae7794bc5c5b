import type { Kysely, Transaction } from 'kysely';
import type { Brand } from '@portal/contracts/brands';
import type { Currency } from '@portal/contracts/money';
import type { CurrentMerchant, MerchantSummary } from '@portal/contracts/merchants';
import type { Pagination } from '@portal/contracts/api';
import type { Principal } from '../../auth/access.js';
import type { Database } from '../../db/schema.js';
import { forbidden } from '../../http/app-error.js';
import { isKnownTimeZone } from '../../lib/time-zone.js';
import { findMerchant, listMerchants, selectMerchantWithBrand } from './repository.js';

export interface MerchantsPage {
  items: MerchantSummary[];
  pagination: Pagination;
}

/**
 * The merchants the caller may choose: provider staff see every merchant of the server's brand, a
 * merchant user sees only its own.
 */
export async function merchantsFor(
  db: Kysely<Database>,
  principal: Principal,
  brand: Brand,
  query: { search?: string | undefined; limit: number; offset: number },
): Promise<MerchantsPage> {
  // A merchant user's token always names its merchant (the exchange sees to it); refuse one that does not.
  if (!principal.isProviderStaff && principal.merchantId === null) throw forbidden();
  const { rows, total } = await listMerchants(
    db,
    {
      brand,
      ...(principal.isProviderStaff ? {} : { merchantId: principal.merchantId ?? '' }),
      ...(query.search === undefined ? {} : { search: query.search }),
    },
    query,
  );
  return {
    items: rows.map((row) => ({ id: row.id, name: row.name, legalName: row.legal_name })),
    pagination: { offset: query.offset, limit: query.limit, total },
  };
}

/** The token's merchant; 403 (not 404) when it has gone or is not of this brand, revealing nothing. */
export async function currentMerchant(
  db: Kysely<Database>,
  merchantId: string,
  brand: Brand,
): Promise<CurrentMerchant> {
  const row = await findMerchant(db, merchantId);
  if (row?.brand !== brand) throw forbidden();
  return {
    id: row.id,
    name: row.name,
    legalName: row.legal_name,
    timeZone: row.time_zone,
    currency: row.currency,
    language: row.language,
  };
}

/** What the merchant's lists, totals and exports are computed in. */
export interface MerchantContext {
  merchantId: string;
  timeZone: string;
  currency: Currency;
  /** Whose portal the merchant is in, and so whose bank holidays its deposits skip. */
  brand: Brand;
}

/** The merchant's time zone, currency and brand; 403 for an unknown merchant. */
export async function merchantContext(db: Kysely<Database>, merchantId: string): Promise<MerchantContext> {
  return merchantContextOf(merchantId, await findMerchant(db, merchantId));
}

/**
 * The read of a merchant's context by id (its zone, currency and brand), for a module that reads a
 * column of its own in the same statement rather than in a second one; `merchantContextOf` makes the
 * context of the row it gives.
 */
export function merchantContextRead(db: Kysely<Database> | Transaction<Database>, merchantId: string) {
  return selectMerchantWithBrand(db, merchantId).select(['merchants.time_zone', 'merchants.currency']);
}

/** The context of the merchant row read for `merchantId`; 403 when there was none. */
export function merchantContextOf(
  merchantId: string,
  merchant: { time_zone: string; currency: Currency; brand: Brand } | undefined,
): MerchantContext {
  if (merchant === undefined) throw forbidden();
  // A zone this runtime does not know would fail every date; UTC keeps the list usable meanwhile.
  const timeZone = isKnownTimeZone(merchant.time_zone) ? merchant.time_zone : 'UTC';
  return { merchantId, timeZone, currency: merchant.currency, brand: merchant.brand };
}

/** The merchant's id, tenant and brand, for the token exchange's checks; undefined for an unknown id. */
export async function merchantWithBrand(db: Kysely<Database>, merchantId: string) {
  const row = await findMerchant(db, merchantId);
  return row && { id: row.id, tenantId: row.tenant_id, brand: row.brand };
}

/** What the merchant's e-mails are written with: its name, language, brand, zone and currency. */
export async function merchantMailContext(db: Kysely<Database>, merchantId: string) {
  const merchant = await findMerchant(db, merchantId);
  if (merchant === undefined) throw forbidden();
  return {
    name: merchant.name,
    language: merchant.language,
    brand: merchant.brand,
    currency: merchant.currency,
    timeZone: isKnownTimeZone(merchant.time_zone) ? merchant.time_zone : 'UTC',
  };
}

/** A merchant's currency, language and brand, for what is served publicly; undefined for an unknown id. */
export async function merchantProfile(db: Kysely<Database>, merchantId: string) {
  const row = await findMerchant(db, merchantId);
  return row && { currency: row.currency, language: row.language, brand: row.brand };
}
