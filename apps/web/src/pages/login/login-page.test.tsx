import type { FakeUser } from '@portal/contracts/fake-auth';
import { HOME_PATH, PUBLIC_PATHS } from '@portal/contracts/routes';
import {
  fakeTokenEndpoint,
  fakeUsersEndpoint,
  tokenExchangeEndpoint,
} from '@portal/contracts/auth-endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { rememberOriginPath } from '../../lib/auth/origin-path';
import {
  createStubUserManager,
  json,
  portalToken,
  renderWithAuth,
  stubApi,
  TEST_CONFIG,
} from '../../lib/auth/test-utils';
import { getAdminToken, getToken, setToken } from '../../lib/storage/portal-storage';

const routes = [
  { path: PUBLIC_PATHS.login, lazy: () => import('./login-page') },
  { path: HOME_PATH, element: <h1>Transactions</h1> },
  { path: '/user-management', element: <h1>User management</h1> },
];

const MERCHANT = '11111111-1111-4111-8111-111111111111';
const claims = {
  scp: ['r:merchant.users'],
  cid: MERCHANT,
  tenantID: 'bread',
  sub: 'ada@example.test',
  uid: 'user-1',
  merchantID: MERCHANT,
};

const USERS: FakeUser[] = [
  {
    email: 'ada@northwind.test',
    name: 'Ada Admin',
    role: 'ADMIN',
    merchant: { id: MERCHANT, name: 'Northwind Outfitters' },
  },
  {
    email: 'ron@northwind.test',
    name: 'Ron Reader',
    role: 'READ_ONLY',
    merchant: { id: MERCHANT, name: 'Northwind Outfitters' },
  },
  { email: 'ines@provider.test', name: 'Ines Internal', role: 'INTERNAL_ADMIN', merchant: null },
];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('/login with the identity provider', () => {
  it('starts the redirect to the provider from its button', async () => {
    const userManager = createStubUserManager();
    const { user } = await renderWithAuth({ routes, path: '/login', userManager });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(
      screen.getByText('Welcome to the Bread Merchant Portal. Sign in to continue.'),
    ).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));

    expect(userManager.signinRedirect).toHaveBeenCalledTimes(1);
  });

  it('explains a failed sign-in, besides the alert', async () => {
    const userManager = createStubUserManager();
    const { session } = await renderWithAuth({ routes, path: '/login', userManager });
    await screen.findByRole('heading', { level: 1, name: 'Sign in' });

    // The provider's answer cannot be redeemed (no sign-in was started in this tab).
    await session.completeSignIn();

    const alerts = await screen.findAllByRole('alert');
    const texts = alerts.map((alert) => alert.textContent);
    expect(texts).toContain('Sign-in failedYour sign-in could not be completed. Sign in again.');
    expect(texts.some((text) => text.includes('authState error'))).toBe(true);
  });

  it('sends a signed-in user home', async () => {
    setToken(portalToken(claims));
    const { router } = await renderWithAuth({ routes, path: '/login', userManager: createStubUserManager() });

    expect(await screen.findByRole('heading', { name: 'Transactions' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(HOME_PATH);
  });
});

describe('/login with fake auth', () => {
  const config = { ...TEST_CONFIG, fakeAuth: true };

  it('lists the users and finds them by e-mail, name, role or merchant', async () => {
    stubApi({ [`GET ${fakeUsersEndpoint.path}`]: json(200, { data: USERS }) });
    const { user } = await renderWithAuth({ routes, path: '/login', config });

    const table = await screen.findByRole('table', { name: 'Users you can sign in as' });
    const rows = () => within(table).getAllByRole('row').slice(1);
    expect(
      rows().map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['ada@northwind.test', 'Ada Admin', 'Admin', 'Northwind Outfitters', 'Sign in'],
      ['ron@northwind.test', 'Ron Reader', 'Read only', 'Northwind Outfitters', 'Sign in'],
      ['ines@provider.test', 'Ines Internal', 'Internal admin', 'None (chooses one)', 'Sign in'],
    ]);
    expect(screen.getByText('3 users')).toBeInTheDocument();

    const search = screen.getByRole('searchbox', { name: 'Search users' });
    await user.type(search, 'read only');
    await waitFor(() => {
      expect(rows()).toHaveLength(1);
    });
    expect(rows()[0]?.textContent).toContain('ron@northwind.test');
    expect(screen.getByText('1 user')).toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'nobody');
    expect(await screen.findByText('No user matches “nobody”.')).toBeInTheDocument();
  });

  it('signs in as the chosen user and goes to the remembered page', async () => {
    const api = stubApi({
      [`GET ${fakeUsersEndpoint.path}`]: json(200, { data: USERS }),
      [`POST ${fakeTokenEndpoint.path}`]: json(200, { token: 'fake-provider-token' }),
      [`POST ${tokenExchangeEndpoint.path}`]: json(200, { token: portalToken(claims) }),
    });
    rememberOriginPath('/user-management');
    const { user, router } = await renderWithAuth({ routes, path: '/login', config });

    await user.click(await screen.findByRole('button', { name: 'Sign in as ada@northwind.test' }));

    expect(await screen.findByRole('heading', { name: 'User management' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user-management');
    expect(api.callsTo(`POST ${fakeTokenEndpoint.path}`).map((call) => call.body)).toEqual([
      { email: 'ada@northwind.test' },
    ]);
    expect(api.callsTo(`POST ${tokenExchangeEndpoint.path}`)[0]?.headers.get('Authorization')).toBe(
      'Bearer fake-provider-token',
    );
    expect(getAdminToken()).toBe('fake-provider-token');
    expect(getToken()).toBe(portalToken(claims));
  });

  it('stays on the page with the error when the exchange fails', async () => {
    stubApi({
      [`GET ${fakeUsersEndpoint.path}`]: json(200, { data: USERS }),
      [`POST ${fakeTokenEndpoint.path}`]: json(200, { token: 'fake-provider-token' }),
      [`POST ${tokenExchangeEndpoint.path}`]: json(403, {
        error: { code: 'FORBIDDEN', message: 'Disabled user' },
      }),
    });
    const { user, router } = await renderWithAuth({ routes, path: '/login', config });

    await user.click(await screen.findByRole('button', { name: 'Sign in as ron@northwind.test' }));

    const alerts = await screen.findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toContain(
      'Sign-in failedWe could not sign you in. Try again; if it keeps happening, contact the Merchant Success team.',
    );
    expect(router.state.location.pathname).toBe('/login');
    expect(getToken()).toBeNull();
    expect(screen.getByRole('button', { name: 'Sign in as ron@northwind.test' })).toBeInTheDocument();
  });
});
