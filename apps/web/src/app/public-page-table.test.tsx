import type { QueryClient } from '@tanstack/react-query';
import { PUBLIC_PATHS } from '@portal/contracts/routes';
import { RouterContextProvider, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, stubApi } from '../lib/auth/test-utils';
import { configureHttpClient } from '../lib/http/http-client';
import { createQueryClient } from './query-client';
import { publicPageRoutes } from './public-page-table';

const DETAILS = 'GET /api/auth/interaction/abc123';

function signInLoader(queryClient?: QueryClient): RouteObject['loader'] {
  const route = publicPageRoutes(['signIn'], queryClient).children?.[0];
  return route?.loader;
}

function load(loader: RouteObject['loader'], url: string): unknown {
  if (typeof loader !== 'function') throw new Error('The route has no loader');
  return loader({
    params: { interactionId: 'abc123' },
    request: new Request(url),
    url: new URL(url),
    pattern: PUBLIC_PATHS.signIn,
    context: new RouterContextProvider(),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the public pages as routes', () => {
  it("asks for the sign-in's interaction as the route loads, without holding the route up", async () => {
    configureHttpClient({ apiurl: 'http://portal.test' });
    const api = stubApi({ [DETAILS]: json(200, { prompt: 'login' }) });
    const queryClient = createQueryClient();
    expect(load(signInLoader(queryClient), 'http://portal.test/login/abc123')).toBeNull();
    await vi.waitFor(() => {
      expect(queryClient.getQueryData(['auth', 'interaction', 'abc123'])).toEqual({ prompt: 'login' });
    });
    expect(api.calls.map((call) => `${call.method} ${call.path}`)).toEqual([DETAILS]);
  });

  it('asks nothing after an expired interaction, nor without a query client', async () => {
    const api = stubApi({ [DETAILS]: json(200, { prompt: 'login' }) });
    const queryClient = createQueryClient();
    load(signInLoader(queryClient), 'http://portal.test/login/abc123?error=expired');
    expect(signInLoader()).toBeUndefined();
    // A call would have left by the next task.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(api.calls).toEqual([]);
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });
});
