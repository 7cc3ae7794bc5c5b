import { API_VERSION_HEADER, REQUEST_ID_HEADER } from '@portal/contracts/api';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setToken } from '../storage/portal-storage';
import { answerDateTime } from './answer-dates';
import { ApiError } from './api-error';
import { apiRequest, configureHttpClient } from './http-client';

const fetchMock = vi.fn<typeof fetch>();

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function sentCall(index = 0): { url: string; init: RequestInit; headers: Headers } {
  const call = fetchMock.mock.calls[index];
  if (!call) throw new Error(`fetch was not called ${index + 1} times`);
  const [url, init = {}] = call;
  if (typeof url !== 'string') throw new Error('the client calls fetch with a URL string');
  return { url, init, headers: new Headers(init.headers) };
}

async function rejection(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error('the call did not reject');
}

/** A fetch that never answers but rejects, as browsers do, once its signal aborts. */
function hangingFetch(): typeof fetch {
  return (_url, init) =>
    new Promise((_resolve, reject) => {
      init?.signal?.addEventListener('abort', () => {
        reject(new DOMException('The operation was aborted.', 'AbortError'));
      });
    });
}

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  configureHttpClient({ apiurl: 'https://api.example.test/' });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  fetchMock.mockReset();
  localStorage.clear();
});

describe('headers', () => {
  it('sends the API version, a request id and the stored token by default', async () => {
    setToken('stored-portal-token');
    fetchMock.mockResolvedValue(jsonResponse(200, { data: 1 }));

    await apiRequest('/api/program/p-1');

    const { url, init, headers } = sentCall();
    expect(url).toBe('https://api.example.test/api/program/p-1');
    expect(init.method).toBe('GET');
    expect(headers.get(API_VERSION_HEADER)).toBe('v2');
    expect(headers.get(REQUEST_ID_HEADER)).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(headers.get('Authorization')).toBe('Bearer stored-portal-token');
  });

  it('gives every call its own request id', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, {})));

    await Promise.all([apiRequest('/api/a'), apiRequest('/api/a'), apiRequest('/api/a')]);

    const ids = fetchMock.mock.calls.map((_call, index) => sentCall(index).headers.get(REQUEST_ID_HEADER));
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });

  it('uses the configured token source', async () => {
    setToken('stored-portal-token');
    configureHttpClient({ apiurl: '', getToken: () => 'configured-token' });
    fetchMock.mockResolvedValue(jsonResponse(200, {}));

    await apiRequest('/api/a');

    expect(sentCall().url).toBe('/api/a');
    expect(sentCall().headers.get('Authorization')).toBe('Bearer configured-token');
  });

  it('sends no token on an unauthenticated call, and another token when one is given', async () => {
    setToken('stored-portal-token');
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, {})));

    await apiRequest('/api/merchant-portal-backend/log', { method: 'POST', body: {}, authenticated: false });
    await apiRequest('/api/auth/org/token/exchange', { method: 'POST', body: {}, bearerToken: 'idp-token' });

    expect(sentCall(0).headers.has('Authorization')).toBe(false);
    expect(sentCall(0).headers.get(API_VERSION_HEADER)).toBe('v2');
    expect(sentCall(1).headers.get('Authorization')).toBe('Bearer idp-token');
  });

  it('sends no Authorization header when no token is stored', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await apiRequest('/api/a');
    expect(sentCall().headers.has('Authorization')).toBe(false);
  });

  it('keeps caller headers', async () => {
    fetchMock.mockResolvedValue(jsonResponse(201, {}));
    await apiRequest('/api/carts', { method: 'POST', body: {}, headers: { 'Idempotency-Key': 'k-1' } });
    expect(sentCall().headers.get('Idempotency-Key')).toBe('k-1');
  });
});

describe('query and body', () => {
  it('appends the query string', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await apiRequest('/api/merchant-program-participation', {
      query: { 'merchantID.eq': 'm-1', showArchived: true, limit: 200, offset: 0 },
    });
    expect(sentCall().url).toBe(
      'https://api.example.test/api/merchant-program-participation?merchantID.eq=m-1&showArchived=true&limit=200&offset=0',
    );
  });

  it('sends JSON with dates as ISO text and a midnight-UTC date as a plain date', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await apiRequest('/api/payment-product-enrollment', {
      method: 'POST',
      body: { effectiveFrom: new Date('2024-05-01T00:00:00Z'), at: new Date('2024-05-01T09:30:00Z') },
    });
    const { init, headers } = sentCall();
    expect(init.method).toBe('POST');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"effectiveFrom":"2024-05-01","at":"2024-05-01T09:30:00.000Z"}');
  });

  it('sends no body or content type without a body', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(
      apiRequest('/api/payment-product-enrollment/e-1', { method: 'DELETE' }),
    ).resolves.toBeUndefined();
    expect(sentCall().init.body).toBeUndefined();
    expect(sentCall().headers.has('Content-Type')).toBe(false);
  });
});

describe('answers', () => {
  it('leaves date-like text as text: nothing is read as a date unless the schema says so', async () => {
    const answer = {
      data: {
        id: '7f3c2a10-0000-4000-8000-000000000001',
        createdAt: '2024-03-15T10:20:30.000Z',
        items: [{ day: '2024-03-15', label: '2024-13-45' }],
      },
    };
    fetchMock.mockResolvedValue(jsonResponse(200, answer));
    await expect(apiRequest('/api/x')).resolves.toEqual(answer);
  });

  it('reads the date fields its schema declares as Dates and date-like free text as text', async () => {
    const schema = z.object({
      data: z.object({ name: z.string(), reference: z.string(), createdAt: answerDateTime }),
    });
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        data: { name: '2026-11-01', reference: '2026-11-01T00:00:00Z', createdAt: '2024-03-15T10:20:30Z' },
      }),
    );

    const answer = await apiRequest('/api/program/p-1', { schema });

    expect(answer.data.name).toBe('2026-11-01');
    expect(answer.data.reference).toBe('2026-11-01T00:00:00Z');
    expect(answer.data.createdAt).toEqual(new Date('2024-03-15T10:20:30.000Z'));
  });

  it('rejects an answer of the wrong shape', async () => {
    const schema = z.object({ data: z.object({ id: z.string() }) });
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { id: 42 } }));

    const error = await rejection(apiRequest('/api/program/p-1', { schema }));

    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.status).toBe(200);
    expect(error.details).toEqual([{ path: 'data.id', message: expect.any(String) as unknown }]);
    expect(error.requestId).toBe(sentCall().headers.get(REQUEST_ID_HEADER));
  });

  it('rejects a successful answer that is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 200 }));
    expect((await rejection(apiRequest('/api/x'))).code).toBe('INVALID_RESPONSE');
  });
});

describe('errors', () => {
  it('maps the error shape to an ApiError with the request id', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(409, {
        error: {
          code: 'CONFLICT',
          message: 'Refund exceeds the settled amount',
          details: [{ path: 'amount.value', message: 'Too large' }],
        },
      }),
    );

    const error = await rejection(apiRequest('/api/transactions/t-1/refund', { method: 'POST', body: {} }));

    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'ApiError',
      status: 409,
      code: 'CONFLICT',
      message: 'Refund exceeds the settled amount',
      details: [{ path: 'amount.value', message: 'Too large' }],
    });
    expect(error.requestId).toBe(sentCall().headers.get(REQUEST_ID_HEADER));
  });

  it('maps an error answer without the error shape to HTTP_ERROR', async () => {
    fetchMock.mockResolvedValue(new Response('<html>Bad gateway</html>', { status: 502 }));
    const error = await rejection(apiRequest('/api/x'));
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', details: [] });
  });

  it('calls onUnauthorized on a 401 of a call made with the portal token', async () => {
    const onUnauthorized = vi.fn();
    configureHttpClient({ apiurl: '', getToken: () => 'expired', onUnauthorized });
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Token expired' } })),
    );

    const error = await rejection(apiRequest('/api/x'));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith(error);

    await rejection(apiRequest('/api/auth/org/token/exchange', { method: 'POST', bearerToken: 'idp' }));
    await rejection(apiRequest('/api/public', { authenticated: false }));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call onUnauthorized on a 403', async () => {
    const onUnauthorized = vi.fn();
    configureHttpClient({ apiurl: '', onUnauthorized });
    fetchMock.mockResolvedValue(jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'No' } }));
    expect((await rejection(apiRequest('/api/x'))).code).toBe('FORBIDDEN');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps a failed fetch to NETWORK_ERROR', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await rejection(apiRequest('/api/x'))).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('timeout and cancellation', () => {
  it('times out after 30000 ms by default', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch());
    let settled = false;
    const outcome = rejection(apiRequest('/api/x')).finally(() => {
      settled = true;
    });

    await vi.advanceTimersByTimeAsync(29_999);
    expect(settled).toBe(false);
    expect(sentCall().init.signal?.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(error.requestId).toBe(sentCall().headers.get(REQUEST_ID_HEADER));
  });

  it('uses the configured timeout and a per-call one', async () => {
    vi.useFakeTimers();
    configureHttpClient({ apiurl: '', timeoutMs: 5_000 });
    fetchMock.mockImplementation(hangingFetch());
    let configuredSettled = false;
    let perCallSettled = false;
    const configured = rejection(apiRequest('/api/x')).finally(() => {
      configuredSettled = true;
    });
    const perCall = rejection(apiRequest('/api/x', { timeoutMs: 60_000 })).finally(() => {
      perCallSettled = true;
    });

    await vi.advanceTimersByTimeAsync(5_000);
    expect(configuredSettled).toBe(true);
    expect((await configured).code).toBe('TIMEOUT');
    expect(perCallSettled).toBe(false);

    await vi.advanceTimersByTimeAsync(55_000);
    expect((await perCall).code).toBe('TIMEOUT');
  });

  it('clears the timer once answered', async () => {
    vi.useFakeTimers();
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await apiRequest('/api/x');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with ABORTED when the caller cancels', async () => {
    fetchMock.mockImplementation(hangingFetch());
    const controller = new AbortController();
    const outcome = rejection(apiRequest('/api/x', { signal: controller.signal }));
    controller.abort();
    expect((await outcome).code).toBe('ABORTED');
  });
});
