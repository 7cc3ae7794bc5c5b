import type { Locale } from '@portal/contracts/brands';
import type { SettlementRangeQuery } from '@portal/contracts/settlement';
import {
  exportSettlementCsvEndpoint,
  exportSettlementXlsxEndpoint,
} from '@portal/contracts/settlement-endpoints';
import { downloadFile } from '../../../lib/http/download-file';

/** `GET /api/settlement/export.{csv,xlsx}`: the funding events of the range's deposits, with totals. */
export function downloadSettlement(
  format: 'csv' | 'xlsx',
  range: SettlementRangeQuery,
  locale: Locale,
): Promise<void> {
  const query = { ...range, locale };
  return format === 'csv'
    ? downloadFile(exportSettlementCsvEndpoint, 'settlement.csv', { query })
    : downloadFile(exportSettlementXlsxEndpoint, 'settlement.xlsx', { query });
}
