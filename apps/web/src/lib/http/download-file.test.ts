import { REQUEST_ID_HEADER } from '@portal/contracts/api';
import { defineEndpoint } from '@portal/contracts/endpoint';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from './api-error';
import { downloadFile } from './download-file';
import { configureHttpClient } from './http-client';

const exportEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/things/export.csv',
  query: z.object({ status: z.array(z.string()).optional(), locale: z.string() }),
  answer: { status: 200, file: 'text/csv' },
  access: { scopes: [] },
  summary: 'A test export',
  tags: ['test'],
  errors: [401],
});

const fetchMock = vi.fn<typeof fetch>();
const onUnauthorized = vi.fn<(error: ApiError) => void>();
const createObjectURL = vi.fn<(blob: Blob) => string>(() => 'blob:export');

function sentCall(): { url: string; headers: Headers } {
  const [url, init = {}] = fetchMock.mock.calls[0] ?? [];
  if (typeof url !== 'string') throw new Error('fetch was not called with a URL string');
  return { url, headers: new Headers(init.headers) };
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  // jsdom has no object URLs.
  Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
  configureHttpClient({ apiurl: 'https://api.example.test', getToken: () => 'portal-token', onUnauthorized });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  vi.clearAllMocks();
});

describe('downloadFile', () => {
  it('fetches the file of the declaration with the token and hands it to the downloads', async () => {
    fetchMock.mockResolvedValue(
      new Response('id\n1\n', {
        status: 200,
        headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="things.csv"' },
      }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      expect(this.download).toBe('things.csv');
      expect(this.href).toBe('blob:export');
    });

    await downloadFile(exportEndpoint, 'fallback.csv', {
      query: { status: ['OPEN', 'CLOSED'], locale: 'fr-CA' },
    });

    const { url, headers } = sentCall();
    expect(url).toBe('https://api.example.test/api/things/export.csv?status=OPEN&status=CLOSED&locale=fr-CA');
    expect(headers.get('Authorization')).toBe('Bearer portal-token');
    expect(headers.get('Accept')).toBe('text/csv, application/json');
    expect(headers.get(REQUEST_ID_HEADER)).toBeTruthy();
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe('id\n1\n');
    expect(click).toHaveBeenCalledOnce();
  });

  it('signs the user out when the export answers 401, as any call does', async () => {
    fetchMock.mockResolvedValue(
      Response.json({ error: { code: 'UNAUTHORIZED', message: 'Token expired' } }, { status: 401 }),
    );

    const outcome = downloadFile(exportEndpoint, 'fallback.csv', { query: { locale: 'en' } });

    await expect(outcome).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(onUnauthorized.mock.calls[0]?.[0]).toBeInstanceOf(ApiError);
    expect(createObjectURL).not.toHaveBeenCalled();
  });
});
