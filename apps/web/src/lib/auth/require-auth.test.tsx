import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setToken } from '../storage/portal-storage';
import { readOriginPath } from './origin-path';
import { RequireAuth } from './require-auth';
import { portalToken, renderWithAuth } from './test-utils';

const routes = [
  { path: '/login', element: <h1>Login</h1> },
  {
    element: <RequireAuth />,
    children: [{ path: '/carts', element: <h1>Carts</h1> }],
  },
  {
    path: '/data-insights',
    element: (
      <RequireAuth>
        <h1>Data insights</h1>
      </RequireAuth>
    ),
  },
];

const claims = {
  scp: [],
  cid: '11111111-1111-4111-8111-111111111111',
  tenantID: 'bread',
  sub: 'ada@example.test',
  uid: 'user-1',
  merchantID: '11111111-1111-4111-8111-111111111111',
};

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  localStorage.clear();
});

describe('RequireAuth', () => {
  it('sends a signed-out user to /login, remembering the path with its query', async () => {
    const { router } = await renderWithAuth({ routes, path: '/carts?status=SENT&page=2' });

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
    expect(readOriginPath()).toBe('/carts?status=SENT&page=2');
    expect(screen.queryByRole('heading', { name: 'Carts' })).not.toBeInTheDocument();
  });

  it('renders the page for a signed-in user, as a layout route or around children', async () => {
    setToken(portalToken(claims));
    const { router } = await renderWithAuth({ routes, path: '/carts' });
    expect(await screen.findByRole('heading', { name: 'Carts' })).toBeInTheDocument();

    await router.navigate('/data-insights');
    expect(await screen.findByRole('heading', { name: 'Data insights' })).toBeInTheDocument();
    expect(readOriginPath()).toBeNull();
  });

  it('leaves for /login when the session ends on the page', async () => {
    setToken(portalToken(claims));
    const { router, session } = await renderWithAuth({ routes, path: '/data-insights?range=30d' });
    await screen.findByRole('heading', { name: 'Data insights' });

    session.handleUnauthorized();

    await waitFor(() => {
      expect(router.state.location.pathname).toBe('/login');
    });
    expect(readOriginPath()).toBe('/data-insights?range=30d');
    expect(screen.getByRole('status')).toHaveTextContent('Your session has ended.');
  });
});
