import {
  LOCATION_STATUS_WORDS,
  locationCsvHeaders,
  type LocationExportQuery,
} from '@portal/contracts/locations';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { csvField, csvPhoneField, csvRecord, type CsvExport } from '../../http/csv.js';
import { ZonedTimeFormatter } from '../../lib/time-zone.js';
import { merchantContext } from '../merchants/service.js';
import { listLocations, type LocationRow } from './repository.js';

/** Rows per query and per piece written. */
const CHUNK_ROWS = 500;
/** Excel reads a CSV as UTF-8 only when it starts with a byte order mark. */
const BYTE_ORDER_MARK = '\uFEFF';

/**
 * The merchant's filtered locations as CSV, in the list's order, read a chunk at a time. Dates are in
 * the merchant's time zone (named in the header); the status in words of the asked language.
 */
export async function exportLocations(
  db: Kysely<Database>,
  merchantId: string,
  query: LocationExportQuery,
  now = new Date(),
): Promise<CsvExport> {
  const { timeZone } = await merchantContext(db, merchantId);
  const time = new ZonedTimeFormatter(timeZone);
  const statuses = LOCATION_STATUS_WORDS[query.locale];
  const filter = { merchantId, search: query.search, statuses: query.status };
  const texts = (row: LocationRow) =>
    [
      row.name,
      row.store_number,
      statuses[row.status],
      row.address_line1,
      row.address_line2 ?? '',
      row.city,
      row.region,
      row.postal_code,
      row.country,
    ].map(csvField);
  // The phone is written as typed ("+1 212 555 0142" names no formula): `csvPhoneField` says why.
  const record = (row: LocationRow) =>
    [
      ...texts(row),
      csvPhoneField(row.phone),
      csvField(row.time_zone),
      time.format(row.created_at),
      row.deactivated_at === null ? '' : time.format(row.deactivated_at),
    ].join(',') + '\r\n';

  async function* rows(): AsyncGenerator<string> {
    for (let offset = 0; ; offset += CHUNK_ROWS) {
      const chunk = await listLocations(db, filter, query, { limit: CHUNK_ROWS, offset });
      if (chunk.length > 0) yield chunk.map(record).join('');
      if (chunk.length < CHUNK_ROWS) return;
    }
  }

  return {
    fileName: `locations-${now.toISOString().slice(0, 10)}.csv`,
    header: BYTE_ORDER_MARK + csvRecord(locationCsvHeaders(query.locale, timeZone)),
    rows: rows(),
  };
}
