import { MERCHANT_PORTAL_FLAG_TAG } from '@portal/contracts/enums';
import { evaluateFlagEndpoint, evaluateFlagsEndpoint } from '@portal/contracts/feature-flags-endpoints';
import { QueryClient } from '@tanstack/react-query';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { bulkFeatureFlagsQueryOptions, fetchBulkFeatureFlags } from './bulk-feature-flags';
import { evaluateFeatureFlag } from './evaluate-feature-flag';
import { featureFlagOrigin } from './flag-origin';

const bulkCalls: { tag: string | null; body: unknown }[] = [];
const server = setupServer(
  http.post(evaluateFlagsEndpoint.path, async ({ request }) => {
    bulkCalls.push({ tag: new URL(request.url).searchParams.get('tag'), body: await request.json() });
    return HttpResponse.json({
      isLocationPageEnabled: { result: 'true' },
      isMerchantIdValidationPageEnabled: { result: 'false' },
      upperCase: { result: 'TRUE' },
      one: { result: '1' },
    });
  }),
  http.post(evaluateFlagEndpoint.path, ({ params }) => {
    switch (params.flagName) {
      case 'on':
        return HttpResponse.json({ result: 'true' });
      case 'disabled':
        return new HttpResponse(null, { status: 204 });
      case 'gone':
        return HttpResponse.json({ error: { code: 'GONE', message: 'gone' } }, { status: 410 });
      case 'bad':
        return HttpResponse.json({ error: { code: 'BAD_REQUEST', message: 'bad' } }, { status: 400 });
      default:
        return HttpResponse.json({ error: { code: 'NOT_FOUND', message: 'no flag' } }, { status: 404 });
    }
  }),
);

const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);

beforeAll(() => {
  server.listen({ onUnhandledRequest: 'error' });
});
beforeEach(() => {
  bulkCalls.length = 0;
  logged.mockClear();
});
afterEach(() => {
  server.resetHandlers();
});
afterAll(() => {
  server.close();
  logged.mockRestore();
});

describe('the bulk evaluation', () => {
  it('sends the tenant for the tag and turns on only flags whose value is the string "true"', async () => {
    const flags = await fetchBulkFeatureFlags({
      tag: MERCHANT_PORTAL_FLAG_TAG,
      tenantId: 'bread',
      apiurl: '',
    });
    expect(flags).toEqual({
      isLocationPageEnabled: true,
      isMerchantIdValidationPageEnabled: false,
      upperCase: false,
      one: false,
    });
    expect(bulkCalls).toEqual([{ tag: 'merchant-portal-frontend', body: { tenantId: 'bread' } }]);
  });

  it("rejects a missing tag with 'Tag name is required' without calling the server", async () => {
    await expect(fetchBulkFeatureFlags({ tag: '', tenantId: 'bread', apiurl: '' })).rejects.toThrow(
      'Tag name is required',
    );
    expect(bulkCalls).toEqual([]);
  });

  it('yields no flags when the fetch fails, and only logs it', async () => {
    server.use(http.post(evaluateFlagsEndpoint.path, () => HttpResponse.error()));
    const client = new QueryClient();
    const flags = await client.query(
      bulkFeatureFlagsQueryOptions({ tenantId: 'bread', merchantId: 'm-1' }, ''),
    );
    expect(flags).toEqual({});
    expect(logged).toHaveBeenCalledOnce();
  });

  it('yields no flags for an answer of the wrong shape', async () => {
    server.use(http.post(evaluateFlagsEndpoint.path, () => HttpResponse.json({ a: 'true' })));
    const client = new QueryClient();
    const flags = await client.query(
      bulkFeatureFlagsQueryOptions({ tenantId: 'bread', merchantId: 'm-1' }, ''),
    );
    expect(flags).toEqual({});
  });
});

describe('the single evaluation', () => {
  const evaluate = (flagName: string, apiurl = '') =>
    evaluateFeatureFlag({ flagName, tenantId: 'bread', apiurl });

  it('gives the result of a 200', async () => {
    expect(await evaluate('on')).toBe('true');
    expect(logged).not.toHaveBeenCalled();
  });

  it('reads 204 as disabled without logging', async () => {
    expect(await evaluate('disabled')).toBeNull();
    expect(logged).not.toHaveBeenCalled();
  });

  it.each([
    ['bad', 400],
    ['missing', 404],
    ['gone', 410],
  ])('logs %s (%d) and reads it as off', async (flagName, status) => {
    expect(await evaluate(flagName)).toBeNull();
    expect(logged).toHaveBeenCalledOnce();
    expect(logged.mock.calls[0]?.[0]).toContain(String(status));
  });

  it('refuses an origin that is not http or https, without calling the server', async () => {
    expect(await evaluate('on', 'ftp://flags.example.com')).toBeNull();
    expect(logged).toHaveBeenCalledOnce();
  });
});

describe('featureFlagOrigin', () => {
  it('accepts http and https origins, and this page for the same origin', () => {
    expect(featureFlagOrigin('https://api.example.com/base')).toBe('https://api.example.com');
    expect(featureFlagOrigin('http://localhost:3000')).toBe('http://localhost:3000');
    expect(featureFlagOrigin('')).toBe(window.location.origin);
  });

  it.each(['ftp://flags.example.com', 'javascript:alert(1)', 'file:///etc/passwd', 'data:text/plain,x'])(
    'refuses %s',
    (origin) => {
      expect(() => featureFlagOrigin(origin)).toThrow(/http or https/);
    },
  );

  it('refuses a bulk fetch from such an origin', async () => {
    await expect(
      fetchBulkFeatureFlags({ tag: MERCHANT_PORTAL_FLAG_TAG, tenantId: 'bread', apiurl: 'ftp://x' }),
    ).rejects.toThrow(/http or https/);
    expect(bulkCalls).toEqual([]);
  });
});
