import { defineEndpoint } from '@portal/contracts/endpoint';
import { TRANSACTION_EXPORT_PATH, transactionExportQuerySchema } from '@portal/contracts/transactions';
import { downloadFile } from '../../../lib/http/download-file';
import type { QueryParams } from '../../../lib/http/query-string';

// TEMPORARY until the contracts declare it.
const exportTransactionsEndpoint = defineEndpoint({
  method: 'GET',
  path: TRANSACTION_EXPORT_PATH,
  query: transactionExportQuerySchema,
  answer: { status: 200, file: 'text/csv' },
  access: { page: 'transactions' },
  summary: 'export',
  tags: [],
  errors: [],
});

export interface TransactionExportRequest {
  /** The list's filters and sort, and the language of the header row. */
  readonly query: QueryParams;
}

/** `GET /api/transactions/export.csv`: the whole filtered list as CSV, into the browser's downloads. */
export function downloadTransactionsCsv({ query }: TransactionExportRequest): Promise<void> {
  return downloadFile(exportTransactionsEndpoint, 'transactions.csv', { query });
}
