import { DAY_MS } from '@portal/contracts/constants';
import { minorUnitsToDecimal } from '@portal/contracts/money';
import type { Locale } from '@portal/contracts/brands';
import type { Channel, ProductType } from '@portal/contracts/enums';
import {
  AUTHORIZATION_LIFETIME_DAYS,
  authorizationExpiryCutoff,
  transactionCsvHeaders,
  transactionLabel,
  type TransactionExportQuery,
  type TransactionLabel,
  type TransactionStatus,
} from '@portal/contracts/transactions';
import type { DatabaseHandle } from '../../db/database.js';
import { locationNamesOf } from '../locations/service.js';
import { csvField, csvPhoneField, csvRecord, type CsvExport } from '../../http/csv.js';
import { EXPORT_COLUMNS, exportQuery, merchantProgramNames, SORT_COLUMNS } from './repository.js';
import { merchantContext } from '../merchants/service.js';
import { resolveFilter, scanHints } from './service.js';
import { utcTextToInstant, ZonedTimeFormatter } from '../../lib/time-zone.js';

/**
 * Rows per chunk: read from the database (a batch of arrays, a PostgreSQL cursor fetch), written to the
 * response as one piece, and (SQLite) between two turns of the event loop. The note found 1,000
 * fastest; 250 is as fast here and keeps each chunk's rows from outliving the young generation of the
 * heap, which with 1,000 rows let garbage pile up to 140 MB before a full collection during a
 * million-row export.
 */
export const EXPORT_CHUNK_ROWS = 250;
const AUTHORIZATION_LIFETIME_MS = AUTHORIZATION_LIFETIME_DAYS * DAY_MS;

/** Where each value sits in a row of the export's query (its select list is EXPORT_COLUMNS). */
const AT = Object.fromEntries(EXPORT_COLUMNS.map((column, index) => [column, index])) as Record<
  (typeof EXPORT_COLUMNS)[number],
  number
>;
/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
const BYTE_ORDER_MARK = '\uFEFF';

interface CsvValueWords {
  /** A status and a status detail (a status, or a partial state). */
  readonly label: Readonly<Record<TransactionLabel, string>>;
  readonly productType: Readonly<Record<ProductType, string>>;
  readonly channel: Readonly<Record<Channel, string>>;
  readonly yes: string;
  readonly no: string;
}

/**
 * The export's coded values in words of the asked language, as the portal shows them (its
 * `transactions` locale files): a French export reads "Réglée", not SETTLED. The headers are the
 * contracts'; these are the server's since only the export writes them.
 */
const CSV_VALUE_WORDS: Readonly<Record<Locale, CsvValueWords>> = {
  en: {
    label: {
      PENDING: 'Pending',
      AUTHORIZED: 'Authorized',
      SETTLED: 'Settled',
      REFUNDED: 'Refunded',
      CANCELLED: 'Canceled',
      EXPIRED: 'Expired',
      PARTIALLY_SETTLED: 'Partially settled',
      PARTIALLY_REFUNDED: 'Partially refunded',
      PARTIALLY_CANCELLED: 'Partially canceled',
    },
    productType: {
      INSTALLMENTS: 'Installments',
      SPLITPAY: 'Split pay',
      DEBT_CONSOLIDATION: 'Debt consolidation',
    },
    channel: { ECOMM: 'Online', INSTORE: 'In store' },
    yes: 'Yes',
    no: 'No',
  },
  'fr-CA': {
    label: {
      PENDING: 'En attente',
      AUTHORIZED: 'Autorisée',
      SETTLED: 'Réglée',
      REFUNDED: 'Remboursée',
      CANCELLED: 'Annulée',
      EXPIRED: 'Expirée',
      PARTIALLY_SETTLED: 'Partiellement réglée',
      PARTIALLY_REFUNDED: 'Partiellement remboursée',
      PARTIALLY_CANCELLED: 'Partiellement annulée',
    },
    productType: {
      INSTALLMENTS: 'Versements',
      SPLITPAY: 'Paiement fractionné',
      DEBT_CONSOLIDATION: 'Consolidation de dettes',
    },
    channel: { ECOMM: 'En ligne', INSTORE: 'En magasin' },
    yes: 'Oui',
    no: 'Non',
  },
};

/**
 * The whole filtered list as CSV, without a row cap: rows are streamed from the database and written
 * a chunk at a time, so memory stays flat at any size. Everything that can fail before the first row
 * (the merchant, the names) fails here, while the answer can still be an error.
 */
export async function exportTransactions(
  database: DatabaseHandle,
  merchantId: string,
  query: TransactionExportQuery,
  now = new Date(),
): Promise<CsvExport> {
  const { db } = database;
  const context = await merchantContext(db, merchantId);
  const filter = resolveFilter(query, context, now);
  const programs = await merchantProgramNames(db, merchantId);
  const locations = await locationNamesOf(db, merchantId);
  const cutoff = authorizationExpiryCutoff(now);
  const time = new ZonedTimeFormatter(context.timeZone);
  const sort = SORT_COLUMNS[query.sort];
  const hints = await scanHints(db, filter);

  // Names are written many times each: escaped once.
  const escapedNames = (names: ReadonlyMap<string, string>) =>
    new Map([...names].map(([id, name]) => [id, csvField(name)]));
  const programCells = escapedNames(programs);
  const locationCells = escapedNames(locations);
  const money = minorUnitsToDecimal;
  const words = CSV_VALUE_WORDS[query.locale];

  const cutoffMs = Date.parse(cutoff);

  /**
   * One record, its fields in the order of TRANSACTION_CSV_COLUMNS, from a row of values (EXPORT_COLUMNS
   * order). Built as one string, because a million rows of per-field arrays and objects is garbage the
   * heap grows with: only text that came from people goes through csvField; ids, dates, amounts and the
   * words above cannot hold what it escapes. Dates are read from the database's UTC text by position
   * and written in the merchant's zone without a `Date` (lib/time-zone.ts).
   */
  const record = (row: readonly unknown[]): string => {
    const stored = row[AT.status] as TransactionStatus;
    const createdAt = utcTextToInstant(row[AT.created_at] as string);
    // An authorization lapses at the cutoff, as the list shows it (service.ts, shownStatus).
    const status =
      (stored === 'PENDING' || stored === 'AUTHORIZED') && createdAt <= cutoffMs ? 'EXPIRED' : stored;
    const total = row[AT.total] as number;
    const settled = row[AT.settled] as number;
    const refunded = row[AT.refunded] as number;
    const cancelled = row[AT.cancelled] as number;
    const label = transactionLabel({ status, total, settled, refunded, cancelled });
    const locationId = row[AT.location_id] as string | null;
    const location = locationId === null ? '' : (locationCells.get(locationId) ?? '');
    const phone = row[AT.customer_phone] as string | null;
    return (
      `${time.formatInstant(createdAt)},${row[AT.id] as string},${csvField(row[AT.external_id] as string)},` +
      `${words.label[status]},${words.label[label]},${csvField(row[AT.customer_name] as string)},` +
      `${csvField(row[AT.customer_email] as string)},${csvPhoneField(phone ?? '')},` +
      `${programCells.get(row[AT.program_id] as string) ?? ''},` +
      `${words.productType[row[AT.product_type] as ProductType]},${words.channel[row[AT.channel] as Channel]},` +
      `${location},${row[AT.from_cart] === 1 ? words.yes : words.no},${row[AT.currency] as string},` +
      `${money(total)},${money(row[AT.tax] as number)},${money(row[AT.shipping] as number)},` +
      `${money(row[AT.discount] as number)},${money(settled)},${money(refunded)},${money(cancelled)},` +
      `${time.format(row[AT.updated_at] as string)},${time.formatInstant(createdAt + AUTHORIZATION_LIFETIME_MS)}\r\n`
    );
  };

  const headers = transactionCsvHeaders(query.locale, context.timeZone);

  async function* rows(): AsyncGenerator<string> {
    const compiled = exportQuery(db, filter, sort, query.order, hints);
    for await (const batch of database.readArrayRows(compiled, EXPORT_CHUNK_ROWS)) {
      let piece = '';
      for (const row of batch) piece += record(row);
      yield piece;
    }
  }

  return {
    fileName: `transactions-${now.toISOString().slice(0, 10)}.csv`,
    header: BYTE_ORDER_MARK + csvRecord(headers),
    rows: rows(),
  };
}
