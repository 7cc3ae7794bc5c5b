import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from '../test/test-app.js';
import type { TestApp } from '../test/test-app.js';
import { ANY_TEST_DIALECT } from '../test/test-database.js';
import { chooseEncoding } from './html-document.js';

const INDEX_HTML =
  '<!doctype html><html><head></head><body><div id="root"></div><script src="/assets/app-1a2b.js"></script></body></html>';
const PUBLIC_HTML =
  '<!doctype html><html><head></head><body><div id="root"></div><script src="/assets/public-3c4d.js"></script></body></html>';
const ASSET = 'console.log("portal");'.repeat(100);

function inlinedConfig(html: string): unknown {
  const match = /<script id="public-config" type="application\/json">(.*?)<\/script><\/head>/.exec(html);
  return match ? JSON.parse(match[1] ?? '') : undefined;
}

describe('chooseEncoding', () => {
  it('prefers brotli, then gzip, and honours a refusal by q=0', () => {
    expect(chooseEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(chooseEncoding('gzip')).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0.5')).toBe('gzip');
    expect(chooseEncoding('BR;q=0.0, GZIP;q=0')).toBeNull();
    expect(chooseEncoding('identity')).toBeNull();
    expect(chooseEncoding(undefined)).toBeNull();
  });
});

describe.each(ANY_TEST_DIALECT)('the built portal (%s)', (dialect) => {
  let webDist: string;
  let testApp: TestApp;

  beforeAll(() => {
    webDist = mkdtempSync(join(tmpdir(), 'portal-web-'));
    mkdirSync(join(webDist, 'assets'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, 'public.html'), PUBLIC_HTML);
    writeFileSync(join(webDist, 'assets', 'app-1a2b.js'), ASSET);
    // As the build writes them: each text asset beside its compressed forms.
    writeFileSync(join(webDist, 'assets', 'app-1a2b.js.br'), brotliCompressSync(ASSET));
    writeFileSync(join(webDist, 'assets', 'app-1a2b.js.gz'), gzipSync(ASSET));
  });

  afterAll(() => {
    rmSync(webDist, { recursive: true, force: true });
  });

  afterEach(async () => {
    await testApp.close();
  });

  it('serves index.html at / and for every client-side route, with the public configuration inlined', async () => {
    testApp = await buildTestApp({ dialect, webDist });
    const config = (await testApp.app.inject({ method: 'GET', url: '/api/public-config' })).json<unknown>();
    for (const url of [
      '/',
      '/transactions',
      '/carts/5d0c8e1e',
      '/settlement-report?from=2026-01-01',
      '/login',
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.headers['content-encoding']).toBeUndefined();
      expect(response.payload).toContain('/assets/app-1a2b.js');
      expect(inlinedConfig(response.payload)).toEqual(config);
    }
  });

  it('serves the sign-in, password and checkout pages from the light entry', async () => {
    testApp = await buildTestApp({ dialect, webDist });
    for (const url of [
      '/login/interaction-1',
      '/activate/token-1',
      '/password/reset/token-1',
      '/password/forgot',
      '/checkout/token-1?x=1',
    ]) {
      const response = await testApp.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(200);
      expect(response.payload, url).toContain('/assets/public-3c4d.js');
      expect(inlinedConfig(response.payload), url).toMatchObject({ brand: 'bread' });
    }
  });

  it("preloads each page's own chunks from the build's manifest, and never serves the manifest", async () => {
    const withManifest = mkdtempSync(join(tmpdir(), 'portal-web-'));
    mkdirSync(join(withManifest, '.vite'));
    writeFileSync(join(withManifest, 'index.html'), INDEX_HTML);
    writeFileSync(join(withManifest, 'public.html'), PUBLIC_HTML);
    writeFileSync(
      join(withManifest, '.vite', 'manifest.json'),
      JSON.stringify({
        'public.html': { file: 'assets/public-3c4d.js', imports: ['_react-1.js'] },
        '_react-1.js': { file: 'assets/react-1.js' },
        '_form-2.js': { file: 'assets/form-2.js', imports: ['_react-1.js', '_input-3.js'] },
        '_input-3.js': { file: 'assets/input-3.js', imports: ['_form-2.js'] },
        'src/pages/sign-in/sign-in-page.tsx': {
          file: 'assets/sign-in-page-4.js',
          imports: ['_react-1.js', '_form-2.js'],
        },
        'src/pages/forgot-password/forgot-password-page.tsx': {
          file: 'assets/forgot-password-page-5.js',
          imports: ['_react-1.js'],
        },
        'index.html': { file: 'assets/app-1a2b.js', imports: ['_react-1.js', '_table-6.js'] },
        '_table-6.js': { file: 'assets/table-6.js' },
        'src/pages/transactions/transactions-page.tsx': {
          file: 'assets/transactions-page-7.js',
          imports: ['_table-6.js', '_form-2.js'],
        },
      }),
    );
    try {
      testApp = await buildTestApp({ dialect, webDist: withManifest });
      const preloaded = async (url: string) => {
        const { payload } = await testApp.app.inject({ method: 'GET', url });
        return [...payload.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map(
          (link) => link[1],
        );
      };
      // The page's chunk and what it imports, however deep, but not what the entry loads already.
      expect(await preloaded('/login/interaction-1')).toEqual([
        '/assets/sign-in-page-4.js',
        '/assets/form-2.js',
        '/assets/input-3.js',
      ]);
      expect(await preloaded('/password/forgot')).toEqual(['/assets/forgot-password-page-5.js']);
      // The app's pages too, the list's for its index route and for a transaction shown over it.
      for (const url of ['/', '/transactions', '/transactions/3f1c', '/transactions?status=SETTLED']) {
        expect(await preloaded(url), url).toEqual([
          '/assets/transactions-page-7.js',
          '/assets/form-2.js',
          '/assets/input-3.js',
        ]);
      }
      // A page the manifest does not know loads as before.
      expect(await preloaded('/activate/token-1')).toEqual([]);
      expect(await preloaded('/carts')).toEqual([]);
      const manifest = await testApp.app.inject({ method: 'GET', url: '/.vite/manifest.json' });
      expect(manifest.statusCode).toBe(404);
    } finally {
      rmSync(withManifest, { recursive: true, force: true });
    }
  });

  it('sends the HTML compressed as the browser accepts, and spares it when the ETag matches', async () => {
    testApp = await buildTestApp({ dialect, webDist });
    const plain = await testApp.app.inject({ method: 'GET', url: '/transactions' });
    const br = await testApp.app.inject({
      method: 'GET',
      url: '/transactions',
      headers: { 'accept-encoding': 'gzip, deflate, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.payload);
    const gzip = await testApp.app.inject({
      method: 'GET',
      url: '/transactions',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.payload);

    const etag = plain.headers.etag;
    expect(etag).toMatch(/^".+"$/);
    const again = await testApp.app.inject({
      method: 'GET',
      url: '/carts',
      headers: { 'if-none-match': String(etag) },
    });
    expect(again.statusCode).toBe(304);
    expect(again.payload).toBe('');
  });

  it('serves the hashed assets precompressed as the browser accepts, cached for good', async () => {
    testApp = await buildTestApp({ dialect, webDist });
    const plain = await testApp.app.inject({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(plain.statusCode).toBe(200);
    expect(plain.payload).toBe(ASSET);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(plain.headers.vary).toMatch(/accept-encoding/i);

    for (const [accept, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip, br;q=0', 'gzip', gunzipSync],
    ] as const) {
      const response = await testApp.app.inject({
        method: 'GET',
        url: '/assets/app-1a2b.js',
        headers: { 'accept-encoding': accept },
      });
      expect(response.statusCode, accept).toBe(200);
      expect(response.headers['content-encoding'], accept).toBe(encoding);
      expect(response.headers['content-type'], accept).toContain('javascript');
      expect(response.headers['cache-control'], accept).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary, accept).toMatch(/accept-encoding/i);
      expect(decode(response.rawPayload).toString('utf8'), accept).toBe(ASSET);
    }
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
      ['GET', '/index.html'],
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
