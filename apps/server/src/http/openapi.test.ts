import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AnyEndpoint } from '@portal/contracts/endpoint';
import { ENDPOINTS } from '@portal/contracts/endpoints';
import { buildTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { ANY_TEST_DIALECT } from '../test/test-database.js';

const documentSchema = z.object({
  openapi: z.string(),
  info: z.object({ version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

describe.each(ANY_TEST_DIALECT)('OpenAPI (%s)', (dialect) => {
  let testApp: TestApp;

  beforeEach(async () => {
    testApp = await buildTestApp({ dialect });
  });

  afterEach(async () => {
    await testApp.close();
  });

  it('describes the routes from their zod schemas at /api/docs/json', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = documentSchema.parse(response.json());
    expect(document.openapi).toBe('3.1.0');
    expect(document.info.version).toBe('v2');

    const publicConfig = document.paths['/api/public-config']?.get;
    expect(JSON.stringify(publicConfig)).toContain('"fakeAuth"');
    expect(document.paths['/readyz']?.get).toBeDefined();
    // The documentation's own routes and the SPA's file route stay out of the document.
    expect(
      Object.keys(document.paths).filter((path) => path.startsWith('/api/docs') || path === '/*'),
    ).toEqual([]);
  });

  it('documents every declared endpoint, with its date-times as ISO text', async () => {
    const document = documentSchema.parse(
      (await testApp.app.inject({ method: 'GET', url: '/api/docs/json' })).json(),
    );
    const declared: AnyEndpoint[] = Object.values(ENDPOINTS);
    const undocumented = declared
      .filter((endpoint) => endpoint.registeredWhen === undefined)
      .filter((endpoint) => {
        const path = endpoint.path.replace(/:(\w+)/g, '{$1}');
        return document.paths[path]?.[endpoint.method.toLowerCase()] === undefined;
      });
    expect(undocumented.map((endpoint) => `${endpoint.method} ${endpoint.path}`)).toEqual([]);
    const users = JSON.stringify(document.paths['/api/users']?.get);
    expect(users).toMatch(/"invitedAt":\{"anyOf":\[\{"type":"string","format":"date-time"/);
  });

  it('serves the browsable documentation at /api/docs', async () => {
    const response = await testApp.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    expect(response.payload).toContain('swagger');
  });
});
