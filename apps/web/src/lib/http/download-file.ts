import type { AnyEndpoint } from '@portal/contracts/endpoint';
import { endpointRequest, type CallOptions } from './call-endpoint';
import { sendRequest } from './http-client';

// The browser has started reading the file by then; revoking at once can cancel the download.
const REVOKE_AFTER_MS = 60_000;

/** An endpoint that answers a file (an export), such as `text/csv`. */
export type FileEndpoint = AnyEndpoint & { readonly answer: { readonly file: string } };

function fileNameOf(disposition: string | null, fallback: string): string {
  const match = /filename="?([^";]+)"?/i.exec(disposition ?? '');
  return match?.[1] ?? fallback;
}

/** Hands a file to the browser's downloads, as a click on a download link would. */
export function saveFile(file: Blob, fileName: string): void {
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

/**
 * The file of an endpoint (an export) into the browser's downloads, through the same transport as every
 * call (a 401 signs the user out). The API takes only a bearer token, which a plain link cannot send, so
 * the file is fetched and handed to the browser as a Blob. The body is never read into JavaScript:
 * `Response.blob()` leaves it to the browser's blob storage, which can move a large one to disk. No
 * timeout: a large export takes as long as it takes.
 */
export async function downloadFile<E extends FileEndpoint>(
  endpoint: E,
  /** The name to save under when the answer names none. */
  fallbackFileName: string,
  options: CallOptions<E>,
): Promise<void> {
  const request = endpointRequest(endpoint, options, `${endpoint.answer.file}, application/json`);
  await sendRequest({ ...request, timeoutMs: null }, async (response) => {
    saveFile(
      await response.blob(),
      fileNameOf(response.headers.get('Content-Disposition'), fallbackFileName),
    );
  });
}
