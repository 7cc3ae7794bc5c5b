import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import {
  locationIssues,
  type Location,
  type LocationBody,
  type LocationDetail,
  type LocationFigures,
  type LocationListPage,
  type LocationListQuery,
  type LocationStatusAction,
} from '@portal/contracts/locations';
import { isMerchantCountry } from '@portal/contracts/merchant-settings';
import type { LocationOption } from '@portal/contracts/transactions';
import type { Database } from '../../db/schema.js';
import { withTransaction } from '../../db/transaction.js';
import { answerDate, answerDateOrNull } from '../../http/answer-dates.js';
import { AppError, conflict, notFound, refused } from '../../http/app-error.js';
import { fieldRefusal } from '@portal/contracts/refusals';
import { zoneOffsetMs, zonedDayStart } from '../../lib/time-zone.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { merchantContext } from '../merchants/service.js';
import {
  countLocations,
  findLocation,
  findStoreNumber,
  insertLocation,
  listLocationOptions,
  listLocations,
  locationNames,
  locationTransactionSums,
  updateLocationRow,
  type LocationRow,
} from './repository.js';

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

const NOT_FOUND = refused('location.not_found');

function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    storeNumber: row.store_number,
    addressLine1: row.address_line1,
    addressLine2: row.address_line2 ?? '',
    city: row.city,
    region: row.region,
    postalCode: row.postal_code,
    // The table holds what the forms allow; a row from elsewhere reads as the portal's first country.
    country: isMerchantCountry(row.country) ? row.country : 'US',
    phone: row.phone,
    timeZone: row.time_zone,
    status: row.status,
    createdAt: answerDate(row.created_at),
    updatedAt: answerDate(row.updated_at),
    deactivatedAt: answerDateOrNull(row.deactivated_at),
  };
}

/** One page of the merchant's locations, with the total that matches. */
export async function locationPage(
  db: Kysely<Database>,
  merchantId: string,
  query: LocationListQuery,
): Promise<LocationListPage> {
  const filter = { merchantId, search: query.search, statuses: query.status };
  const [rows, total] = await Promise.all([
    listLocations(db, filter, query, query),
    countLocations(db, filter),
  ]);
  return { items: rows.map(toLocation), pagination: { offset: query.offset, limit: query.limit, total } };
}

/** The calendar month of an instant in a zone: its first day and the first instants of it and the next. */
export function zonedMonth(timeZone: string, now: Date): { firstDay: string; from: string; before: string } {
  const wall = new Date(now.getTime() + zoneOffsetMs(timeZone, now.getTime()));
  const year = wall.getUTCFullYear();
  const month = wall.getUTCMonth();
  const firstDay = new Date(Date.UTC(year, month, 1)).toISOString().slice(0, 10);
  const nextFirstDay = new Date(Date.UTC(year, month + 1, 1)).toISOString().slice(0, 10);
  return {
    firstDay,
    from: new Date(zonedDayStart(firstDay, timeZone)).toISOString(),
    before: new Date(zonedDayStart(nextFirstDay, timeZone)).toISOString(),
  };
}

/** The location's transactions and settled sales of this month in the merchant's time zone. */
async function figuresOf(
  db: Kysely<Database>,
  merchantId: string,
  locationId: string,
  now: Date,
): Promise<LocationFigures> {
  const { timeZone, currency } = await merchantContext(db, merchantId);
  const month = zonedMonth(timeZone, now);
  const sums = await locationTransactionSums(db, merchantId, locationId, month.from, month.before);
  return {
    monthStart: month.firstDay,
    transactionCount: sums.count,
    settledSales: { currency, value: sums.settled },
  };
}

/** One location with its figures; 404 for an unknown id and for another merchant's location alike. */
export async function locationDetail(
  db: Kysely<Database>,
  merchantId: string,
  id: string,
  now = new Date(),
): Promise<LocationDetail> {
  const row = await findLocation(db, merchantId, id);
  if (row === undefined) throw notFound(NOT_FOUND);
  return { location: toLocation(row), figures: await figuresOf(db, merchantId, id, now) };
}

/** The body's checks that need the country and the merchant's other locations. */
async function checkBody(
  db: Kysely<Database>,
  merchantId: string,
  body: LocationBody,
  ownId: string | null,
): Promise<void> {
  const issues = locationIssues(body);
  if (issues.length > 0) {
    throw new AppError(400, 'VALIDATION_FAILED', 'Some fields are not valid', {
      details: issues.map((issue) => ({ ...issue, path: `body.${issue.path}` })),
    });
  }
  const holder = await findStoreNumber(db, merchantId, body.storeNumber);
  if (holder !== undefined && holder.id !== ownId) {
    const reason = ['location.store_number_taken', { storeNumber: body.storeNumber }] as const;
    throw conflict(refused(...reason), [fieldRefusal('body.storeNumber', ...reason)]);
  }
}

function columnsOf(body: LocationBody) {
  return {
    name: body.name,
    store_number: body.storeNumber,
    address_line1: body.addressLine1,
    address_line2: body.addressLine2 === '' ? null : body.addressLine2,
    city: body.city,
    region: body.region,
    postal_code: body.postalCode,
    country: body.country,
    phone: body.phone,
    time_zone: body.timeZone,
  };
}

/** The fields a change touched, before and after, for the audit entry. */
function changes(before: Location, after: Location) {
  const keys = (Object.keys(after) as (keyof Location)[]).filter(
    (key) => key !== 'updatedAt' && String(before[key]) !== String(after[key]),
  );
  return {
    before: Object.fromEntries(keys.map((key) => [key, before[key]])),
    after: Object.fromEntries(keys.map((key) => [key, after[key]])),
  };
}

/** Adds an ACTIVE location, audited. */
export async function createLocation(
  db: Kysely<Database>,
  context: AuditContext,
  merchantId: string,
  body: LocationBody,
  now = new Date(),
): Promise<Location> {
  return withTransaction(db, async (trx) => {
    await checkBody(trx, merchantId, body, null);
    const at = now.toISOString();
    const row: LocationRow = {
      id: randomUUID(),
      merchant_id: merchantId,
      ...columnsOf(body),
      status: 'ACTIVE',
      created_at: at,
      updated_at: at,
      deactivated_at: null,
    };
    await insertLocation(trx, row);
    const location = toLocation(row);
    await recordAudit(trx, context, {
      merchantId,
      kind: 'location.created',
      subjectType: 'location',
      subjectId: row.id,
      after: { ...columnsOf(body), status: 'ACTIVE' },
    });
    return location;
  });
}

/** Replaces a location's details (its status stays), audited with what changed. */
export async function updateLocation(
  db: Kysely<Database>,
  context: AuditContext,
  merchantId: string,
  id: string,
  body: LocationBody,
  now = new Date(),
): Promise<Location> {
  return withTransaction(db, async (trx) => {
    const current = await findLocation(trx, merchantId, id, true);
    if (current === undefined) throw notFound(NOT_FOUND);
    await checkBody(trx, merchantId, body, id);
    const updated: LocationRow = { ...current, ...columnsOf(body), updated_at: now.toISOString() };
    const { before, after } = changes(toLocation(current), toLocation(updated));
    if (Object.keys(after).length === 0) return toLocation(current);
    await updateLocationRow(trx, merchantId, id, { ...columnsOf(body), updated_at: updated.updated_at });
    await recordAudit(trx, context, {
      merchantId,
      kind: 'location.updated',
      subjectType: 'location',
      subjectId: id,
      before,
      after,
    });
    return toLocation(updated);
  });
}

const STATUS_CHANGES = {
  deactivate: { from: 'ACTIVE', to: 'INACTIVE', kind: 'location.deactivated', refusal: 'already_inactive' },
  reactivate: { from: 'INACTIVE', to: 'ACTIVE', kind: 'location.reactivated', refusal: 'already_active' },
} as const;

/**
 * Deactivates or reactivates a location, audited. Its transactions keep naming it either way; 409 when
 * it already has the asked status.
 */
export async function changeLocationStatus(
  db: Kysely<Database>,
  context: AuditContext,
  merchantId: string,
  id: string,
  action: LocationStatusAction,
  now = new Date(),
): Promise<Location> {
  const change = STATUS_CHANGES[action];
  return withTransaction(db, async (trx) => {
    const current = await findLocation(trx, merchantId, id, true);
    if (current === undefined) throw notFound(NOT_FOUND);
    if (current.status !== change.from) throw conflict(refused(`location.${change.refusal}`));
    const at = now.toISOString();
    const updated: LocationRow = {
      ...current,
      status: change.to,
      updated_at: at,
      deactivated_at: change.to === 'INACTIVE' ? at : null,
    };
    await updateLocationRow(trx, merchantId, id, {
      status: updated.status,
      updated_at: updated.updated_at,
      deactivated_at: updated.deactivated_at,
    });
    await recordAudit(trx, context, {
      merchantId,
      kind: change.kind,
      subjectType: 'location',
      subjectId: id,
      before: { status: change.from },
      after: { status: change.to },
    });
    return toLocation(updated);
  });
}
