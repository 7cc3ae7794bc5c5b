import { exportTransactionsEndpoint } from '@portal/contracts/transactions-endpoints';
import { downloadFile } from '../../../lib/http/download-file';
import type { QueryParams } from '../../../lib/http/query-string';

export interface TransactionExportRequest {
  /** The list's filters and sort, and the language of the header row. */
  readonly query: QueryParams;
}

/** `GET /api/transactions/export.csv`: the whole filtered list as CSV, into the browser's downloads. */
export function downloadTransactionsCsv({ query }: TransactionExportRequest): Promise<void> {
  return downloadFile(exportTransactionsEndpoint, 'transactions.csv', { query });
}
