import type { PublicConfig } from '@portal/contracts/public-config';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fetchPublicConfig } from './public-config';

const config: PublicConfig = {
  brand: 'rbc',
  apiurl: 'http://localhost:3000',
  locales: ['en', 'fr-CA'],
  fakeAuth: false,
  oidc: { authority: 'http://localhost:3000/oidc', clientId: 'portal' },
  demo: true,
};

function answer(response: Response) {
  const fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(response));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
  document.getElementById('public-config')?.remove();
});

function inline(text: string) {
  const element = document.createElement('script');
  element.id = 'public-config';
  element.type = 'application/json';
  element.textContent = text;
  document.head.append(element);
}

describe('fetchPublicConfig', () => {
  it('reads the configuration from this origin without a token', async () => {
    const fetchMock = answer(Response.json(config));
    await expect(fetchPublicConfig()).resolves.toEqual(config);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/public-config');
    const headers = new Headers(init?.headers);
    expect(headers.get('X-API-Version')).toBe('v2');
    expect(headers.get('Authorization')).toBeNull();
  });

  it('takes the configuration the server inlined in the HTML, without a call', async () => {
    const fetchMock = answer(Response.json({ ...config, brand: 'bread' }));
    inline(JSON.stringify(config));
    await expect(fetchPublicConfig()).resolves.toEqual(config);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('asks the server when the inlined configuration is not one', async () => {
    const fetchMock = answer(Response.json(config));
    inline(JSON.stringify({ ...config, brand: 'other' }));
    await expect(fetchPublicConfig()).resolves.toEqual(config);
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('rejects an answer that is not a configuration', async () => {
    answer(Response.json({ ...config, brand: 'other' }));
    await expect(fetchPublicConfig()).rejects.toMatchObject({ code: 'INVALID_RESPONSE' });
  });

  it('rejects an error status', async () => {
    answer(new Response('', { status: 503 }));
    await expect(fetchPublicConfig()).rejects.toMatchObject({ status: 503 });
  });
});
