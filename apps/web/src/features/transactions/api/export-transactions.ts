import { TRANSACTION_EXPORT_PATH } from '@portal/contracts/transactions';
import { downloadFile } from '../../../lib/http/download-file';
import type { QueryParams } from '../../../lib/http/query-string';

export interface TransactionExportRequest {
  /** The API origin (public config `apiurl`). */
  readonly apiurl: string;
  /** The list's filters and sort, and the language of the header row. */
  readonly query: QueryParams;
}

/** `GET /api/transactions/export.csv`: the whole filtered list as CSV, into the browser's downloads. */
export function downloadTransactionsCsv({ apiurl, query }: TransactionExportRequest): Promise<void> {
  return downloadFile({
    apiurl,
    path: TRANSACTION_EXPORT_PATH,
    query,
    fallbackFileName: 'transactions.csv',
  });
}
