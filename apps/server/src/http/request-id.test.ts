import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { ANY_TEST_DIALECT } from '../test/test-database.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(ANY_TEST_DIALECT)('request ids (%s)', (dialect) => {
  let testApp: TestApp;
  let logs: Record<string, unknown>[];

  beforeEach(async () => {
    logs = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        logs.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
        callback();
      },
    });
    testApp = await buildTestApp({ dialect, logger: pino({ level: 'info' }, sink) });
  });

  afterEach(async () => {
    await testApp.close();
  });

  it('makes a UUID when the client sent none, and echoes it', async () => {
    const first = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    const second = await testApp.app.inject({ method: 'GET', url: '/healthz' });
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
    expect(first.headers['x-api-version']).toBe('v2');
  });

  it("echoes the client's id when it is a plain token of at most 128 characters", async () => {
    for (const id of ['3f1c2a9e-7b7d-4a43-9d0f-2c8b6f1e5a10', 'portal:abc.DEF_123', 'x'.repeat(128)]) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': id },
      });
      expect(response.headers['x-request-id']).toBe(id);
    }
  });

  it('replaces an id that is too long or not a plain token', async () => {
    for (const id of ['x'.repeat(129), 'has spaces', 'a\u00e9b', '<script>', '']) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/healthz',
        headers: { 'x-request-id': id },
      });
      expect(response.headers['x-request-id'], JSON.stringify(id)).toMatch(UUID);
    }
  });

  it('carries the id in every log line of the request, errors included', async () => {
    const response = await testApp.app.inject({
      method: 'GET',
      url: '/api/unknown',
      headers: { 'x-request-id': 'trace-42' },
    });
    expect(response.statusCode).toBe(404);
    const lines = logs.filter((line) => line.requestId === 'trace-42');
    const messages = lines.map((line) => line.msg);
    expect(messages).toContain('request refused');
    expect(messages).toContain('request completed');
  });
});
