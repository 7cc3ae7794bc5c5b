import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import {
  targetingHistoryCsvHeaders,
  type TargetingExport,
  type TargetingHistoryExportQuery,
} from '@portal/contracts/targeting';
import type { DatabaseHandle } from '../../db/database.js';
import { openReadOnly } from '../../db/read-only.js';
import { csvField, csvRecord, type CsvExport } from '../../http/csv.js';
import { ZonedTimeFormatter } from '../../lib/time-zone.js';
import { merchantContext } from '../merchants/service.js';
import { merchantProgramNames, streamTargetingExports } from './repository.js';
import { BYTE_ORDER_MARK, CSV_WORDS, EXPORT_CHUNK_ROWS, historySelection, toExport } from './targeting.js';

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

  async function* rows(): AsyncGenerator<string> {
    const reader = await openReadOnly(database);
    try {
      let piece = '';
      let count = 0;
      for await (const row of streamTargetingExports(reader.db, filter, order, EXPORT_CHUNK_ROWS)) {
        piece += line(toExport(row));
        count += 1;
        if (count % EXPORT_CHUNK_ROWS === 0) {
          yield piece;
          piece = '';
          // better-sqlite3 reads synchronously: a turn of the event loop between chunks lets others in.
          if (database.dialect === 'sqlite') await yieldToEventLoop();
        }
      }
      if (piece !== '') yield piece;
    } finally {
      await reader.close();
    }
  }

  return {
    fileName: `targeting-exports-${now.toISOString().slice(0, 10)}-${timeZone.replaceAll('/', '_')}.csv`,
    header: BYTE_ORDER_MARK + csvRecord(targetingHistoryCsvHeaders(query.locale, timeZone)),
    rows: rows(),
  };
}
