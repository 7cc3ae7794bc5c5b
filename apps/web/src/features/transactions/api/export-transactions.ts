import { API_VERSION, API_VERSION_HEADER, errorBodySchema, REQUEST_ID_HEADER } from '@portal/contracts/api';
import { TRANSACTION_EXPORT_PATH } from '@portal/contracts/transactions';
import { ApiError } from '../../../lib/http/api-error';
import { buildQueryString, type QueryParams } from '../../../lib/http/query-string';
import { getToken } from '../../../lib/storage/portal-storage';

const FALLBACK_FILE_NAME = 'transactions.csv';
// The browser has started reading the file by then; revoking at once can cancel the download.
const REVOKE_AFTER_MS = 60_000;

function fileNameOf(disposition: string | null): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? FALLBACK_FILE_NAME;
}

async function refusalOf(response: Response, requestId: string): Promise<ApiError> {
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const parsed = errorBodySchema.safeParse(body);
  return new ApiError({
    status: response.status,
    code: parsed.success ? parsed.data.error.code : 'HTTP_ERROR',
    message: parsed.success ? parsed.data.error.message : `Request failed with status ${response.status}`,
    details: parsed.success ? parsed.data.error.details : undefined,
    requestId,
  });
}

/** Hands a file to the browser's downloads, as a click on a download link would. */
function saveFile(file: Blob, fileName: string): void {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.hidden = true;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => {
    URL.revokeObjectURL(url);
  }, REVOKE_AFTER_MS);
}

export interface TransactionExportRequest {
  /** The API origin (public config `apiurl`). */
  readonly apiurl: string;
  /** The list's filters and sort, and the language of the header row. */
  readonly query: QueryParams;
}

/**
 * `GET /api/transactions/export.csv`: the whole filtered list as CSV. The API takes only a bearer token,
 * which a plain link cannot send, so the file is fetched and handed to the browser as a Blob. The body
 * is never read into JavaScript: `Response.blob()` leaves it to the browser's blob storage, which can
 * move a large one to disk. No timeout: a large export takes as long as it takes.
 */
export async function downloadTransactionsCsv({ apiurl, query }: TransactionExportRequest): Promise<void> {
  const requestId = crypto.randomUUID();
  const headers = new Headers({
    [API_VERSION_HEADER]: API_VERSION,
    [REQUEST_ID_HEADER]: requestId,
    Accept: 'text/csv, application/json',
  });
  const token = getToken();
  if (token) headers.set('Authorization', `Bearer ${token}`);
  let response: Response;
  try {
    response = await fetch(
      `${apiurl.replace(/\/+$/, '')}${TRANSACTION_EXPORT_PATH}${buildQueryString(query)}`,
      {
        headers,
      },
    );
  } catch (cause) {
    throw new ApiError({
      status: 0,
      code: 'NETWORK_ERROR',
      message: 'The API cannot be reached',
      requestId,
      cause,
    });
  }
  if (!response.ok) throw await refusalOf(response, requestId);
  saveFile(await response.blob(), fileNameOf(response.headers.get('Content-Disposition')));
}
