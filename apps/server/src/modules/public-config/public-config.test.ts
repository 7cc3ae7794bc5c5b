import { afterEach, describe, expect, it } from 'vitest';
import { publicConfigSchema } from '@portal/contracts/public-config';
import { buildTestApp } from '../../test/test-app.js';
import type { TestApp } from '../../test/test-app.js';
import { ANY_TEST_DIALECT } from '../../test/test-database.js';

describe.each(ANY_TEST_DIALECT)('GET /api/public-config (%s)', (dialect) => {
  let testApp: TestApp;

  afterEach(async () => {
    await testApp.close();
  });

  it('describes the bread portal', async () => {
    testApp = await buildTestApp({
      dialect,
      config: { brand: 'bread', publicUrl: 'https://portal.example.com', fakeAuth: false, demoData: true },
    });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.statusCode).toBe(200);
    expect(publicConfigSchema.parse(response.json())).toEqual({
      brand: 'bread',
      apiurl: 'https://portal.example.com',
      locales: ['en'],
      fakeAuth: false,
      oidc: { authority: 'https://portal.example.com/oidc', clientId: 'merchant-portal' },
      demo: true,
    });
  });

  it('describes the rbc portal with French, fake auth and no demo', async () => {
    testApp = await buildTestApp({
      dialect,
      config: { brand: 'rbc', publicUrl: 'http://localhost:4000', fakeAuth: true, demoData: false },
    });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.json()).toMatchObject({
      brand: 'rbc',
      apiurl: 'http://localhost:4000',
      locales: ['en', 'fr-CA'],
      fakeAuth: true,
      demo: false,
      oidc: { authority: 'http://localhost:4000/oidc' },
    });
  });

  it('points the portal at an external identity provider when one is configured', async () => {
    testApp = await buildTestApp({
      dialect,
      config: {
        externalOidc: {
          issuer: 'https://login.example.com/oauth2/default',
          clientId: 'portal-client',
          audience: 'https://portal.example.com/api',
        },
      },
    });
    const response = await testApp.app.inject({ method: 'GET', url: '/api/public-config' });
    expect(response.json()).toMatchObject({
      oidc: { authority: 'https://login.example.com/oauth2/default', clientId: 'portal-client' },
    });
  });
});
