import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { minorUnitsToDecimal } from '@portal/contracts/money';
import type { Locale } from '@portal/contracts/brands';
import type { Channel, ProductType } from '@portal/contracts/enums';
import {
  authorizationExpiresAt,
  authorizationExpiryCutoff,
  transactionCsvHeaders,
  transactionLabel,
  type TransactionExportQuery,
  type TransactionLabel,
} from '@portal/contracts/transactions';
import type { DatabaseHandle } from '../../db/database.js';
import { openReadOnly } from '../../db/read-only.js';
import { locationNamesOf } from '../locations/service.js';
import { csvField, csvPhoneField, csvRecord, type CsvExport } from '../../http/csv.js';
import { merchantProgramNames, SORT_COLUMNS, streamTransactions, type ExportedRow } from './repository.js';
import { merchantContext } from '../merchants/service.js';
import { resolveFilter, scanHints, shownStatus } from './service.js';
import { ZonedTimeFormatter } from '../../lib/time-zone.js';

/**
 * Rows per chunk: read from the database (a PostgreSQL cursor fetch), written to the response as one
 * piece, and (SQLite) between two turns of the event loop. The note found 1,000 fastest; 250 is as fast
 * here and keeps each chunk's rows from outliving the young generation of the heap, which with 1,000
 * rows let garbage pile up to 140 MB before a full collection during a million-row export.
 */
export const EXPORT_CHUNK_ROWS = 250;
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

  /**
   * One record, its fields in the order of TRANSACTION_CSV_COLUMNS. Built as one string, because a
   * million rows of per-field arrays and objects is garbage the heap grows with: only text that came
   * from people goes through csvField; ids, dates, amounts and the words above cannot hold what it
   * escapes.
   */
  const record = (row: ExportedRow): string => {
    const status = shownStatus(row, cutoff);
    const label = transactionLabel({
      status,
      total: row.total,
      settled: row.settled,
      refunded: row.refunded,
      cancelled: row.cancelled,
    });
    const location = row.location_id === null ? '' : (locationCells.get(row.location_id) ?? '');
    const expiresAt = time.formatInstant(Date.parse(authorizationExpiresAt(row.created_at)));
    return (
      `${time.format(row.created_at)},${row.id},${csvField(row.external_id)},${words.label[status]},` +
      `${words.label[label]},${csvField(row.customer_name)},${csvField(row.customer_email)},` +
      `${csvPhoneField(row.customer_phone ?? '')},${programCells.get(row.program_id) ?? ''},` +
      `${words.productType[row.product_type]},${words.channel[row.channel]},${location},` +
      `${row.from_cart === 1 ? words.yes : words.no},${row.currency},${money(row.total)},${money(row.tax)},` +
      `${money(row.shipping)},${money(row.discount)},${money(row.settled)},${money(row.refunded)},` +
      `${money(row.cancelled)},${time.format(row.updated_at)},${expiresAt}\r\n`
    );
  };
  const headers = transactionCsvHeaders(query.locale, context.timeZone);

  async function* rows(): AsyncGenerator<string> {
    const reader = await openReadOnly(database);
    try {
      let piece = '';
      let count = 0;
      const stream = streamTransactions(reader.db, filter, sort, query.order, EXPORT_CHUNK_ROWS, hints);
      for await (const row of stream) {
        piece += record(row);
        count += 1;
        if (count % EXPORT_CHUNK_ROWS === 0) {
          yield piece;
          piece = '';
          // better-sqlite3 reads synchronously: without a turn of the event loop between chunks, a long
          // export would hold every other request until it ends.
          if (database.dialect === 'sqlite') await yieldToEventLoop();
        }
      }
      if (piece !== '') yield piece;
    } finally {
      await reader.close();
    }
  }

  return {
    fileName: `transactions-${now.toISOString().slice(0, 10)}.csv`,
    header: BYTE_ORDER_MARK + csvRecord(headers),
    rows: rows(),
  };
}
