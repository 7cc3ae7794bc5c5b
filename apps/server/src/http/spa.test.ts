import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { ANY_TEST_DIALECT } from '../test/test-database.js';

const INDEX_HTML =
  '<!doctype html><html><body><div id="root"></div><script src="/assets/app-1a2b.js"></script></body></html>';

describe.each(ANY_TEST_DIALECT)('the built portal (%s)', (dialect) => {
  let webDist: string;
  let testApp: TestApp;

  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, 'assets', 'app-1a2b.js'), 'console.log("portal");');
  });

  afterAll(() => {
    rmSync(webDist, { recursive: true, force: true });
  });

  afterEach(async () => {
    await testApp.close();
  });

  it('serves index.html at / and for every client-side route', async () => {
    testApp = await buildTestApp({ dialect, webDist });
    for (const url of ['/', '/transactions', '/carts/5d0c8e1e', '/settlement-report?from=2026-01-01']) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.payload).toBe(INDEX_HTML);
    }
  });

  it('serves the hashed assets with a long cache life', async () => {
    testApp = await buildTestApp({ dialect, webDist });
    const response = await testApp.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(response.statusCode).toBe(200);
    expect(response.payload).toBe('console.log("portal");');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers the server paths, missing files and other methods with a JSON 404, never index.html', async () => {
    testApp = await buildTestApp({ dialect, webDist });
    for (const [method, url] of [
      ['GET', '/api/nothing'],
      ['GET', '/api'],
      ['GET', '/oidc/unknown'],
      ['GET', '/healthz/more'],
      ['GET', '/readyz/more'],
      ['GET', '/assets/missing-9z.js'],
      ['POST', '/transactions'],
    ] as const) {
      const response = await testApp.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json()).toMatchObject({ error: { code: 'NOT_FOUND' } });
    }
  });

  it('says how to build the portal when it is not built, and still answers the API', async () => {
    testApp = await buildTestApp({ dialect, webDist: join(webDist, 'not-there') });
    const page = await testApp.app.inject({ method: 'GET', url: '/transactions' });
    expect(page.statusCode).toBe(503);
    expect(page.headers['content-type']).toContain('text/plain');
    expect(page.payload).toContain('npm run build');

    const api = await testApp.app.inject({ method: 'GET', url: '/api/nothing' });
    expect(api.statusCode).toBe(404);
    expect((await testApp.app.inject({ method: 'GET', url: '/healthz' })).statusCode).toBe(200);
  });
});
