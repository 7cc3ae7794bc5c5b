import { PUBLIC_PATHS } from '@portal/contracts/routes';
import { tokenExchangeEndpoint } from '@portal/contracts/auth-endpoints';
import { screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberOriginPath } from '../../lib/auth/origin-path';
import { RequireAuth } from '../../lib/auth/require-auth';
import {
  createStubUserManager,
  json,
  portalToken,
  providerUser,
  renderWithAuth,
  stubApi,
} from '../../lib/auth/test-utils';

const MERCHANT = '11111111-1111-4111-8111-111111111111';
const token = portalToken({
  scp: [],
  cid: MERCHANT,
  tenantID: 'bread',
  sub: 's',
  uid: 'u',
  merchantID: MERCHANT,
});

const routes = [
  { path: PUBLIC_PATHS.login, element: <h1>Login</h1> },
  { path: PUBLIC_PATHS.implicitCallback, lazy: () => import('./implicit-callback-page') },
  { element: <RequireAuth />, children: [{ path: '/carts', element: <h1>Carts</h1> }] },
];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/implicit/callback', () => {
  it('shows a loading page, then lands signed in on the page the user came for', async () => {
    let answer: (value: { status: number; body?: unknown }) => void = () => undefined;
    const exchanged = new Promise<{ status: number; body?: unknown }>((resolve) => {
      answer = resolve;
    });
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const { status, body } = await exchanged;
        return new Response(JSON.stringify(body), { status });
      }),
    );
    rememberOriginPath('/carts?status=SENT');
    const userManager = createStubUserManager(providerUser('provider-access-token'));
    const { router } = await renderWithAuth({
      routes,
      path: '/implicit/callback?code=c&state=s',
      userManager,
    });

    expect(await screen.findByRole('heading', { name: 'Signing you in' })).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    answer(json(200, { token }));

    expect(await screen.findByRole('heading', { name: 'Carts' })).toBeInTheDocument();
    expect(router.state.location.pathname + router.state.location.search).toBe('/carts?status=SENT');
    expect(userManager.signinRedirectCallback).toHaveBeenCalledTimes(1);
  });

  it('goes to /login with the alert when the exchange fails', async () => {
    stubApi({
      [`POST ${tokenExchangeEndpoint.path}`]: json(500, { error: { code: 'INTERNAL', message: 'Boom' } }),
    });
    const userManager = createStubUserManager(providerUser('provider-access-token'));
    const { router } = await renderWithAuth({
      routes,
      path: '/implicit/callback?code=c&state=s',
      userManager,
    });

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(screen.getByRole('alert')).toHaveTextContent('Error was: Boom');
  });

  it('opened directly, says in one message that there is nothing to finish and offers to sign in', async () => {
    const api = stubApi({});
    const userManager = createStubUserManager();
    const { user } = await renderWithAuth({ routes, path: '/implicit/callback', userManager });

    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.getByText('There is no sign-in to finish here. Sign in to continue.')).toBeInTheDocument();
    expect(screen.queryByText('authState error')).not.toBeInTheDocument();
    expect(screen.queryByText('Your sign-in could not be completed. Sign in again.')).not.toBeInTheDocument();
    expect(userManager.signinRedirectCallback).not.toHaveBeenCalled();
    expect(api.calls).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(userManager.signinRedirect).toHaveBeenCalledTimes(1);
  });
});
