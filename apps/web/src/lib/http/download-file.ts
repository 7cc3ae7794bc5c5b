import { API_VERSION, API_VERSION_HEADER, errorBodySchema, REQUEST_ID_HEADER } from '@portal/contracts/api';
import { getToken } from '../storage/portal-storage';
import { ApiError } from './api-error';
import { buildQueryString, type QueryParams } from './query-string';

// The browser has started reading the file by then; revoking at once can cancel the download.
const REVOKE_AFTER_MS = 60_000;

function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
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

export interface DownloadRequest {
  /** The API origin (public config `apiurl`). */
  readonly apiurl: string;
  /** The API path of the file, e.g. `/api/transactions/export.csv`. */
  readonly path: string;
  /** The list's filters and sort, and the language of the header row. */
  readonly query: QueryParams;
  /** The name to save under when the answer names none. */
  readonly fallbackFileName: string;
}

/**
 * A file from the API (an export) into the browser's downloads. The API takes only a bearer token,
 * which a plain link cannot send, so the file is fetched and handed to the browser as a Blob. The body
 * is never read into JavaScript: `Response.blob()` leaves it to the browser's blob storage, which can
 * move a large one to disk. No timeout: a large export takes as long as it takes.
 */
export async function downloadFile({
  apiurl,
  path,
  query,
  fallbackFileName,
}: DownloadRequest): Promise<void> {
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
    response = await fetch(`${apiurl.replace(/\/+$/, '')}${path}${buildQueryString(query)}`, { headers });
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
  saveFile(await response.blob(), fileNameOf(response.headers.get('Content-Disposition'), fallbackFileName));
}
