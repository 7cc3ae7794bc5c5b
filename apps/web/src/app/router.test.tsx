import { PAGES, SETTINGS_PAGES } from '@portal/contracts/routes';
import { screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { beforeEach, describe, expect, it } from 'vitest';
import { BREAD_CONFIG, RBC_CONFIG, renderApp } from '../test/render-app';
import { NORTHWIND, setUpTestApi } from '../test/test-api';

const api = setUpTestApi();

/** Provider staff at a merchant with every kind of program and every flag on: every page is theirs. */
function signInWithEverything() {
  api.signInAs({ role: 'INTERNAL_ADMIN', merchantId: NORTHWIND.id });
}

const navigation = () => screen.getByRole('navigation', { name: 'Main navigation' });
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('the router', () => {
  beforeEach(signInWithEverything);

  it('renders the shell and the page at a path', async () => {
    await renderApp('/data-insights');
    expect(await heading('Data insights')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Bread Merchant Portal');
    const current = within(navigation()).getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('Data insights');
    expect(document.title).toBe('Data insights – Bread Merchant Portal');
  });

  it('shows the transactions at the index', async () => {
    await renderApp('/');
    expect(await heading('Transactions')).toBeInTheDocument();
  });

  it('shows page-not-found with a link to the transactions for an unknown path', async () => {
    const { user, router } = await renderApp('/no/such/page');
    expect(await heading('Page not found')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Go to transactions' }));
    expect(await heading('Transactions')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/transactions');
  });

  it('navigates from the navigation and moves focus to the new page', async () => {
    const { user } = await renderApp('/transactions');
    await heading('Transactions');
    await user.click(within(navigation()).getByRole('link', { name: 'User management' }));
    expect(await heading('User management')).toBeInTheDocument();
    await waitFor(() => {
      expect(document.activeElement).toBe(screen.getByRole('main'));
    });
  });

  it('lists every main page and the account settings for bread, in order', async () => {
    await renderApp('/transactions', BREAD_CONFIG);
    await heading('Transactions');
    // The pages of programs join the navigation when the programs are known.
    await within(navigation()).findByRole('link', { name: 'Carts' });
    const links = within(navigation()).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Transactions',
      'Data insights',
      'Settlement report',
      'Targeting export',
      'Carts',
      'Locations',
      'User management',
      'Audit log',
      'Account settings',
      'Outbox',
    ]);
    expect(links.map((link) => link.getAttribute('href'))).toContain(PAGES.carts.path);
  });

  it('offers a skip link to the main content first', async () => {
    const { user } = await renderApp('/transactions');
    await heading('Transactions');
    await user.tab();
    const skip = screen.getByRole('link', { name: 'Skip to main content' });
    expect(document.activeElement).toBe(skip);
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('main'));
  });
});

describe('the rbc brand', () => {
  beforeEach(signInWithEverything);

  const hidden = [
    ['/settlement-report', 'Settlement report'],
    ['/targeting-export', 'Targeting export'],
    ['/carts', 'Carts'],
    ['/carts/create', 'Create cart'],
    ['/carts/cart-1', 'Cart'],
    ['/locations', 'Locations'],
  ] as const;

  it('leaves the settlement report, targeting export, carts and locations out of the navigation', async () => {
    await renderApp('/transactions', RBC_CONFIG);
    await heading('Transactions');
    const names = within(navigation())
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Transactions',
      'Data insights',
      'User management',
      'Audit log',
      'Account settings',
      'Outbox',
    ]);
  });

  it.each(hidden)('shows page-not-found at %s', async (path, title) => {
    await renderApp(path, RBC_CONFIG);
    expect(await heading('Page not found')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: title })).not.toBeInTheDocument();
  });

  it.each(hidden)('shows the page at %s for bread', async (path, title) => {
    await renderApp(path, BREAD_CONFIG);
    expect(await heading(title)).toBeInTheDocument();
  });

  it('switches the visible texts to Canadian French and back', async () => {
    const { user } = await renderApp('/data-insights', RBC_CONFIG);
    expect(await heading('Data insights')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');

    await user.click(screen.getByRole('button', { name: 'Français' }));
    expect(await heading('Analyse des données')).toBeInTheDocument();
    expect(screen.getByRole('banner')).toHaveTextContent('Portail marchand RBC');
    expect(screen.getByRole('navigation', { name: 'Navigation principale' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent('Période');
    expect(document.documentElement.lang).toBe('fr-CA');
    expect(dayjs.locale()).toBe('fr-ca');
    expect(document.title).toBe('Analyse des données – Portail marchand RBC');

    await user.click(screen.getByRole('button', { name: 'English' }));
    expect(await heading('Data insights')).toBeInTheDocument();
    expect(dayjs.locale()).toBe('en');
  });

  it('remembers the chosen language for the next visit', async () => {
    const first = await renderApp('/transactions', RBC_CONFIG);
    await heading('Transactions');
    await first.user.click(screen.getByRole('button', { name: 'Français' }));
    await heading('Transactions');
    first.unmount();

    await renderApp('/data-insights', RBC_CONFIG);
    expect(await heading('Analyse des données')).toBeInTheDocument();
  });

  it('offers no language choice to bread', async () => {
    await renderApp('/transactions', BREAD_CONFIG);
    await heading('Transactions');
    expect(screen.queryByRole('button', { name: 'Français' })).not.toBeInTheDocument();
  });
});

describe('the account settings', () => {
  beforeEach(signInWithEverything);

  const settingsNavigation = () => screen.getByRole('navigation', { name: 'Account settings' });

  it('shows the general settings at /account-settings inside the settings shell', async () => {
    await renderApp('/account-settings');
    expect(await heading('General settings')).toBeInTheDocument();
    const current = within(settingsNavigation()).getByRole('link', { current: 'page' });
    expect(current.textContent).toBe('General settings');
    expect(within(navigation()).getByRole('link', { current: 'page' }).textContent).toBe('Account settings');
  });

  it('lists every settings page in the settings shell', async () => {
    const { user } = await renderApp('/general-settings');
    await heading('General settings');
    await within(settingsNavigation()).findByRole('link', { name: 'Merchant ID validation' });
    const links = within(settingsNavigation()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(
      SETTINGS_PAGES.map((page) => PAGES[page].path),
    );
    await user.click(within(settingsNavigation()).getByRole('link', { name: 'Bank information' }));
    expect(await heading('Bank information')).toBeInTheDocument();
  });
});

describe('the public pages', () => {
  it.each([
    ['/login', 'Sign in'],
    ['/activate/abc', 'Create password'],
    ['/password/reset/abc', 'Reset password'],
  ])('renders %s without the navigation', async (path, title) => {
    await renderApp(path);
    expect(await heading(title)).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Main navigation' })).not.toBeInTheDocument();
  });

  it('shows a loading page at /implicit/callback while the answer of the identity provider is redeemed', async () => {
    await renderApp('/implicit/callback?code=abc&state=xyz');
    expect(await heading('Signing you in')).toBeInTheDocument();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
  });

  it('shows one message and a way to sign in at /implicit/callback opened directly', async () => {
    await renderApp('/implicit/callback');
    expect(await heading('Sign in')).toBeInTheDocument();
    expect(screen.getByText('There is no sign-in to finish here. Sign in to continue.')).toBeInTheDocument();
    expect(screen.queryByText('authState error')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('sends /logout/callback on to /login', async () => {
    const { router } = await renderApp('/logout/callback');
    expect(await heading('Sign in')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });
});
