import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Locale } from '@portal/contracts/brands';
import { DAY_MS } from '@portal/contracts/constants';
import { minorUnitsToDecimal } from '@portal/contracts/money';
import {
  TARGETING_DEFAULT_DAYS,
  TARGETING_PREVIEW_ROWS,
  targetingCsvHeaders,
  targetingWindowProblem,
  type HasFinancing,
  type TargetingCheckoutStatus,
  type TargetingExport,
  type TargetingExporters,
  type TargetingFilter,
  type TargetingHistoryPage,
  type TargetingHistoryQuery,
  type TargetingPreview,
  type TargetingRow,
} from '@portal/contracts/targeting';
import type { DatabaseHandle } from '../../db/database.js';
import type { Database } from '../../db/schema.js';
import { fieldRefusal } from '@portal/contracts/refusals';
import { notFound, refused, unprocessable } from '../../http/app-error.js';
import { csvField, csvRecord, type CsvExport } from '../../http/csv.js';
import { nextDay, zonedDayStart, ZonedTimeFormatter } from '../../lib/time-zone.js';
import { recordAudit, type AuditContext } from '../audit/record-audit.js';
import { chunkedLines, EXPORT_CHUNK_ROWS } from './chunked-lines.js';
import { merchantContext } from '../merchants/service.js';
import {
  countTargetingExports,
  findTargetingExport,
  insertTargetingExport,
  listShoppers,
  listTargetingExports,
  streamShoppers,
  targetingExporters as exportersOf,
  type ShopperRow,
  type ShopperSelection,
  type TargetingExportFilter,
  type TargetingExportOrder,
  type TargetingExportRow,
} from './repository.js';

type Db = Kysely<Database>;

/** Rows per chunk of the file, as the transaction export (its note on the heap holds here too). */
/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
export const BYTE_ORDER_MARK = '\uFEFF';

/** A window and filters as read: days of `timeZone`, both included. */
interface ResolvedSelection {
  from: string;
  to: string;
  timeZone: string;
  programIds: string[] | undefined;
  hasFinancing: HasFinancing | undefined;
  checkoutStatus: TargetingCheckoutStatus | undefined;
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(day) + days * DAY_MS).toISOString().slice(0, 10);
}

/**
 * The window of a request in the merchant's zone: by default the last 30 days, today included; one end
 * alone takes the other from the default length (or today). Refused, by field, when it ends before it
 * starts, reaches past today or covers more than a year (targetingWindowProblem). `in`: where the fields are (`query`, `body`).
 */
function resolveWindow(
  filter: TargetingFilter,
  timeZone: string,
  now: Date,
  at: 'query' | 'body',
): { from: string; to: string } {
  const today = new ZonedTimeFormatter(timeZone).formatInstant(now.getTime()).slice(0, 10);
  const to =
    filter.to ??
    (filter.from === undefined ? today : minDay(addDays(filter.from, TARGETING_DEFAULT_DAYS - 1), today));
  const from = filter.from ?? addDays(to, -(TARGETING_DEFAULT_DAYS - 1));
  const problem = targetingWindowProblem(from, to, today);
  if (problem !== null) {
    const params = problem.reason === 'targeting.window_in_future' ? { today } : {};
    throw unprocessable(refused(problem.reason, params), [
      fieldRefusal(`${at}.${problem.field}`, problem.reason, params),
    ]);
  }
  return { from, to };
}

function minDay(a: string, b: string): string {
  return a < b ? a : b;
}

async function resolveSelection(
  db: Db,
  merchantId: string,
  filter: TargetingFilter,
  now: Date,
  at: 'query' | 'body',
): Promise<ResolvedSelection> {
  const { timeZone } = await merchantContext(db, merchantId);
  const programIds =
    filter.programID === undefined || filter.programID.length === 0
      ? undefined
      : [...new Set(filter.programID)];
  return {
    ...resolveWindow(filter, timeZone, now, at),
    timeZone,
    programIds,
    hasFinancing: filter.hasFinancing,
    checkoutStatus: filter.checkoutStatus,
  };
}

function selectionOf(merchantId: string, selection: ResolvedSelection): ShopperSelection {
  return {
    merchantId,
    start: new Date(zonedDayStart(selection.from, selection.timeZone)).toISOString(),
    end: new Date(zonedDayStart(nextDay(selection.to), selection.timeZone)).toISOString(),
    programIds: selection.programIds,
    hasFinancing: selection.hasFinancing === undefined ? undefined : selection.hasFinancing === 'yes',
    checkoutStarted:
      selection.checkoutStatus === undefined ? undefined : selection.checkoutStatus === 'ABANDONED',
  };
}

function checkoutStatusOf(row: ShopperRow): TargetingCheckoutStatus {
  return row.latest_checkout_started_at === null ? 'NOT_STARTED' : 'ABANDONED';
}

function toRow(row: ShopperRow): TargetingRow {
  return {
    email: row.customer_email,
    name: row.customer_name,
    latestPrequalifiedAt: row.latest_prequalified_at === null ? null : new Date(row.latest_prequalified_at),
    hasFinancing: row.has_financing === 1,
    checkoutStatus: checkoutStatusOf(row),
    checkouts: row.checkouts,
    cartAmount: row.cart_amount === null ? null : { currency: row.currency, value: row.cart_amount },
  };
}

/** The first shoppers of the selection and how many it holds, with the window as read. */
export async function targetingPreview(
  db: Db,
  merchantId: string,
  filter: TargetingFilter,
  now = new Date(),
): Promise<TargetingPreview> {
  const selection = await resolveSelection(db, merchantId, filter, now, 'query');
  const rows = await listShoppers(db, selectionOf(merchantId, selection), TARGETING_PREVIEW_ROWS);
  return {
    from: selection.from,
    to: selection.to,
    timeZone: selection.timeZone,
    items: rows.map(toRow),
    total: rows[0]?.total ?? 0,
  };
}

interface StoredFilters {
  programIDs: string[];
  hasFinancing: HasFinancing | null;
  checkoutStatus: TargetingCheckoutStatus | null;
}

export function toExport(row: TargetingExportRow): TargetingExport {
  const filters = JSON.parse(row.filters) as StoredFilters;
  return {
    id: row.id,
    createdAt: new Date(row.created_at),
    userEmail: row.user_email,
    from: row.from_day,
    to: row.to_day,
    timeZone: row.time_zone,
    programIDs: filters.programIDs,
    hasFinancing: filters.hasFinancing,
    checkoutStatus: filters.checkoutStatus,
    rowCount: row.row_count,
  };
}

/**
 * Records an export of the selection: who, when, the window (days and zone, so that the file can be
 * taken again with the same dates), the filters and how many shoppers it holds; audited with it.
 */
export async function createTargetingExport(
  db: Db,
  context: AuditContext,
  merchantId: string,
  filter: TargetingFilter,
  now = new Date(),
): Promise<TargetingExport> {
  const selection = await resolveSelection(db, merchantId, filter, now, 'body');
  const first = await listShoppers(db, selectionOf(merchantId, selection), 1);
  const filters: StoredFilters = {
    programIDs: selection.programIds ?? [],
    hasFinancing: selection.hasFinancing ?? null,
    checkoutStatus: selection.checkoutStatus ?? null,
  };
  const row: TargetingExportRow = {
    id: randomUUID(),
    merchant_id: merchantId,
    user_id: context.actor.userId,
    user_email: context.actor.email ?? '',
    from_day: selection.from,
    to_day: selection.to,
    time_zone: selection.timeZone,
    filters: JSON.stringify(filters),
    row_count: first[0]?.total ?? 0,
    created_at: now.toISOString(),
  };
  await db.transaction().execute(async (trx) => {
    await insertTargetingExport(trx, row);
    // Shoppers' names and e-mails leaving the portal: who took which list.
    await recordAudit(trx, context, {
      merchantId,
      kind: 'targeting.exported',
      subjectType: 'targetingExport',
      subjectId: row.id,
      after: {
        windowFrom: row.from_day,
        windowTo: row.to_day,
        timeZone: row.time_zone,
        ...filters,
        rowCount: row.row_count,
      },
    });
  });
  return toExport(row);
}

const HISTORY_SORT_COLUMNS = { createdAt: 'created_at', rowCount: 'row_count' } as const;

/** The history's filter and order of a query, its days read in the merchant's time zone. */
export function historySelection(
  merchantId: string,
  timeZone: string,
  query: Pick<TargetingHistoryQuery, 'userId' | 'from' | 'to' | 'sort' | 'order'>,
): { filter: TargetingExportFilter; order: TargetingExportOrder } {
  const instant = (day: string) => new Date(zonedDayStart(day, timeZone)).toISOString();
  return {
    filter: {
      merchantId,
      userId: query.userId,
      createdFrom: query.from === undefined ? undefined : instant(query.from),
      createdBefore: query.to === undefined ? undefined : instant(nextDay(query.to)),
    },
    order: { sort: HISTORY_SORT_COLUMNS[query.sort], order: query.order },
  };
}

/** A page of the merchant's history; its days are read in the merchant's time zone. */
export async function targetingExports(
  db: Db,
  merchantId: string,
  query: TargetingHistoryQuery,
): Promise<TargetingHistoryPage> {
  const { timeZone } = await merchantContext(db, merchantId);
  const { filter, order } = historySelection(merchantId, timeZone, query);
  const rows = await listTargetingExports(db, filter, { ...order, limit: query.limit, offset: query.offset });
  return {
    items: rows.map(toExport),
    pagination: { offset: query.offset, limit: query.limit, total: await countTargetingExports(db, filter) },
  };
}

export async function targetingExporters(db: Db, merchantId: string): Promise<TargetingExporters> {
  return { users: await exportersOf(db, merchantId) };
}

interface CsvWords {
  readonly yes: string;
  readonly no: string;
  readonly checkoutStatus: Readonly<Record<TargetingCheckoutStatus, string>>;
}

/** The file's coded values in words of the asked language, as the portal shows them. */
export const CSV_WORDS: Readonly<Record<Locale, CsvWords>> = {
  en: { yes: 'Yes', no: 'No', checkoutStatus: { NOT_STARTED: 'Not started', ABANDONED: 'Abandoned' } },
  'fr-CA': {
    yes: 'Oui',
    no: 'Non',
    checkoutStatus: { NOT_STARTED: 'Non commencé', ABANDONED: 'Abandonné' },
  },
};

/**
 * The file of a recorded export, streamed: the shoppers of its window (the same days in the same zone)
 * and filters. Another merchant's export is 404, as an unknown one.
 */
export async function targetingExportFile(
  database: DatabaseHandle,
  merchantId: string,
  id: string,
  locale: Locale,
): Promise<{ csv: CsvExport; record: TargetingExport }> {
  const row = await findTargetingExport(database.db, merchantId, id);
  if (row === undefined) throw notFound(refused('targeting.export_not_found'));
  const record = toExport(row);
  const selection = selectionOf(merchantId, {
    from: record.from,
    to: record.to,
    timeZone: record.timeZone,
    programIds: record.programIDs.length === 0 ? undefined : record.programIDs,
    hasFinancing: record.hasFinancing ?? undefined,
    checkoutStatus: record.checkoutStatus ?? undefined,
  });
  const time = new ZonedTimeFormatter(record.timeZone);
  const words = CSV_WORDS[locale];
  const line = (shopper: ShopperRow): string => {
    const prequalified =
      shopper.latest_prequalified_at === null ? '' : time.format(shopper.latest_prequalified_at).slice(0, 10);
    const amount = shopper.cart_amount === null ? '' : minorUnitsToDecimal(shopper.cart_amount);
    return (
      `${prequalified},${csvField(shopper.customer_name)},${csvField(shopper.customer_email)},` +
      `${shopper.has_financing === 1 ? words.yes : words.no},` +
      `${words.checkoutStatus[checkoutStatusOf(shopper)]},${String(shopper.checkouts)},` +
      `${shopper.currency},${amount}\r\n`
    );
  };

  const zone = record.timeZone.replaceAll('/', '_');
  return {
    record,
    csv: {
      fileName: `targeting-${record.from}-to-${record.to}-${zone}.csv`,
      header: BYTE_ORDER_MARK + csvRecord(targetingCsvHeaders(locale, record.timeZone)),
      rows: chunkedLines(database, (db) => streamShoppers(db, selection, EXPORT_CHUNK_ROWS), line),
    },
  };
}
