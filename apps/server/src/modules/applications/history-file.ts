import {
  targetingHistoryCsvHeaders,
  type TargetingExport,
  type TargetingHistoryExportQuery,
} from '@portal/contracts/targeting';
import type { DatabaseHandle } from '../../db/database.js';
import { csvField, csvRecord, type CsvExport } from '../../http/csv.js';
import { ZonedTimeFormatter } from '../../lib/time-zone.js';
import { merchantContext } from '../merchants/service.js';
import { merchantProgramNames, streamTargetingExports } from './repository.js';
import { chunkedLines, EXPORT_CHUNK_ROWS } from './chunked-lines.js';
import { BYTE_ORDER_MARK, CSV_WORDS, historySelection, toExport } from './targeting.js';

/**
 * The merchant's history of exports as the list shows it (its filters and order), streamed: when
 * each was taken (in the merchant's zone) and by whom, its window, its filters in words (programs by
 * name) and how many shoppers it held.
 */
export async function targetingHistoryFile(
  database: DatabaseHandle,
  merchantId: string,
  query: TargetingHistoryExportQuery,
  now = new Date(),
): Promise<CsvExport> {
  const { timeZone } = await merchantContext(database.db, merchantId);
  const { filter, order } = historySelection(merchantId, timeZone, query);
  const time = new ZonedTimeFormatter(timeZone);
  const words = CSV_WORDS[query.locale];
  // A program the merchant no longer takes part in keeps its id.
  const names = await merchantProgramNames(database.db, merchantId);
  const line = (record: TargetingExport): string => {
    const programs = record.programIDs.map((id) => names.get(id) ?? id).join('; ');
    const financing =
      record.hasFinancing === null ? '' : record.hasFinancing === 'yes' ? words.yes : words.no;
    const status = record.checkoutStatus === null ? '' : words.checkoutStatus[record.checkoutStatus];
    return (
      `${time.formatInstant(record.createdAt.getTime())},${csvField(record.userEmail)},` +
      `${record.from},${record.to},${csvField(record.timeZone)},${csvField(programs)},` +
      `${financing},${status},${String(record.rowCount)}\r\n`
    );
  };

  return {
    fileName: `targeting-exports-${now.toISOString().slice(0, 10)}-${timeZone.replaceAll('/', '_')}.csv`,
    header: BYTE_ORDER_MARK + csvRecord(targetingHistoryCsvHeaders(query.locale, timeZone)),
    rows: chunkedLines(
      database,
      (db) => streamTargetingExports(db, filter, order, EXPORT_CHUNK_ROWS),
      (row) => line(toExport(row)),
    ),
  };
}
