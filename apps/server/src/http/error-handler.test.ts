import type { FastifyInstance } from 'fastify';
import type { FastifyPluginCallbackZod } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '@portal/contracts/api';
import type { DatabaseHandle } from '../db/database.js';
import { buildTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { TEST_DIALECTS } from '../test/test-database.js';
import { conflict, refused } from './app-error.js';

const SECRET = 'password=hunter2 at db.internal:5432';

/** Routes that exist only in these tests, registered like any module. */
function testRoutes(database: DatabaseHandle): FastifyPluginCallbackZod {
  return (app, _options, done) => {
    app.post(
      '/test/echo',
      {
        schema: {
          body: z.strictObject({
            email: z.email(),
            age: z.number().int(),
            address: z.strictObject({ city: z.string() }).optional(),
          }),
          querystring: z.strictObject({ limit: z.coerce.number().int().max(200).optional() }),
        },
      },
      (request) => ({ received: request.body }),
    );
    app.get('/test/boom', () => {
      throw new Error(SECRET);
    });
    app.get('/test/conflict', () => {
      const money = (value: number) => ({ value, currency: 'CAD' as const });
      throw conflict(refused('transaction.settle_above_left', { left: money(500), amount: money(26_889) }), [
        { path: 'body.amount', message: 'Too much' },
      ]);
    });
    app.get('/test/merchants', async () => {
      const rows = await database.db.selectFrom('merchants').select('id').limit(1).execute();
      return { count: rows.length };
    });
    done();
  };
}

function errorOf(payload: string) {
  return errorBodySchema.parse(JSON.parse(payload)).error;
}

describe.each(TEST_DIALECTS)('errors and API headers (%s)', (dialect) => {
  let testApp: TestApp;
  let app: FastifyInstance;

  beforeEach(async () => {
    testApp = await buildTestApp({ dialect });
    app = testApp.app;
    await app.register(testRoutes(testApp.database));
  });

  afterEach(async () => {
    await testApp.close();
  });

  it('passes a valid body through', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { email: 'a@b.co', age: 3 },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ received: { email: 'a@b.co', age: 3 } });
  });

  it('answers malformed JSON with 400 BAD_REQUEST', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-api-version']).toBe('v2');
    expect(errorOf(response.payload)).toEqual({
      code: 'BAD_REQUEST',
      message: 'The request body is not valid JSON',
    });
  });

  it('refuses prototype poisoning like malformed JSON', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.co", "age": 3, "__proto__": {"isAdmin": true}}',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response.payload).code).toBe('BAD_REQUEST');
  });

  it('answers a wrong type with 400 VALIDATION_FAILED and the field path', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { email: 'not-an-email', age: 'three', address: { city: 7 } },
    });
    expect(response.statusCode).toBe(400);
    const error = errorOf(response.payload);
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details?.map((detail) => detail.path).sort()).toEqual([
      'body.address.city',
      'body.age',
      'body.email',
    ]);
    expect(error.details?.every((detail) => detail.message.length > 0)).toBe(true);
  });

  it('answers unknown fields with 400 and one detail per field, nested ones included', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      payload: { email: 'a@b.co', age: 3, role: 'ADMIN', address: { city: 'X', zip: '1' } },
    });
    expect(response.statusCode).toBe(400);
    expect(
      errorOf(response.payload)
        .details?.map((detail) => detail.path)
        .sort(),
    ).toEqual(['body.address.zip', 'body.role']);
  });

  it('names query string fields `query.…`', async () => {
    const unknown = await app.inject({
      method: 'POST',
      url: '/test/echo?offset=2',
      payload: { email: 'a@b.co', age: 3 },
    });
    expect(unknown.statusCode).toBe(400);
    expect(errorOf(unknown.payload).details).toEqual([{ path: 'query.offset', message: 'Unknown field' }]);

    const tooBig = await app.inject({
      method: 'POST',
      url: '/test/echo?limit=500',
      payload: { email: 'a@b.co', age: 3 },
    });
    expect(errorOf(tooBig.payload).details?.map((detail) => detail.path)).toEqual(['query.limit']);
  });

  it('answers a body over 1 MiB with 413 PAYLOAD_TOO_LARGE', async () => {
    const payload = JSON.stringify({ email: 'a@b.co', age: 3, filler: 'x'.repeat(1.5 * 1024 * 1024) });
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expect(response.statusCode).toBe(413);
    expect(response.headers['x-api-version']).toBe('v2');
    expect(errorOf(response.payload)).toEqual({
      code: 'PAYLOAD_TOO_LARGE',
      message: 'The request body is larger than this call accepts',
    });
  });

  it('answers an unsupported content type with 415 in the error shape', async () => {
    const response = await app.inject({
      method: 'POST',
      url: '/test/echo',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(errorOf(response.payload).code).toBe('BAD_REQUEST');
  });

  it('answers an unknown route with 404 NOT_FOUND', async () => {
    for (const [method, url] of [
      ['GET', '/api/nothing-here'],
      ['POST', '/api/nothing-here/x/refund'],
      ['DELETE', '/healthz'],
    ] as const) {
      const response = await app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.headers['x-api-version']).toBe('v2');
      expect(errorOf(response.payload).code).toBe('NOT_FOUND');
    }
  });

  it('answers a malformed URL with 400 in the error shape', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/test/%E0%A4%A',
      headers: { 'x-request-id': 'bad-url-1' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.headers['x-api-version']).toBe('v2');
    expect(response.headers['x-request-id']).toBe('bad-url-1');
    expect(errorOf(response.payload).code).toBe('BAD_REQUEST');
  });

  it('answers a refusal with its status, code, English message, details, reason and parameters', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/conflict' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: {
        code: 'CONFLICT',
        message: 'Only 5.00 CAD is left to settle; 268.89 CAD is more than that',
        details: [{ path: 'body.amount', message: 'Too much' }],
        reason: 'transaction.settle_above_left',
        params: { left: { value: 500, currency: 'CAD' }, amount: { value: 26_889, currency: 'CAD' } },
      },
    });
  });

  it('answers an unexpected error with 500 and a generic message, never the real one', async () => {
    const response = await app.inject({ method: 'GET', url: '/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.headers['x-api-version']).toBe('v2');
    expect(response.json()).toEqual({
      error: { code: 'INTERNAL', message: 'An unexpected error occurred. Please try again later.' },
    });
    expect(response.payload).not.toContain('hunter2');
    expect(response.payload).not.toContain('.ts:');
  });

  it('answers 503 SERVICE_UNAVAILABLE when a call needs the database and it is gone', async () => {
    const before = await app.inject({ method: 'GET', url: '/test/merchants' });
    expect(before.statusCode).toBe(200);

    await testApp.database.destroy();
    const response = await app.inject({ method: 'GET', url: '/test/merchants' });
    expect(response.statusCode).toBe(503);
    expect(errorOf(response.payload)).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'The database is not reachable right now',
    });
  });
});
