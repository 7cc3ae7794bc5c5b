import { API_VERSION_HEADER, IDEMPOTENCY_KEY_HEADER, REQUEST_ID_HEADER } from '@portal/contracts/api';
import { dateTime } from '@portal/contracts/date-time';
import { defineEndpoint } from '@portal/contracts/endpoint';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setToken } from '../storage/portal-storage';
import { ApiError } from './api-error';
import { callEndpoint } from './call-endpoint';
import { configureHttpClient } from './http-client';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const common = { summary: 'A test endpoint', tags: ['test'], errors: [] } as const;
const anything = { status: 200, schema: z.unknown() } as const;

const readEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/things/:id',
  params: z.object({ id: z.string() }),
  answer: anything,
  access: { scopes: [] },
  ...common,
});
const listEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/things',
  query: z.object({
    'merchantID.eq': z.string(),
    showArchived: z.boolean().optional(),
    limit: z.number(),
    offset: z.number(),
  }),
  answer: anything,
  access: { scopes: [] },
  ...common,
});
const publicEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/public',
  answer: anything,
  access: 'public',
  ...common,
});
const createEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/things',
  body: z.object({ name: z.string(), count: z.number() }),
  answer: { status: 201, schema: z.unknown() },
  access: { scopes: [] },
  idempotent: true,
  ...common,
});
const renameEndpoint = defineEndpoint({
  method: 'PUT',
  path: '/api/things/:id/name',
  params: z.object({ id: z.string() }),
  body: z.object({ name: z.string() }),
  answer: anything,
  access: { scopes: [] },
  ...common,
});
const removeEndpoint = defineEndpoint({
  method: 'DELETE',
  path: '/api/things/:id',
  params: z.object({ id: z.string() }),
  answer: { status: 204 },
  access: { scopes: [] },
  ...common,
});
const thingEndpoint = defineEndpoint({
  method: 'GET',
  path: '/api/thing',
  answer: {
    status: 200,
    schema: z.object({
      data: z.object({
        id: z.string(),
        name: z.string(),
        reference: z.string(),
        createdAt: dateTime,
        deletedAt: dateTime.nullable(),
      }),
    }),
  },
  access: { scopes: [] },
  ...common,
});
const flagEndpoint = defineEndpoint({
  method: 'POST',
  path: '/api/flags/:name',
  params: z.object({ name: z.string() }),
  answer: { status: 200, schema: z.object({ result: z.string() }), orNoContent: true },
  access: 'public',
  ...common,
});

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

describe('the request', () => {
  it('is built from the declaration: the URL from its pattern, its method, the version, an id, the token', async () => {
    setToken('stored-portal-token');
    fetchMock.mockResolvedValue(jsonResponse(200, { data: 1 }));

    await callEndpoint(readEndpoint, { params: { id: 'a/b c' } });

    const { url, init, headers } = sentCall();
    expect(url).toBe('https://api.example.test/api/things/a%2Fb%20c');
    expect(init.method).toBe('GET');
    expect(headers.get(API_VERSION_HEADER)).toBe('v2');
    expect(headers.get(REQUEST_ID_HEADER)).toMatch(UUID);
    expect(headers.get('Authorization')).toBe('Bearer stored-portal-token');
    expect(headers.has(IDEMPOTENCY_KEY_HEADER)).toBe(false);
  });

  it('gives every call its own request id', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, {})));

    await Promise.all([1, 2, 3].map(() => callEndpoint(readEndpoint, { params: { id: 'a' } })));

    const ids = fetchMock.mock.calls.map((_call, index) => sentCall(index).headers.get(REQUEST_ID_HEADER));
    expect(ids.every(Boolean)).toBe(true);
    expect(new Set(ids).size).toBe(3);
  });

  it('uses the configured token source', async () => {
    setToken('stored-portal-token');
    configureHttpClient({ apiurl: '', getToken: () => 'configured-token' });
    fetchMock.mockResolvedValue(jsonResponse(200, {}));

    await callEndpoint(readEndpoint, { params: { id: 'a' } });

    expect(sentCall().url).toBe('/api/things/a');
    expect(sentCall().headers.get('Authorization')).toBe('Bearer configured-token');
  });

  it('sends no token to a public endpoint, and another token when one is given', async () => {
    setToken('stored-portal-token');
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(200, {})));

    await callEndpoint(publicEndpoint);
    await callEndpoint(publicEndpoint, { bearerToken: 'idp-token' });

    expect(sentCall(0).headers.has('Authorization')).toBe(false);
    expect(sentCall(0).headers.get(API_VERSION_HEADER)).toBe('v2');
    expect(sentCall(1).headers.get('Authorization')).toBe('Bearer idp-token');
  });

  it('sends no Authorization header when no token is stored', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await callEndpoint(readEndpoint, { params: { id: 'a' } });
    expect(sentCall().headers.has('Authorization')).toBe(false);
  });

  it('keeps caller headers', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await callEndpoint(readEndpoint, { params: { id: 'a' }, headers: { 'Accept-Language': 'fr-CA' } });
    expect(sentCall().headers.get('Accept-Language')).toBe('fr-CA');
  });

  it('appends the query string', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await callEndpoint(listEndpoint, {
      query: { 'merchantID.eq': 'm-1', showArchived: true, limit: 200, offset: 0 },
    });
    expect(sentCall().url).toBe(
      'https://api.example.test/api/things?merchantID.eq=m-1&showArchived=true&limit=200&offset=0',
    );
  });

  it('sends the body as JSON', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, {}));
    await callEndpoint(renameEndpoint, { params: { id: 't-1' }, body: { name: '2026-11-01' } });
    const { url, init, headers } = sentCall();
    expect(url).toBe('https://api.example.test/api/things/t-1/name');
    expect(init.method).toBe('PUT');
    expect(headers.get('Content-Type')).toBe('application/json');
    expect(init.body).toBe('{"name":"2026-11-01"}');
  });

  it('sends no body or content type without a body, and answers nothing for a 204', async () => {
    fetchMock.mockResolvedValue(new Response(null, { status: 204 }));
    await expect(callEndpoint(removeEndpoint, { params: { id: 'e-1' } })).resolves.toBeUndefined();
    expect(sentCall().init.method).toBe('DELETE');
    expect(sentCall().init.body).toBeUndefined();
    expect(sentCall().headers.has('Content-Type')).toBe(false);
  });
});

describe('Idempotency-Key', () => {
  it('sends a new key with each call of an idempotent endpoint', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(201, {})));

    await callEndpoint(createEndpoint, { body: { name: 'a', count: 1 } });
    await callEndpoint(createEndpoint, { body: { name: 'a', count: 1 } });

    const keys = [0, 1].map((index) => sentCall(index).headers.get(IDEMPOTENCY_KEY_HEADER));
    expect(keys[0]).toMatch(UUID);
    expect(keys[1]).toMatch(UUID);
    expect(keys[0]).not.toBe(keys[1]);
  });

  it('sends the key it is given, so that the retries of one act stay one act', async () => {
    fetchMock.mockImplementation(() => Promise.resolve(jsonResponse(201, {})));

    await callEndpoint(createEndpoint, { body: { name: 'a', count: 1 }, idempotencyKey: 'k-1' });
    await callEndpoint(createEndpoint, { body: { name: 'a', count: 1 }, idempotencyKey: 'k-1' });

    expect(sentCall(0).headers.get(IDEMPOTENCY_KEY_HEADER)).toBe('k-1');
    expect(sentCall(1).headers.get(IDEMPOTENCY_KEY_HEADER)).toBe('k-1');
  });
});

describe('answers', () => {
  it('decodes the date-time fields its schema declares, and leaves date-like free text as text', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, {
        data: {
          id: '2026-11-01',
          name: '2026-11-01',
          reference: '2026-11-01T00:00:00Z',
          createdAt: '2024-03-15T10:20:30+05:30',
          deletedAt: null,
        },
      }),
    );

    const { data } = await callEndpoint(thingEndpoint);

    expect(data).toEqual({
      id: '2026-11-01',
      name: '2026-11-01',
      reference: '2026-11-01T00:00:00Z',
      createdAt: new Date('2024-03-15T04:50:30.000Z'),
      deletedAt: null,
    });
  });

  it.each([
    '2024-02-30T10:20:30Z',
    '2023-02-29T10:20:30Z',
    '2024-13-01T10:20:30Z',
    '2024-03-15T24:00:00Z',
    '2024-03-15T10:60:00Z',
    // No zone: which instant it means would depend on the browser.
    '2024-03-15T10:20:30',
    '2024-03-15',
    'ORDER-2024-03-15',
    '',
  ])('refuses %j as a date-time field', async (text) => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { data: { id: 'a', name: 'a', reference: 'a', createdAt: text, deletedAt: null } }),
    );
    const error = await rejection(callEndpoint(thingEndpoint));
    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.details).toEqual([{ path: 'data.createdAt', message: expect.any(String) as unknown }]);
  });

  it('rejects an answer of the wrong shape', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { data: { id: 42 } }));

    const error = await rejection(callEndpoint(thingEndpoint));

    expect(error.code).toBe('INVALID_RESPONSE');
    expect(error.status).toBe(200);
    expect(error.details).toContainEqual({ path: 'data.id', message: expect.any(String) as unknown });
    expect(error.requestId).toBe(sentCall().headers.get(REQUEST_ID_HEADER));
  });

  it('rejects a successful answer that is not JSON', async () => {
    fetchMock.mockResolvedValue(new Response('<html>', { status: 200 }));
    expect((await rejection(callEndpoint(thingEndpoint))).code).toBe('INVALID_RESPONSE');
  });

  it('answers the decoded body, or nothing when an endpoint that may answer 204 does', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { result: 'true' }));
    fetchMock.mockResolvedValueOnce(new Response(null, { status: 204 }));

    await expect(callEndpoint(flagEndpoint, { params: { name: 'f' } })).resolves.toEqual({ result: 'true' });
    await expect(callEndpoint(flagEndpoint, { params: { name: 'f' } })).resolves.toBeUndefined();
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

    const error = await rejection(callEndpoint(createEndpoint, { body: { name: 'a', count: 1 } }));

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
    const error = await rejection(callEndpoint(thingEndpoint));
    expect(error).toMatchObject({ status: 502, code: 'HTTP_ERROR', details: [] });
  });

  it('calls onUnauthorized on a 401 of a call made with the portal token', async () => {
    const onUnauthorized = vi.fn();
    configureHttpClient({ apiurl: '', getToken: () => 'expired', onUnauthorized });
    fetchMock.mockImplementation(() =>
      Promise.resolve(jsonResponse(401, { error: { code: 'UNAUTHORIZED', message: 'Token expired' } })),
    );

    const error = await rejection(callEndpoint(thingEndpoint));
    expect(error.status).toBe(401);
    expect(onUnauthorized).toHaveBeenCalledExactlyOnceWith(error);

    await rejection(callEndpoint(readEndpoint, { params: { id: 'a' }, bearerToken: 'idp' }));
    await rejection(callEndpoint(publicEndpoint));
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('does not call onUnauthorized on a 403', async () => {
    const onUnauthorized = vi.fn();
    configureHttpClient({ apiurl: '', onUnauthorized });
    fetchMock.mockResolvedValue(jsonResponse(403, { error: { code: 'FORBIDDEN', message: 'No' } }));
    expect((await rejection(callEndpoint(thingEndpoint))).code).toBe('FORBIDDEN');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('maps a failed fetch to NETWORK_ERROR', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    expect(await rejection(callEndpoint(thingEndpoint))).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('timeout and cancellation', () => {
  it('times out after 30000 ms by default', async () => {
    vi.useFakeTimers();
    fetchMock.mockImplementation(hangingFetch());
    let settled = false;
    const outcome = rejection(callEndpoint(thingEndpoint)).finally(() => {
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
    const configured = rejection(callEndpoint(thingEndpoint)).finally(() => {
      configuredSettled = true;
    });
    const perCall = rejection(callEndpoint(thingEndpoint, { timeoutMs: 60_000 })).finally(() => {
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
    await callEndpoint(readEndpoint, { params: { id: 'a' } });
    expect(vi.getTimerCount()).toBe(0);
  });

  it('rejects with ABORTED when the caller cancels', async () => {
    fetchMock.mockImplementation(hangingFetch());
    const controller = new AbortController();
    const outcome = rejection(callEndpoint(thingEndpoint, { signal: controller.signal }));
    controller.abort();
    expect((await outcome).code).toBe('ABORTED');
  });
});
